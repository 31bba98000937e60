import type { ConnectionOptions } from 'node:tls';
import type { ImapFlow } from 'imapflow';
import { loadImapFlow } from './imap-client.ts';
import { MAIL_LIMITS } from '../../../src-shared/mail/limits.ts';
import type { SourceState } from '../../../src-shared/mail/sources.ts';
import type { Clock } from '../../core/clock.ts';
import type { Logger } from '../../core/logger.ts';
import type { HeaderField } from '../store/message-headers.ts';
import { withDeadline } from './imap-deadline.ts';
import { describeFailure, MailboxMissing, type SourceFailure } from './imap-errors.ts';
import {
  fetchBody,
  nextUids,
  overLimit,
  routeHeaders,
  type Guard,
  type Routed,
} from './imap-fetch.ts';
import { IMAP_LIMITS, isTooLarge } from './imap-limits.ts';
import { startingUid } from './imap-start.ts';
import { imapOptions, type ImapTiming } from './imap-options.ts';
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
  private draining: Promise<void> | null = null;
  private again = false;
  /** The connection's response-size failure, if any (imapflow's LiteralTooLarge, ...). */
  private tooLarge: Error | null = null;
  /** The cursor at which a header page was too large for the connection. */
  private tooLargeAt: number | null = null;
  /** The first error imapflow reported on the session's connection. */
  private clientError: Error | null = null;
  /** Why the session's last fetch failed (it closed the connection). */
  private fetchFailure: unknown = null;
  /** The last message refused, in words: shown as the source's last error. */
  private refusal: string | null = null;
  /** The server refused the last login: the next asks for a renewed credential (once). */
  private renew = false;

  constructor(private readonly deps: RunnerDeps) {}

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
        this.fetchFailure = null;
        this.clientError = null;
        await this.session((at) => (openedAt = at));
        if (this.stopped) return;
        // What imapflow reported (a timeout, a response too large) or the fetch that failed
        // and closed the connection says more than the close.
        const cause = this.clientError ?? this.fetchFailure;
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
    this.tooLarge = null;
    // imapflow reports socket errors here too; the 'close' that follows ends the session.
    client.on('error', (err: Error) => {
      if (isTooLarge(err)) this.tooLarge = err;
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
      client.on('exists', () => this.kick(client));
      const poll = setInterval(() => this.kick(client), this.deps.timing.pollMs);
      poll.unref();
      try {
        this.kick(client);
        await this.draining;
        if (client.usable) this.deps.onState('idle', this.refusal);
        await closed;
      } finally {
        clearInterval(poll);
      }
    } finally {
      this.client = null;
      client.close();
    }
  }

  /** Takes new mail now, or right after the round in progress. */
  private kick(client: ImapFlow): void {
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = (async () => {
      do {
        this.again = false;
        try {
          await this.drain(client);
        } catch (err) {
          if (!this.stopped) {
            this.deps.logger.warn(`source ${this.id()}: fetch failed: ${(err as Error).message}`);
          }
          this.fetchFailure = err;
          // The connection is broken (its 'close' ends the session) or will be closed.
          client.close();
          return;
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.draining = null;
    });
  }

  /** Every message after the cursor, in UID order, each taken or skipped before the next. */
  private async drain(client: ImapFlow): Promise<void> {
    const guard: Guard = (work, command) =>
      withDeadline(work, this.deps.timing.commandMs, command, () => client.close());
    for (let round = 0; round < 10_000 && !this.stopped; round++) {
      const record = this.deps.record();
      const mailbox = client.mailbox;
      if (!record || !mailbox) return;
      const uidValidity = String(mailbox.uidValidity);
      if (record.uidValidity !== uidValidity) {
        await this.startAtEnd(client, record, uidValidity, guard);
        continue;
      }
      const from = record.lastUid + 1;
      // Headers too large for the connection at this cursor last time: one message at a time,
      // so the one to blame is known (and refused) if it happens again.
      const narrow = this.tooLargeAt === from;
      const uids = await nextUids(client, from, narrow ? 1 : IMAP_LIMITS.headerBatch, guard);
      if (uids.length === 0) return;
      let page: Routed[];
      try {
        page = await routeHeaders(client, uids, (fields) => this.deps.route(fields), guard);
      } catch (err) {
        const tooLarge = this.tooLarge ?? (isTooLarge(err) ? err : null);
        if (tooLarge && narrow) this.refuse(record, uidValidity, uids[0] ?? from, tooLarge);
        else if (tooLarge) this.tooLargeAt = from;
        throw err;
      }
      if (page.length === 0) return;
      for (const message of page) {
        if (this.stopped) return;
        await this.takeOne(client, record, uidValidity, message, guard);
      }
    }
  }

  private async takeOne(
    client: ImapFlow,
    record: SourceRecord,
    uidValidity: string,
    message: Routed,
    guard: Guard,
  ): Promise<void> {
    const claimedTooBig = message.claimedSize > MAIL_LIMITS.maxMessageBytes;
    if (message.leases.length === 0 || claimedTooBig) {
      // Left exactly as it is on the server: no flag set, nothing moved.
      if (claimedTooBig && message.leases.length > 0) {
        this.refuse(record, uidValidity, message.uid, overLimit(message.uid));
      } else {
        this.deps.ingest.skip(record.id, uidValidity, message.uid);
      }
      return;
    }
    let body;
    try {
      body = await fetchBody(client, message.uid, guard);
    } catch (err) {
      // The server sent more than was asked for: the connection is closed unread, and this
      // message is refused so the next connection does not fetch it again.
      const tooLarge = this.tooLarge ?? (isTooLarge(err) ? err : null);
      if (tooLarge) this.refuse(record, uidValidity, message.uid, overLimit(message.uid));
      throw err;
    }
    if ('gone' in body) {
      this.deps.ingest.skip(record.id, uidValidity, message.uid);
      return;
    }
    if ('refused' in body) {
      this.refuse(record, uidValidity, message.uid, body.refused);
      return;
    }
    this.deps.ingest.take(record.id, uidValidity, message.uid, body.raw, message.leases);
    this.deps.onState('idle', this.refusal);
    if (record.afterIngest === 'seen') {
      await guard(client.messageFlagsAdd(String(message.uid), ['\\Seen'], { uid: true }), 'STORE');
    } else if (record.afterIngest === 'delete') {
      await guard(client.messageDelete(String(message.uid), { uid: true }), 'EXPUNGE');
    }
  }

  /** A message not taken, and why: the source says so (last_error) until it restarts. */
  private refuse(record: SourceRecord, uidValidity: string, uid: number, why: string | Error) {
    const text =
      typeof why === 'string'
        ? why
        : `message ${uid} refused: the server sent more than the limits allow (${why.message.slice(0, 120)})`;
    this.deps.logger.warn(`source ${record.id}: ${text}`);
    this.deps.ingest.skip(record.id, uidValidity, uid);
    this.refusal = text;
    this.tooLargeAt = null;
    this.deps.onState('idle', text);
  }

  /**
   * A new source (or a mailbox whose UIDVALIDITY changed, so old UIDs mean nothing): start at
   * the mailbox's current end, or at the first message of the last `sinceMs`.
   */
  private async startAtEnd(
    client: ImapFlow,
    record: SourceRecord,
    uidValidity: string,
    guard: Guard,
  ) {
    const start = await startingUid(client, record, this.deps.clock.now(), guard);
    if (record.uidValidity !== null) {
      this.deps.logger.warn(`source ${record.id}: UIDVALIDITY changed; starting at the end`);
    }
    this.deps.ingest.reset(record.id, uidValidity, start);
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
