import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Clock } from '../../core/clock.ts';
import type { Logger } from '../../core/logger.ts';
import type { Db } from '../../db/open-database.ts';
import type { LeaseStore } from '../access/lease-store.ts';

export interface RetentionPolicy {
  /** How long mails stay after their mailbox expired. */
  retentionMs: number;
  /** Rows deleted per statement; the event loop gets a turn between batches. */
  batchSize: number;
  sweepIntervalMs: number;
}

export interface SweepResult {
  mails: number;
  leases: number;
}

/**
 * Deletes mails whose mailbox has been expired for longer than the retention period, then the
 * lease records left without mail. A reactivated mailbox has a new expiry and keeps its mails.
 * The register of issued addresses stays, so no address is handed out again. Work is done in
 * small batches so a sweep of a million mails never holds the event loop for long.
 */
export class RetentionSweeper {
  private readonly deleteMails;
  private readonly deleteLeases;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<SweepResult> | null = null;
  private stopped = false;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly policy: RetentionPolicy,
    private readonly logger: Logger,
    /** Told after leases were deleted, so nothing remembers them. */
    private readonly leases?: Pick<LeaseStore, 'forget'>,
  ) {
    this.deleteMails = db.prepare<[number, number]>(`
      DELETE FROM mail_messages WHERE id IN (
        SELECT m.id FROM mail_leases l JOIN mail_messages m ON m.email = l.email
        WHERE l.expires_at <= ? LIMIT ?)`);
    this.deleteLeases = db.prepare<[number, number]>(`
      DELETE FROM mail_leases WHERE email IN (
        SELECT l.email FROM mail_leases l
        WHERE l.expires_at <= ?
          AND NOT EXISTS (SELECT 1 FROM mail_messages m WHERE m.email = l.email)
        LIMIT ?)`);
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => {
      this.sweep().catch((err: unknown) => this.logger.error('retention sweep failed', err));
    }, this.policy.sweepIntervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a sweep in progress to end (before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One full sweep; a call while one runs joins it. */
  sweep(): Promise<SweepResult> {
    this.running ??= this.run().finally(() => (this.running = null));
    return this.running;
  }

  private async run(): Promise<SweepResult> {
    const result = { mails: 0, leases: 0 };
    result.mails = await this.inBatches(this.deleteMails);
    try {
      result.leases = await this.inBatches(this.deleteLeases);
    } finally {
      this.leases?.forget();
    }
    if (result.mails + result.leases > 0) {
      this.logger.info(`swept ${result.mails} mails and ${result.leases} leases`);
    }
    return result;
  }

  private async inBatches(statement: { run(cutoff: number, limit: number): { changes: number } }) {
    let total = 0;
    for (;;) {
      // The cutoff is read per batch: a long sweep keeps up with the clock.
      const cutoff = this.clock.now() - this.policy.retentionMs;
      const { changes } = statement.run(cutoff, this.policy.batchSize);
      total += changes;
      if (changes < this.policy.batchSize || this.stopped) return total;
      await yieldToEventLoop();
    }
  }
}
