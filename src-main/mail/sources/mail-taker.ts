import type { ImapFlow } from 'imapflow';
import { MAIL_LIMITS } from '../../../src-shared/mail/limits.ts';
import type { SourceState } from '../../../src-shared/mail/sources.ts';
import type { Clock } from '../../core/clock.ts';
import type { Logger } from '../../core/logger.ts';
import type { HeaderField } from '../store/message-headers.ts';
import { withDeadline } from './imap-deadline.ts';
import {
  fetchBody,
  nextUids,
  overLimit,
  routeHeaders,
  type Guard,
  type Routed,
} from './imap-fetch.ts';
import { IMAP_LIMITS, isTooLarge } from './imap-limits.ts';
import type { ImapTiming } from './imap-options.ts';
import { startingUid } from './imap-start.ts';
import type { SourceIngest } from './source-ingest.ts';
import type { SourceRecord } from './source-store.ts';

export interface MailTakerDeps {
  /** The source as stored now (its cursor moves as mail is taken). */
  record(): SourceRecord | null;
  ingest: SourceIngest;
  /** The leases a message's headers route it to (recipient-routing.ts). */
  route(fields: readonly HeaderField[]): string[];
  onState(state: SourceState, error: string | null): void;
  logger: Logger;
  clock: Clock;
  timing: ImapTiming;
  /** The runner is stopping: no further message is started. */
  stopped(): boolean;
}

/**
 * What one source does with an open mailbox (imap-runner.ts holds the connection): takes every
 * message after the cursor in UID order, one round at a time, and refuses (skips, and says so)
 * a message the limits do not allow, so the next connection does not fetch it again.
 */
export class MailTaker {
  private draining: Promise<void> | null = null;
  private again = false;
  /** The connection's response-size failure, if any (imapflow's LiteralTooLarge, ...). */
  private tooLarge: Error | null = null;
  /** The cursor at which a header page was too large for the connection. */
  private tooLargeAt: number | null = null;
  /** Why the session's last fetch failed (it closed the connection). */
  private failure: unknown = null;
  /** The last message refused, in words: shown as the source's last error. */
  private refused: string | null = null;

  constructor(private readonly deps: MailTakerDeps) {}

  /** Why the session's last fetch failed, if one did. */
  get fetchFailure(): unknown {
    return this.failure;
  }

  /** The last message refused, in words, or null. */
  get refusal(): string | null {
    return this.refused;
  }

  /** The round in progress, if any. */
  get round(): Promise<void> | null {
    return this.draining;
  }

  /** A new session starts: the last one's fetch failure is not its own. */
  newSession(): void {
    this.failure = null;
  }

  /** A new connection: a response too large on the last one does not count here. */
  newConnection(): void {
    this.tooLarge = null;
  }

  /** An error imapflow reported on the connection (a response too large is kept). */
  noteError(err: Error): void {
    if (isTooLarge(err)) this.tooLarge = err;
  }

  /** Takes new mail now, or right after the round in progress. */
  kick(client: ImapFlow): void {
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
          if (!this.deps.stopped()) {
            this.deps.logger.warn(`source ${this.id()}: fetch failed: ${(err as Error).message}`);
          }
          this.failure = err;
          // The connection is broken (its 'close' ends the session) or will be closed.
          client.close();
          return;
        }
      } while (this.again && !this.deps.stopped());
    })().finally(() => {
      this.draining = null;
    });
  }

  /** Every message after the cursor, in UID order, each taken or skipped before the next. */
  private async drain(client: ImapFlow): Promise<void> {
    const guard: Guard = (work, command) =>
      withDeadline(work, this.deps.timing.commandMs, command, () => client.close());
    for (let round = 0; round < 10_000 && !this.deps.stopped(); round++) {
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
        if (this.deps.stopped()) return;
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
    this.deps.onState('idle', this.refused);
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
    this.refused = text;
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

  private id(): string {
    return this.deps.record()?.id ?? '?';
  }
}
