import type { Db } from './open-database.ts';

/**
 * Copies the write-ahead log into the database file while nothing is being written. SQLite's
 * own checkpoint runs inside whichever commit crosses its threshold and waits for two fsyncs:
 * at the default 1,000 pages that stalled the event loop (SMTP, HTTP, pushes) every ~300 mails
 * of a flood, for up to a quarter of a second. With the threshold raised (open-database.ts)
 * the WAL mostly grows during a flood and is copied here once the writes pause.
 */
export class WalCheckpointer {
  private readonly changesStmt;
  private timer: NodeJS.Timeout | null = null;
  private lastChanges = -1;
  /** Writes since the last checkpoint (a change count seen move). */
  private dirty = false;

  constructor(
    private readonly db: Db,
    private readonly everyMs = 250,
  ) {
    this.changesStmt = db.prepare<[], number>('SELECT total_changes()').pluck();
  }

  start(): void {
    this.timer = setInterval(() => this.tick(), this.everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Checkpoints once a whole period passed without a write, after writes. */
  private tick(): void {
    try {
      const changes = this.changesStmt.get() ?? 0;
      if (changes !== this.lastChanges) {
        this.dirty = this.lastChanges !== -1 || this.dirty;
        this.lastChanges = changes;
        return;
      }
      if (!this.dirty) return;
      this.dirty = false;
      // PASSIVE: never waits for, nor blocks, a reader or writer.
      this.db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // A closed or busy database: SQLite's own threshold still bounds the WAL.
    }
  }
}
