import type { Db } from '../../db/open-database.ts';
import { indexTerms } from './search/search-terms.ts';

/** Mails indexed per step in idle time: about 20 ms of work, so nothing waits long behind it. */
const IDLE_STEP = 500;
/** Past this many unindexed mails, indexing no longer waits for a quiet moment. */
const MAX_LAG = 20_000;

/**
 * The full-text index of mail (mail_search, src-main/db/migrations/004-mail-control.ts) trails
 * the mails (009-search-index-lag.ts): storing a mail does not index it; the index catches up
 * once no mail was stored, received or listed for `quietMs`, and completely before every
 * search, so a search always sees every mail.
 */
export class SearchIndex {
  private readonly throughStmt;
  private readonly lastStmt;
  private readonly fillStmt;
  private readonly markStmt;
  private readonly staleStmt;
  private readonly staleClearStmt;
  private readonly step;
  private timer: NodeJS.Timeout | null = null;
  /** Mails stored since the index last caught up (a hint for MAX_LAG, not a count of record). */
  private lag = 0;

  constructor(
    private readonly db: Db,
    private readonly quietMs = 250,
  ) {
    this.throughStmt = db
      .prepare<[], number>('SELECT indexed_through FROM mail_search_state WHERE id = 1')
      .pluck();
    this.lastStmt = db
      .prepare<[number, number], number | null>(
        'SELECT max(id) FROM (SELECT id FROM mail_messages WHERE id > ? ORDER BY id LIMIT ?)',
      )
      .pluck();
    // The index's own text (012-search-cjk.ts): made here, by this connection's function.
    db.function('search_terms', { deterministic: true }, (text: unknown) =>
      indexTerms(typeof text === 'string' ? text : null),
    );
    const terms = `id, hex(email), search_terms(from_address), search_terms(from_name),
      search_terms(subject), search_terms(text)`;
    this.fillStmt = db.prepare<[number, number]>(`
      INSERT INTO mail_search (rowid, mailbox, from_address, from_name, subject, text)
      SELECT ${terms} FROM mail_messages WHERE id > ? AND id <= ? ORDER BY id`);
    this.staleStmt = db.prepare<[]>(`
      INSERT INTO mail_search (rowid, mailbox, from_address, from_name, subject, text)
      SELECT ${terms} FROM mail_messages WHERE id IN (SELECT id FROM mail_search_stale)`);
    this.staleClearStmt = db.prepare<[]>('DELETE FROM mail_search_stale');
    this.markStmt = db.prepare<[number]>(
      'UPDATE mail_search_state SET indexed_through = ? WHERE id = 1',
    );
    // After an upgrade that rebuilt the index (012-search-cjk.ts), start catching up at once.
    if (this.lastStmt.get(this.throughStmt.get() ?? 0, 1) != null) this.stepIn(quietMs);
    this.step = db.transaction((limit: number): number => {
      if (this.staleStmt.run().changes > 0) this.staleClearStmt.run();
      const through = this.throughStmt.get() ?? 0;
      const last = this.lastStmt.get(through, limit);
      if (last === null || last === undefined) return 0;
      const added = this.fillStmt.run(through, last).changes;
      this.markStmt.run(last);
      return added;
    });
  }

  /** Indexes up to `limit` of the oldest unindexed mails; how many it added. */
  catchUp(limit = Number.MAX_SAFE_INTEGER): number {
    const added = this.step.immediate(limit);
    this.lag = Math.max(0, this.lag - added);
    return added;
  }

  /** Mails were stored: index them once storing pauses (or at once when far behind). */
  stored(count: number): void {
    this.lag += count;
    if (this.lag >= MAX_LAG) {
      this.catchUp(IDLE_STEP);
      return;
    }
    this.stepIn(this.quietMs);
  }

  /**
   * Mail is arriving or being listed: indexing in idle time waits for that to pause too. An
   * SMTP flood whose parsing waits for a gap, or a reader following it, would otherwise queue
   * behind steps only a later search needs (and a search catches up first anyway).
   */
  postpone(): void {
    if (this.timer !== null) this.stepIn(this.quietMs);
  }

  /** Stops indexing in idle time (what is left is indexed at the next search or start). */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private idleStep(): void {
    this.timer = null;
    try {
      if (this.catchUp(IDLE_STEP) < IDLE_STEP) {
        // Indexing ~10 MiB mails leaves SQLite holding hundreds of MiB it no longer needs.
        this.db.pragma('shrink_memory');
        return;
      }
    } catch {
      // A busy or closed database: the next search indexes what is missing.
      return;
    }
    // More to do: go on after whatever else is waiting on the event loop.
    this.stepIn(1);
  }

  /** The next idle step, `ms` from now (the one scheduled before, if any, is dropped). */
  private stepIn(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.idleStep(), ms);
    this.timer.unref();
  }
}
