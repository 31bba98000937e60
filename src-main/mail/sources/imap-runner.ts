import type { ConnectionOptions } from 'node:tls';
import type { ImapFlow } from 'imapflow';
import { loadImapFlow } from './imap-client.ts';
import type { SourceState } from '../../../src-shared/mail/sources.ts';
import type { Clock } from '../../core/clock.ts';
import type { Logger } from '../../core/logger.ts';
import type { HeaderField } from '../store/message-headers.ts';
import { describeFailure, MailboxMissing, type SourceFailure } from './imap-errors.ts';
import { imapOptions, type ImapTiming } from './imap-options.ts';
import { MailTaker } from './mail-taker.ts';
import type { SourceAuth } from './source-auth.ts';
import type { SourceIngest } from './source-ingest.ts';
import type { SourceRecord } from './source-store.ts';

export interface RunnerDeps {
  /** The source as stored now (its cursor moves as mail is taken). */
  record(): SourceRecord | null;
  /** The password, or an OAuth source's tokens. */
  auth: SourceAuth;
  ingest: SourceIngest;
  /** The leases a message's headers route it to (recipient-routing.ts). */
  route(fields: readonly HeaderField[]): string[];
  /** Told of every state change; `error` carries the words. */
  onState(state: SourceState, error: string | null): void;
  /** A lasting failure stopped the source (stored, so a restart does not retry it). */
  onStopped(error: string): void;
  logger: Logger;
  clock: Clock;
  timing: ImapTiming;
  /** Extra TLS settings (extra trusted CAs); verification is never turned off. */
  tls?: ConnectionOptions;
}

/**
 * One source's connection: connect, log in, open the mailbox, take what arrived after the
 * cursor, then wait in IDLE (or poll where the server has none) and take each new message.
 * A network failure reconnects after a growing pause; a lasting one (password, certificate,
 * mailbox) stops the runner and says why.
 */
export class ImapSourceRunner {
  private stopped = false;
  private client: ImapFlow | null = null;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** The first error imapflow reported on the session's connection. */
  private clientError: Error | null = null;
  /** The server refused the last login: the next asks for a renewed credential (once). */
  private renew = false;
  private readonly taker: MailTaker;

  constructor(private readonly deps: RunnerDeps) {
    this.taker = new MailTaker({ ...deps, stopped: () => this.stopped });
  }

  /** How this source logs in (a test of the source borrows its OAuth tokens). */
  get auth(): SourceAuth {
    return this.deps.auth;
  }

  start(): void {
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.deps.auth.stop();
    this.wake?.();
    const client = this.client;
    if (client) client.close();
    await this.loop;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      this.deps.onState('connecting', null);
      let failure: SourceFailure;
      let openedAt: number | null = null;
      try {
        this.taker.newSession();
        this.clientError = null;
        await this.session((at) => (openedAt = at));
        if (this.stopped) return;
        // What imapflow reported (a timeout, a response too large) or the fetch that failed
        // and closed the connection says more than the close.
        const cause = this.clientError ?? this.taker.fetchFailure;
        failure = cause ? describeFailure(cause) : { text: 'connection lost', lasting: false };
      } catch (err) {
        if (this.stopped) return;
        failure = describeFailure(err);
      }
      if (failure.authRefused && this.deps.auth.renewable) {
        // An access token the server no longer takes: once more with a new one, at once.
        if (!this.renew) {
          this.renew = true;
          continue;
        }
        failure = {
          text: 'authentication failed: the server refused a freshly renewed access token (is IMAP access allowed for this account?)',
          lasting: true,
        };
      }
      if (failure.lasting) {
        this.deps.auth.stop();
        this.deps.logger.warn(`source ${this.id()} stopped: ${failure.text}`);
        this.deps.onStopped(failure.text);
        this.deps.onState('error', failure.text);
        return;
      }
      // Only a connection that stayed up a while starts the backoff over: one that fails right
      // after the mailbox opens keeps backing off, like one that cannot connect.
      if (openedAt !== null && this.deps.clock.now() - openedAt >= this.deps.timing.healthyMs) {
        failures = 0;
      }
      const backoff = this.deps.timing.backoffMs;
      const pause = backoff[Math.min(failures, backoff.length - 1)] ?? 60_000;
      failures++;
      this.deps.onState('error', failure.text);
      this.deps.logger.warn(`source ${this.id()}: ${failure.text}; again in ${pause} ms`);
      await this.pause(pause);
    }
  }

  /** One connection, until it closes; `opened` hears when the mailbox opened. */
  private async session(opened: (at: number) => void): Promise<void> {
    const record = this.deps.record();
    if (!record) return;
    const credential = await this.deps.auth.credential(this.renew);
    if (this.stopped) return;
    const Client = await loadImapFlow();
    const client = new Client(imapOptions(record, credential, this.deps.timing, this.deps.tls));
    this.client = client;
    this.taker.newConnection();
    // imapflow reports socket errors here too; the 'close' that follows ends the session.
    client.on('error', (err: Error) => {
      this.taker.noteError(err);
      this.clientError ??= err;
      this.deps.logger.warn(`source ${record.id}: ${err.message}`);
    });
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    try {
      await client.connect();
      this.renew = false;
      if (this.stopped) return;
      try {
        await client.mailboxOpen(record.mailbox);
      } catch (err) {
        if (client.usable) throw new MailboxMissing(record.mailbox);
        throw err;
      }
      opened(this.deps.clock.now());
      client.on('exists', () => this.taker.kick(client));
      const poll = setInterval(() => this.taker.kick(client), this.deps.timing.pollMs);
      poll.unref();
      try {
        this.taker.kick(client);
        await this.taker.round;
        if (client.usable) this.deps.onState('idle', this.taker.refusal);
        await closed;
      } finally {
        clearInterval(poll);
      }
    } finally {
      this.client = null;
      client.close();
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
    });
  }

  private id(): string {
    return this.deps.record()?.id ?? '?';
  }
}
