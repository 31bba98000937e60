import type { Clock } from '../../../core/clock.ts';
import type { Logger } from '../../../core/logger.ts';
import { FailureInWords } from '../imap-errors.ts';
import type { ImapCredential, SourceAuth } from '../source-auth.ts';
import type { OAuthConfig } from './oauth-config.ts';
import { OAuthError, requestTokens, type TokenSet } from './oauth-http.ts';
import { signInFailure } from './sign-in.ts';

export interface OAuthSessionDeps {
  id: string;
  config: OAuthConfig;
  refreshToken: string;
  /** The tokens the sign-in just gave, so the first connection needs no refresh. */
  initial?: TokenSet;
  /** Seals and stores a rotated refresh token; throws if it could not be stored. */
  saveRefreshToken(token: string): void;
  /** The grant is gone (revoked, expired): the source stops and asks for a new sign-in. */
  lost(reason: string): void;
  clock: Clock;
  logger: Logger;
}

/** A transient refresh failure is tried again this long after, while the source runs. */
const RETRY_MS = 60_000;

/**
 * One OAuth source's tokens: hands out an access token that is not about to expire, renews it
 * ahead of its expiry (also while the connection is up, so the grant stays in use) and on
 * demand after a refused login. A rotated refresh token is stored before the old one is
 * dropped: a crash in between leaves the newer one on disk, or the older one the provider
 * still takes for the request it never answered.
 */
export class OAuthSession implements SourceAuth {
  readonly renewable = true;
  private refreshToken: string;
  private access: (TokenSet & { obtainedAt: number }) | null = null;
  private refreshing: Promise<TokenSet> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly deps: OAuthSessionDeps) {
    this.refreshToken = deps.refreshToken;
    if (deps.initial) this.keep(deps.initial);
  }

  async credential(renew: boolean): Promise<ImapCredential> {
    const access = this.access;
    if (!renew && access && access.expiresAt - this.deps.clock.now() > margin(access)) {
      return { accessToken: access.accessToken };
    }
    return { accessToken: (await this.refresh()).accessToken };
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** One refresh at a time: a timer and a reconnect at once share the answer. */
  refresh(): Promise<TokenSet> {
    this.refreshing ??= this.renew().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async renew(): Promise<TokenSet> {
    let tokens: TokenSet;
    try {
      tokens = await requestTokens(
        this.deps.config,
        {
          grant_type: 'refresh_token',
          refresh_token: this.refreshToken,
          scope: this.deps.config.scopes.join(' '),
        },
        this.deps.clock,
      );
    } catch (err) {
      if (err instanceof OAuthError && err.grantLost) {
        const reason = signInFailure(err);
        this.stop();
        this.deps.lost(reason);
        throw new FailureInWords(reason, true);
      }
      throw new FailureInWords(
        `the access token could not be renewed: ${signInFailure(err)}`,
        false,
      );
    }
    if (tokens.refreshToken !== null && tokens.refreshToken !== this.refreshToken) {
      // Stored first: if this throws, the old token stays in memory and on disk alike.
      this.deps.saveRefreshToken(tokens.refreshToken);
      this.refreshToken = tokens.refreshToken;
    }
    this.keep(tokens);
    return tokens;
  }

  private keep(tokens: TokenSet): void {
    this.access = { ...tokens, obtainedAt: this.deps.clock.now() };
    this.schedule(tokens.expiresAt - margin(this.access) - this.deps.clock.now());
  }

  private schedule(inMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.refresh().catch((err: unknown) => {
          if (this.stopped) return;
          this.deps.logger.warn(`source ${this.deps.id}: ${(err as Error).message}`);
          this.schedule(RETRY_MS);
        });
      },
      Math.max(inMs, 500),
    );
    this.timer.unref();
  }
}

/** Renewed this long before expiry: a minute, or half the lifetime of a short-lived token. */
function margin(t: { expiresAt: number; obtainedAt: number }): number {
  return Math.min(60_000, (t.expiresAt - t.obtainedAt) / 2);
}
