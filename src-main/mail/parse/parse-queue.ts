import type { Mail } from '../../../src-shared/mail/schemas.ts';
import type { Logger } from '../../core/logger.ts';
import { mailboxOf } from '../../../src-shared/mail/address.ts';
import { deliveryTargets, type MailboxResolver } from '../access/address.ts';
import { analyzeBatch, type BatchLane, type ParseOutcome } from './analyze-batch.ts';
import { BatchPicker, earlierOf, NOTHING_EARLIER, type Earlier } from './batch-picker.ts';
import type { Envelope } from '../store/envelope.ts';
import type { MailOutbox } from './parsed-mail-writer.ts';
import type { ParsePool } from './parse-pool.ts';
import type { LiveHub } from '../push/live-hub.ts';
import type { MailStore } from '../store/mail-store.ts';
import { ParsedMailWriter } from './parsed-mail-writer.ts';
import { PendingMail } from './pending-mail.ts';
import type { RawStore, StoredRaw } from '../store/raw-store.ts';
import { SmtpActivity } from './smtp-activity.ts';
import {
  DEFAULT_PARSE_QUEUE,
  type ParseQueueDeps,
  type ParseQueueOptions,
} from './parse-queue-options.ts';

export type { MailOutbox } from './parsed-mail-writer.ts';
export {
  DEFAULT_PARSE_QUEUE,
  type ParseQueueDeps,
  type ParseQueueOptions,
} from './parse-queue-options.ts';

/** Pending messages of one mailbox a wait can put ahead of the backlog at once. */
const MAX_HURRIED = 5_000;

/** A backlog batch taken, and its parsing under way. */
interface Started {
  batch: StoredRaw[];
  analyzed: Promise<ParseOutcome[]>;
}

/**
 * Parses committed raw messages into mails, in the background: each batch is parsed in the
 * worker pool and stored in one transaction (ParsedMailWriter), then published to the live hub.
 * Two lanes share the work. Mail someone waits for (a watched mailbox, a read that asked for a
 * mailbox's newest mail) goes to the urgent lane, parsed at once in small batches with priority
 * in the pool; the rest waits in the backlog for a gap in SMTP. What was committed but not
 * parsed when the process stopped is still pending at the next start: no acknowledged mail is
 * lost.
 */
export class ParseQueue {
  private readonly pending = new PendingMail();
  private readonly picker: BatchPicker;
  private readonly byId = new Map<number, (mails: Mail[]) => void>();
  private readonly writer: ParsedMailWriter;
  private readonly options: ParseQueueOptions;
  private readonly mailboxFor: MailboxResolver;
  private readonly outbox: MailOutbox | undefined;
  private running: Promise<void> | null = null;
  private urgentRunning: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private retryTimer: NodeJS.Timeout | null = null;
  /** Ends a wait for a gap in SMTP when the queue stops. */
  private stopping = new AbortController();
  private readonly smtp: SmtpActivity;

  constructor(
    private readonly raws: RawStore,
    store: MailStore,
    private readonly hub: LiveHub,
    /** The worker pool that parses and analyzes each raw message (the next stage). */
    private readonly parser: Pick<ParsePool, 'analyze'>,
    private readonly logger: Logger,
    deps: ParseQueueDeps = {},
  ) {
    this.options = deps.options ?? DEFAULT_PARSE_QUEUE;
    this.smtp = new SmtpActivity(this.options);
    const leases = deps.leases;
    this.mailboxFor = leases ? (email) => leases.mailboxFor(email) : mailboxOf;
    this.outbox = deps.outbox;
    this.writer = new ParsedMailWriter(raws, store, this.mailboxFor, logger, deps.outbox);
    this.picker = new BatchPicker(raws, this.pending, this.options);
  }

  /** Picks up what a previous run committed but did not parse, and starts on it. */
  start(): void {
    this.stopped = false;
    this.stopping = new AbortController();
    for (const { id, recipients } of this.raws.pendingRecipients()) this.note(id, recipients);
    this.kick();
  }

  /** Waits for the batches in progress; pending messages stay pending for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await Promise.all([this.running, this.urgentRunning]);
    this.pending.releaseAll();
  }

  /** New raw messages were committed (RawInbox, a mail source). */
  committed(items: { id: number; envelope: Envelope }[]): void {
    const watched = new Set<string>();
    for (const { id, envelope } of items) {
      const waitedFor = this.byId.has(id);
      for (const mailbox of this.note(id, envelope.recipients))
        if (waitedFor || this.watched(mailbox)) watched.add(mailbox);
    }
    this.smtp.committed();
    for (const mailbox of watched) this.hurry(mailbox);
    this.kick();
  }

  /**
   * Resolves with the mails parsed from raw message `id` (MailDelivery.deliver). Call it
   * before the message can be parsed: in the same turn as its commit. The caller waits for
   * it, so it is parsed at once.
   */
  parsed(id: number): Promise<Mail[]> {
    return new Promise((resolve) => this.byId.set(id, resolve));
  }

  /**
   * Resolves once the oldest `first` messages committed for `mailbox` so far (every one by
   * default) are parsed, or after `maxMs`: a list read after a 250 then shows that mail. The
   * reader is waiting, so its mailbox's pending mail is parsed at once (parse on first read).
   */
  settled(mailbox: string, maxMs: number, first?: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const done = this.pending.settled(mailbox, maxMs, first);
    this.hurry(mailbox);
    return done;
  }

  /** Is mail of `mailbox` acknowledged but not parsed yet? */
  hasPending(mailbox: string): boolean {
    return !this.stopped && this.pending.hasPending(mailbox);
  }

  /** Messages not parsed yet (diagnostics and tests). */
  backlog(): number {
    return this.raws.pendingCount();
  }

  /**
   * Is someone waiting for new mail of this mailbox (a WebSocket or long poll on the hub, a
   * webhook for every mailbox)? Its mail is parsed at once, ahead of any backlog.
   */
  private watched(mailbox: string): boolean {
    return this.hub.listenerCount(mailbox) > 0 || (this.outbox?.listening?.() ?? false);
  }

  private note(id: number, recipients: string[]): string[] {
    const mailboxes = deliveryTargets(recipients, this.mailboxFor).map((t) => t.mailbox);
    this.pending.add(id, mailboxes);
    return mailboxes;
  }

  /**
   * The pending mail of `mailbox` goes first, oldest first (so the mailbox keeps its order): all
   * of it, up to a bound, since whoever waits for the mailbox waits for its newest mail.
   */
  private hurry(mailbox: string): void {
    if (this.stopped) return;
    this.picker.hurry(this.pending.oldest(mailbox, MAX_HURRIED));
    this.kickUrgent();
  }

  private kickUrgent(): void {
    if (this.stopped) return;
    if (this.picker.hasUrgent() && !this.urgentRunning) {
      this.urgentRunning = this.drainUrgent()
        .catch((err: unknown) => this.logger.error('parsing urgent mail failed', err))
        .finally(() => {
          this.urgentRunning = null;
          // What the urgent lane gave back (a failed store) is the backlog's again.
          this.kick();
        });
    }
  }

  /**
   * Takes urgent batches while the one before is being parsed, and stores them in the order
   * taken: the pool always has the next batch, and a mailbox's mail may span batches in flight.
   */
  private async drainUrgent(): Promise<void> {
    let prefetched: Started | null = null;
    try {
      let current = this.startUrgent(NOTHING_EARLIER);
      while (current) {
        const analyzed = await current.analyzed;
        if (this.stopped) return;
        prefetched = this.startUrgent(earlierOf(current.batch));
        if (!this.store(current.batch, analyzed)) return;
        // None taken while that one was held (bytes): now there is room.
        current = prefetched ?? this.startUrgent(NOTHING_EARLIER);
        prefetched = null;
      }
    } finally {
      const left = prefetched;
      if (left) {
        this.picker.hurry(left.batch.map((raw) => raw.id));
        void left.analyzed.finally(() => this.picker.release(left.batch));
      }
    }
  }

  /**
   * The next urgent batch, started in the pool; null when there is none to take yet (the
   * backlog's next store kicks this lane again). `earlier`: the batch this lane stores first.
   */
  private startUrgent(earlier: Earlier): Started | null {
    if (this.stopped) return null;
    const batch = this.picker.urgentBatch(earlier);
    if (batch.length === 0) return null;
    return { batch, analyzed: this.analyzeBatch(batch, { urgent: true }) };
  }

  private kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => {
        // Reading the pending rows failed (the database): try again shortly.
        this.logger.error('parsing pending mail failed; trying again shortly', err);
        this.retryLater();
      })
      .finally(() => {
        this.running = null;
        if (this.again) this.kick();
      });
  }

  private async drain(): Promise<void> {
    let prefetched: Started | null = null;
    try {
      for (;;) {
        this.again = false;
        let current = prefetched;
        prefetched = null;
        if (!current) {
          const lanes = await this.smtp.lanes(this.stopping.signal);
          if (this.stopped) return;
          current = this.startBatch({ lanes }, NOTHING_EARLIER);
        }
        if (!current) {
          // Caught up (or the urgent lane holds the rest): the next commit starts a new burst.
          this.smtp.caughtUp();
          return;
        }
        const analyzed = await current.analyzed;
        // The next batch is parsed while this one is stored, so the workers never wait for it.
        const lanes = this.smtp.lanesNow();
        if (!this.stopped && lanes !== 'wait') {
          prefetched = this.startBatch({ lanes }, earlierOf(current.batch));
        }
        if (!this.store(current.batch, analyzed)) return;
      }
    } finally {
      const left = prefetched;
      if (left) void left.analyzed.finally(() => this.picker.release(left.batch));
    }
  }

  /**
   * Claims the next backlog batch and starts parsing it; null when nothing is left. `earlier`:
   * the batch this lane stores before it.
   */
  private startBatch(how: BatchLane, earlier: Earlier): Started | null {
    const batch = this.picker.backlogBatch(earlier);
    if (batch.length === 0) return null;
    return { batch, analyzed: this.analyzeBatch(batch, how) };
  }

  private analyzeBatch(batch: StoredRaw[], how: BatchLane): Promise<ParseOutcome[]> {
    return analyzeBatch(this.parser, batch, {
      ...how,
      attempts: this.options.attempts,
      stopped: () => this.stopped,
      logger: this.logger,
      noteAttempts: (ids) => this.raws.noteAttempts(ids),
    });
  }

  /**
   * Stores and publishes one parsed batch, and gives its messages back; false when storing
   * failed (tried again later) or the queue stopped.
   */
  private store(batch: StoredRaw[], analyzed: ParseOutcome[]): boolean {
    try {
      if (this.stopped) return false;
      let stored: Mail[][];
      try {
        stored = this.writer.write(
          batch,
          analyzed,
          (rawId, mailboxes) =>
            this.byId.has(rawId) || mailboxes.some((mailbox) => this.hub.wants(mailbox)),
        );
      } catch (err) {
        this.logger.error('storing parsed mail failed; trying again shortly', err);
        this.retryLater();
        return false;
      }
      batch.forEach((raw, i) => {
        const mails = stored[i] ?? [];
        for (const mail of mails) this.hub.publish(mail);
        this.pending.done(raw.id);
        this.byId.get(raw.id)?.(mails);
        this.byId.delete(raw.id);
      });
      return true;
    } finally {
      this.picker.release(batch);
      // Mail held back for order may go now, in either lane.
      this.kickUrgent();
      if (!this.running) this.kick();
    }
  }

  private retryLater(): void {
    if (this.stopped) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.kick(), this.options.retryMs);
    this.retryTimer.unref();
  }
}
