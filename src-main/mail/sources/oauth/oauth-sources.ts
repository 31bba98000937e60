import type { SourceAuthorize } from '../../../../src-shared/mail/sources.ts';
import type { Clock } from '../../../core/clock.ts';
import type { Logger } from '../../../core/logger.ts';
import { openSecret, SecretUnreadable, type SecretBox } from '../secret-box.ts';
import type { SourceRecord, SourceStore } from '../source-store.ts';
import { signedOut, type SourceStatus } from '../source-view.ts';
import { parseStoredOAuth, type OAuthConfig } from './oauth-config.ts';
import { OAuthError, type TokenSet } from './oauth-http.ts';
import { OAuthSession } from './oauth-session.ts';
import { revokeRefreshToken } from './revoke.ts';
import { signInFailure } from './sign-in.ts';
import { SignIns, type SignInDeps } from './sign-ins.ts';

export interface OAuthSourcesDeps {
  store: SourceStore;
  box: SecretBox;
  clock: Clock;
  logger: Logger;
  signIn?: Omit<SignInDeps, 'clock'>;
  /** How long a revocation may take (oauth/revoke.ts). */
  revokeTimeoutMs?: number;
  /** What the source service does when a sign-in ends or a grant is lost. */
  setStatus(id: string, status: SourceStatus): void;
  restart(id: string): Promise<void>;
  halt(id: string): Promise<void>;
}

/**
 * The OAuth side of the sources: sign-ins under way, what they leave in the store, and the
 * token keeper (OAuthSession) each running OAuth source logs in with.
 */
export class OAuthSources {
  /** Tokens a sign-in just gave, for the source's first connection. */
  private readonly fresh = new Map<string, TokenSet>();
  private readonly signIns: SignIns;

  constructor(private readonly deps: OAuthSourcesDeps) {
    this.signIns = new SignIns(
      { clock: deps.clock, ...deps.signIn },
      {
        finished: (id, tokens, config) => this.signedIn(id, tokens, config),
        failed: (id, err) => this.signInFailed(id, err),
        unwanted: (id, tokens, config) => void this.unwanted(id, tokens, config),
      },
    );
  }

  authorizing(id: string): boolean {
    return this.signIns.has(id);
  }

  /**
   * Starts a sign-in. Headless, the log says where to go: the browser URL in full (it must be
   * opened on this computer and holds no secret: the verifier never leaves the process), the
   * device page without its code (the code is in the answer).
   */
  async begin(id: string, config: OAuthConfig): Promise<SourceAuthorize> {
    const answer = await this.signIns.begin(id, config);
    this.deps.logger.info(
      answer.flow === 'loopback'
        ? `source ${id}: sign in by opening ${answer.url}`
        : `source ${id}: sign in at ${answer.verification_uri} with the code shown`,
    );
    return answer;
  }

  cancel(id: string): void {
    this.signIns.cancel(id);
  }

  cancelAll(): void {
    this.signIns.cancelAll();
  }

  /**
   * The source forgets its sign-in (deleted, or described anew): the provider is asked to
   * revoke the refresh token it had, if any, within a short bound.
   */
  async revoke(record: SourceRecord): Promise<void> {
    const config = parseStoredOAuth(record.oauth);
    if (!config || signedOut(record)) return;
    let token: string;
    try {
      token = openSecret(this.deps.box, record.secret, record.secretFormat);
    } catch (err) {
      if (!(err instanceof SecretUnreadable)) throw err;
      return;
    }
    await revokeRefreshToken(record.id, config, token, this.deps.logger, this.deps.revokeTimeoutMs);
  }

  /** The token keeper of a signed-in source, over its (opened) refresh token. */
  session(record: SourceRecord, config: OAuthConfig, refreshToken: string): OAuthSession {
    const id = record.id;
    const initial = this.fresh.get(id);
    this.fresh.delete(id);
    const box = this.deps.box;
    return new OAuthSession({
      id,
      config,
      refreshToken,
      initial,
      saveRefreshToken: (token) => this.deps.store.setSecret(id, box.seal(token), box.format),
      lost: (reason) => this.lost(id, reason),
      clock: this.deps.clock,
      logger: this.deps.logger,
    });
  }

  private signedIn(id: string, tokens: TokenSet, config: OAuthConfig): Promise<void> {
    if (tokens.refreshToken === null) {
      const err = new OAuthError(
        'no_refresh_token',
        'the provider gave no refresh token (offline access was not granted)',
      );
      this.signInFailed(id, err);
      return Promise.resolve();
    }
    // Deleted while the provider answered: nobody will use these tokens.
    if (!this.deps.store.get(id)) return this.unwanted(id, tokens, config);
    const box = this.deps.box;
    this.deps.store.setSignIn(id, box.seal(tokens.refreshToken), box.format, null);
    this.deps.logger.info(`source ${id}: signed in`);
    this.fresh.set(id, tokens);
    return this.deps.restart(id);
  }

  /** A grant nobody will use is revoked at once (a cancel or delete raced the provider). */
  private async unwanted(id: string, tokens: TokenSet, config: OAuthConfig): Promise<void> {
    this.deps.logger.info(`source ${id}: a sign-in finished after it was cancelled`);
    await revokeRefreshToken(
      id,
      config,
      tokens.refreshToken ?? '',
      this.deps.logger,
      this.deps.revokeTimeoutMs,
    );
  }

  private signInFailed(id: string, err: unknown): void {
    const record = this.deps.store.get(id);
    if (!record) return;
    const reason = signInFailure(err);
    this.deps.logger.warn(`source ${id}: ${reason}`);
    // A sign-in that was already there (a second one was tried) keeps working.
    if (!signedOut(record)) {
      void this.deps.restart(id);
      return;
    }
    this.deps.setStatus(id, { state: 'error', error: reason });
  }

  /** The grant is gone: the token is dropped and the reason kept (a restart does not retry). */
  private lost(id: string, reason: string): void {
    this.deps.store.setSignIn(id, Buffer.alloc(0), this.deps.box.format, reason);
    this.deps.setStatus(id, { state: 'error', error: reason });
    void this.deps.halt(id);
  }
}
