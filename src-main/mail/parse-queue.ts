import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Mail } from '../../src-shared/mail/schemas.ts';
import type { Logger } from '../core/logger.ts';
import { mailboxOf } from '../../src-shared/mail/address.ts';
import { deliveryTargets, type MailboxResolver } from './address.ts';
import type { AnalyzedMessage, Analyzer } from './analyze-message.ts';
import type { Envelope } from './envelope.ts';
import type { LiveHub } from './live-hub.ts';
import type { MailStore } from './mail-store.ts';
import { MessageRefused } from './message-refused.ts';
import type { RawStore, StoredRaw } from './raw-store.ts';

export interface ParseQueueOptions {
  /** Raw messages read per batch, and at most this many bytes of them (at least one). */
  batchSize: number;
  batchBytes: number;
  /** Tries per message before it is stored unparsed (its raw text as the body). */
  attempts: number;
  /** Pause before a batch whose commit failed is tried again. */
  retryMs: number;
  /**
   * While SMTP commits keep coming (one within `quietMs`), parsing waits for a gap, so a burst
   * is acknowledged at full speed and parsed right after it; but a burst longer than
   * `maxDeferMs` gets parsing alongside (on `busyLanes` workers) until its first gap, so a flood
   * cannot hold mail back for longer than that.
   */
  quietMs: number;
  maxDeferMs: number;
  /**
   * Parse workers a batch may use while SMTP is still busy. Parsing costs more CPU than
   * receiving, so on a small machine every worker parsing during a flood takes the cores SMTP
   * needs (bench/mail-ingest.ts).
   */
  busyLanes: number;
}

export const DEFAULT_PARSE_QUEUE: ParseQueueOptions = {
  batchSize: 256,
  batchBytes: 16 * 1024 * 1024,
  attempts: 2,
  retryMs: 1_000,
  quietMs: 5,
  maxDeferMs: 1000,
  busyLanes: 1,
};

/**
 * Whatever must be written with new mail, in the same transaction (the webhook outbox), and
 * told once it is committed.
 */
export interface MailOutbox {
  /** Runs inside the transaction that stores `mails`; a throw is logged, the mail is kept. */
  recordMails(mails: readonly Mail[]): void;
  mailsCommitted(): void;
}

interface Settling {
  target: number;
  done(): void;
}

/**
 * Parses committed raw messages into mails, in the background and in order: reads pending
 * rows in bounded batches (count and bytes), parses them in the worker pool, stores every
 * recipient's copy and clears the pending mark in one transaction per batch, then publishes
 * the mails to the live hub. What was committed but not parsed when the process stopped is
 * still pending at the next start and parsed then: no acknowledged mail is lost.
 */
export class ParseQueue {
  /** Every raw id up to this one is parsed (or was never pending). */
  private parsedThrough = 0;
  /** Per mailbox, its newest raw id not parsed yet (for reads that wait for it). */
  private readonly newest = new Map<string, number>();
  private readonly settling = new Set<Settling>();
  private readonly byId = new Map<number, (mails: Mail[]) => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private retryTimer: NodeJS.Timeout | null = null;
  /** performance.now() of the last SMTP commit (a scheduling hint, not a time of record). */
  private lastCommit = 0;
  /** performance.now() when the current run of commits without a gap began waiting; null: none. */
  private burstSince: number | null = null;

  constructor(
    private readonly raws: RawStore,
    private readonly store: MailStore,
    private readonly hub: LiveHub,
    private readonly analyze: Analyzer,
    private readonly logger: Logger,
    private readonly options: ParseQueueOptions = DEFAULT_PARSE_QUEUE,
    private readonly outbox?: MailOutbox,
    private readonly mailboxFor: MailboxResolver = mailboxOf,
  ) {}

  /** Picks up what a previous run committed but did not parse, and starts on it. */
  start(): void {
    this.stopped = false;
    const pending = this.raws.pendingRecipients();
    this.parsedThrough = (pending[0]?.id ?? 1) - 1;
    for (const { id, recipients } of pending) this.noteCommitted(id, recipients);
    this.kick();
  }

  /** Waits for the batch in progress; pending messages stay pending for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.running;
    for (const s of this.settling) s.done();
    this.settling.clear();
  }

  /** New raw messages were committed (RawInbox). */
  committed(items: { id: number; envelope: Envelope }[]): void {
    for (const { id, envelope } of items) this.noteCommitted(id, envelope.recipients);
    this.lastCommit = performance.now();
    this.kick();
  }

  /**
   * Resolves with the mails parsed from raw message `id` (MailDelivery.deliver). Call it
   * before the message can be parsed: in the same turn as its commit.
   */
  parsed(id: number): Promise<Mail[]> {
    return new Promise((resolve) => this.byId.set(id, resolve));
  }

  /**
   * Resolves once every message committed for `email` so far is parsed, or after `maxMs`:
   * a list read after a 250 then shows that mail.
   */
  settled(email: string, maxMs: number): Promise<void> {
    const target = this.newest.get(email) ?? 0;
    if (target <= this.parsedThrough || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const entry: Settling = {
        target,
        done: () => {
          clearTimeout(timer);
          this.settling.delete(entry);
          resolve();
        },
      };
      const timer = setTimeout(() => entry.done(), maxMs);
      this.settling.add(entry);
    });
  }

  /** Messages not parsed yet (diagnostics and tests). */
  backlog(): number {
    return this.raws.pendingCount();
  }

  private noteCommitted(id: number, recipients: string[]): void {
    for (const email of recipients) this.newest.set(this.mailboxFor(email), id);
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
    for (;;) {
      this.again = false;
      const lanes = (await this.gapInSmtp()) ? undefined : this.options.busyLanes;
      if (this.stopped) return;
      const batch = this.nextBatch();
      if (batch.length === 0) {
        // Caught up: the next commit starts a new burst, deferred again.
        this.burstSince = null;
        return;
      }
      const analyzed = await Promise.all(batch.map((raw) => this.analyzeOne(raw, lanes)));
      if (this.stopped) return;
      let stored: Mail[][];
      try {
        stored = this.raws.transaction(() => {
          const all = batch.map((raw, i) => {
            const mails = this.store.insert(
              copies(raw, analyzed[i] ?? unparsed(raw), this.mailboxFor),
            );
            this.raws.markParsed(raw.id);
            return mails;
          });
          this.recordOutbox(all.flat());
          return all;
        });
      } catch (err) {
        this.logger.error('storing parsed mail failed; trying again shortly', err);
        this.retryLater();
        return;
      }
      this.parsedThrough = Math.max(this.parsedThrough, batch.at(-1)?.id ?? 0);
      batch.forEach((raw, i) => {
        const mails = stored[i] ?? [];
        for (const mail of mails) this.hub.publish(mail);
        this.byId.get(raw.id)?.(mails);
        this.byId.delete(raw.id);
      });
      this.release();
      this.outbox?.mailsCommitted();
    }
  }

  /** The outbox's rows for these mails; its failure must not cost the mail (it rolls back alone). */
  private recordOutbox(mails: Mail[]): void {
    if (!this.outbox || mails.length === 0) return;
    try {
      this.outbox.recordMails(mails);
    } catch (err) {
      this.logger.error('writing the webhook events of new mail failed', err);
    }
  }

  /**
   * Waits until no commit came for `quietMs` (true: a gap), or until the burst has been
   * deferred for `maxDeferMs` (false: SMTP is still busy; later batches of the same burst then
   * run at once).
   */
  private async gapInSmtp(): Promise<boolean> {
    const { quietMs, maxDeferMs } = this.options;
    while (!this.stopped && performance.now() - this.lastCommit < quietMs) {
      this.burstSince ??= performance.now();
      const deferred = performance.now() - this.burstSince;
      if (deferred >= maxDeferMs) return false;
      await sleep(Math.min(quietMs, maxDeferMs - deferred));
    }
    this.burstSince = null;
    return true;
  }

  private retryLater(): void {
    if (this.stopped) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.kick(), this.options.retryMs);
    this.retryTimer.unref();
  }

  /** The oldest pending messages within the batch's count and bytes (always at least one). */
  private nextBatch(): StoredRaw[] {
    const out: StoredRaw[] = [];
    let bytes = 0;
    for (const pending of this.raws.pending(0, this.options.batchSize)) {
      if (out.length > 0 && bytes + pending.bytes > this.options.batchBytes) break;
      const raw = this.raws.read(pending.id);
      if (!raw) continue;
      out.push(raw);
      bytes += pending.bytes;
    }
    return out;
  }

  /**
   * A worker that crashed or timed out gets the message again; a message the parser refuses
   * (or that keeps failing) is kept unparsed rather than lost: it was acknowledged.
   */
  private async analyzeOne(raw: StoredRaw, lanes?: number): Promise<AnalyzedMessage | null> {
    for (let attempt = 1; attempt <= this.options.attempts; attempt++) {
      try {
        return await this.analyze(raw.raw, raw.envelope.from, lanes);
      } catch (err) {
        if (this.stopped) return null;
        if (err instanceof MessageRefused || attempt === this.options.attempts) {
          this.logger.error(`raw message ${raw.id} kept unparsed`, err);
          return null;
        }
      }
    }
    return null;
  }

  private release(): void {
    for (const [email, id] of this.newest) if (id <= this.parsedThrough) this.newest.delete(email);
    for (const s of this.settling) if (s.target <= this.parsedThrough) s.done();
  }
}

/**
 * One copy per mailbox (`name+tag@d` is delivered to `name@d` unless it is a lease itself,
 * LeaseService.mailboxFor), dated when SMTP
 * received it.
 */
function copies(raw: StoredRaw, analyzed: AnalyzedMessage, mailboxFor: MailboxResolver) {
  const { code, link, ...parsed } = analyzed;
  return deliveryTargets(raw.envelope.recipients, mailboxFor).map(({ mailbox, recipients }) => ({
    email: mailbox,
    ...parsed,
    to: parsed.to.length > 0 ? parsed.to : recipients,
    receivedAt: raw.receivedAt,
    code,
    link,
    size: raw.raw.length,
    rawId: raw.id,
  }));
}

/** What a message the parser cannot read is stored as: its raw text, nothing else. */
function unparsed(raw: StoredRaw): AnalyzedMessage {
  return {
    from: raw.envelope.from,
    fromName: null,
    to: [],
    subject: null,
    text: raw.raw.toString('utf8'),
    html: null,
    attachments: [],
    code: null,
    link: null,
  };
}
