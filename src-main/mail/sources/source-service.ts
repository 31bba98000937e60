import { randomBytes } from 'node:crypto';
import type { ConnectionOptions } from 'node:tls';
import type {
  Source,
  SourceAuthorize,
  SourceTestResult,
} from '../../../src-shared/mail/sources.ts';
import { settingsInvalid } from '../../core/app-error.ts';
import type { Clock } from '../../core/clock.ts';
import type { Logger } from '../../core/logger.ts';
import type { LeaseService } from '../access/lease-service.ts';
import { ImapSourceRunner } from './imap-runner.ts';
import type { ImapTiming } from './imap-options.ts';
import {
  completeOAuth,
  parseStoredOAuth,
  releaseClients,
  type ReleaseClient,
} from './oauth/oauth-config.ts';
import { OAuthSources } from './oauth/oauth-sources.ts';
import type { SignInDeps } from './oauth/sign-ins.ts';
import { routeRecipients } from './recipient-routing.ts';
import { openSecret, SecretUnreadable, type SecretBox } from './secret-box.ts';
import { passwordAuth, type ImapCredential, type SourceAuth } from './source-auth.ts';
import { parseSourceCreate, sourceNotFound } from './source-input.ts';
import type { SourceIngest } from './source-ingest.ts';
import { planPatch } from './source-patch.ts';
import { failedTest, probeSource } from './source-probe.ts';
import type { SourceRecord, SourceStore } from './source-store.ts';
import { signedOut, sourceView, type SourceStatus } from './source-view.ts';

export interface SourceServiceDeps {
  store: SourceStore;
  /** Where a fetched message goes next (committed, then parsed like SMTP mail). */
  ingest: SourceIngest;
  /** Which of a message's recipients have a lease receiving mail (recipient-routing.ts). */
  leases: Pick<LeaseService, 'receivingMailbox'>;
  box: SecretBox;
  clock: Clock;
  logger: Logger;
  timing: ImapTiming;
  /** Extra TLS settings for every source (extra trusted CAs). */
  tls?: ConnectionOptions;
  /** OAuth sign-in: waits and timeouts (tests), and the build's client ids (release config). */
  oauth?: Omit<SignInDeps, 'clock'> & {
    clients?: Partial<Record<string, ReleaseClient>>;
    /** How long a delete waits for the provider's revocation (oauth/revoke.ts). */
    revokeTimeoutMs?: number;
  };
}

export const NOT_SIGNED_IN = 'not signed in yet: sign in to let Ephemera read this mailbox';

/**
 * The use cases behind /api/sources and the window's IPC: add, change, remove and test a
 * source, and one running ImapSourceRunner per source that is not stopped.
 */
export class SourceService {
  private readonly runners = new Map<string, ImapSourceRunner>();
  private readonly status = new Map<string, SourceStatus>();
  private readonly oauth: OAuthSources;
  private started = false;

  constructor(private readonly deps: SourceServiceDeps) {
    this.oauth = new OAuthSources({
      ...deps,
      signIn: deps.oauth,
      revokeTimeoutMs: deps.oauth?.revokeTimeoutMs,
      setStatus: (id, status) => this.status.set(id, status),
      restart: (id) => this.restart(id),
      halt: (id) => this.halt(id),
    });
  }

  /** Starts every source, except those a lasting failure stopped. */
  start(): void {
    this.started = true;
    for (const record of this.deps.store.list()) this.run(record);
  }

  async stop(): Promise<void> {
    this.started = false;
    this.oauth.cancelAll();
    const runners = [...this.runners.values()];
    this.runners.clear();
    await Promise.all(runners.map((r) => r.stop()));
  }

  list(): Source[] {
    return this.deps.store.list().map((r) => this.view(r));
  }

  get(id: string): Source {
    return this.view(this.require(id));
  }

  create(body: unknown): Source {
    const input = parseSourceCreate(body);
    const oauth = input.oauth
      ? completeOAuth(input.oauth, this.deps.oauth?.clients ?? releaseClients())
      : null;
    const record: SourceRecord = {
      id: `src_${randomBytes(8).toString('hex')}`,
      kind: 'imap',
      host: input.host,
      port: input.port,
      tls: input.tls,
      username: input.username,
      // An OAuth source has no refresh token until its first sign-in.
      secret: oauth ? Buffer.alloc(0) : this.deps.box.seal(input.password ?? ''),
      secretFormat: this.deps.box.format,
      mailbox: input.mailbox,
      afterIngest: input.after_ingest,
      sinceMs: input.since_hours * 3_600_000,
      uidValidity: null,
      lastUid: 0,
      stoppedError: null,
      lastMailAt: null,
      taken: 0,
      createdAt: this.deps.clock.now(),
      oauth: oauth && JSON.stringify(oauth),
    };
    this.deps.store.insert(record);
    this.run(record);
    return this.view(record);
  }

  async update(id: string, body: unknown): Promise<Source> {
    const plan = planPatch(
      this.require(id),
      body,
      this.deps.box,
      this.deps.oauth?.clients ?? releaseClients(),
    );
    if (plan.forget) this.oauth.cancel(id);
    await this.halt(id);
    // Read after the halt: a refresh may have rotated the token until then.
    const current = this.require(id);
    this.deps.store.updateSettings(id, plan.settings(current), plan.moved);
    if (plan.forget) await this.oauth.revoke(current);
    const record = this.require(id);
    this.status.delete(id);
    this.run(record);
    return this.view(record);
  }

  /**
   * Starts an OAuth sign-in for the source (cancelling one under way): the source reads
   * `authorizing` until the provider answers, then connects with the new tokens.
   */
  async authorize(id: string): Promise<SourceAuthorize> {
    const config = parseStoredOAuth(this.require(id).oauth);
    if (!config) {
      throw settingsInvalid(
        'source_not_oauth',
        'This source signs in with a password: there is nothing to authorize.',
      );
    }
    const answer = await this.oauth.begin(id, config);
    await this.halt(id);
    this.status.set(id, { state: 'authorizing', error: null });
    return answer;
  }

  /**
   * Ends a sign-in under way (nothing under way: nothing to do). The provider is asked no more,
   * and the source goes back to what it was: running on its tokens, or waiting for a sign-in.
   */
  async cancelAuthorize(id: string): Promise<void> {
    this.require(id);
    if (!this.oauth.authorizing(id)) return;
    this.oauth.cancel(id);
    this.status.delete(id);
    await this.restart(id);
  }

  /** The source is forgotten, then its refresh token revoked at the provider (best effort). */
  async delete(id: string): Promise<void> {
    this.require(id);
    this.oauth.cancel(id);
    await this.halt(id);
    const record = this.deps.store.get(id);
    if (!record) return;
    this.deps.store.delete(id);
    this.status.delete(id);
    await this.oauth.revoke(record);
  }

  /** Connect, log in, open the mailbox, and say what happened (the source keeps running). */
  async test(id: string): Promise<SourceTestResult> {
    const record = this.require(id);
    if (signedOut(record)) return failedTest('login', NOT_SIGNED_IN);
    let credential: ImapCredential;
    // A running OAuth source lends its tokens; a stopped one refreshes once for the test.
    const borrowed = this.runners.get(id)?.auth;
    let auth: SourceAuth | undefined;
    try {
      auth = borrowed ?? this.auth(record);
      credential = await auth.credential(false);
    } catch (err) {
      return failedTest('login', (err as Error).message);
    } finally {
      if (!borrowed) auth?.stop();
    }
    return probeSource(record, credential, this.deps.timing, this.deps.tls);
  }

  private run(record: SourceRecord): void {
    if (!this.started) return;
    if (record.stoppedError) {
      this.status.set(record.id, { state: 'error', error: record.stoppedError });
      return;
    }
    if (signedOut(record)) {
      this.status.set(record.id, { state: 'error', error: NOT_SIGNED_IN });
      return;
    }
    let auth: SourceAuth;
    try {
      auth = this.auth(record);
    } catch (err) {
      if (!(err instanceof SecretUnreadable)) throw err;
      this.status.set(record.id, { state: 'error', error: err.message });
      return;
    }
    const id = record.id;
    const runner = new ImapSourceRunner({
      record: () => this.deps.store.get(id),
      auth,
      ingest: this.deps.ingest,
      route: (fields) =>
        routeRecipients(fields, (email) => this.deps.leases.receivingMailbox(email)),
      onState: (state, error) => this.status.set(id, { state, error }),
      onStopped: (error) => this.deps.store.setStopped(id, error),
      logger: this.deps.logger,
      clock: this.deps.clock,
      timing: this.deps.timing,
      tls: this.deps.tls,
    });
    this.status.set(id, { state: 'connecting', error: null });
    this.runners.set(id, runner);
    runner.start();
  }

  /** The password, or an OAuth session over the stored refresh token. */
  private auth(record: SourceRecord): SourceAuth {
    const secret = openSecret(this.deps.box, record.secret, record.secretFormat);
    const config = parseStoredOAuth(record.oauth);
    if (!config) return passwordAuth(secret);
    return this.oauth.session(record, config, secret);
  }

  private async restart(id: string): Promise<void> {
    await this.halt(id);
    const record = this.deps.store.get(id);
    if (record) this.run(record);
  }

  private async halt(id: string): Promise<void> {
    const runner = this.runners.get(id);
    this.runners.delete(id);
    await runner?.stop();
  }

  private require(id: string): SourceRecord {
    const record = this.deps.store.get(id);
    if (!record) throw sourceNotFound(id);
    return record;
  }

  private view(record: SourceRecord): Source {
    const status = this.oauth.authorizing(record.id)
      ? { state: 'authorizing' as const, error: null }
      : this.status.get(record.id);
    return sourceView(record, status);
  }
}
