import type { Db } from '../../db/open-database.ts';

/** One mailbox lease as stored; times in Unix milliseconds. */
export interface LeaseRecord {
  email: string;
  domain: string;
  generatedAt: number;
  expiresAt: number;
  extensionCount: number;
  maxExtensionCount: number;
}

interface LeaseRow {
  email: string;
  domain: string;
  generated_at: number;
  expires_at: number;
  extension_count: number;
  max_extension_count: number;
}

/** Lease lookups remembered at most, between two changes (addresses seen recently). */
const MAX_REMEMBERED = 4096;

/**
 * SQL for leases and the register of issued addresses.
 *
 * Lookups are remembered: SMTP asks for the same few addresses for every mail (RCPT, then each
 * copy it stores), and under a flood those reads were a tenth of the event loop. What is
 * remembered is forgotten on every write through this store (rolled back or not), when the
 * retention sweep deletes leases (forget), and whenever another connection has committed
 * (`PRAGMA data_version`), so a lookup never answers what the database no longer holds. Expiry
 * is the caller's comparison against its clock, so a remembered lease still expires on time.
 */
export class LeaseStore {
  private readonly remembered = new Map<string, LeaseRecord | null>();
  private rememberedVersion: unknown = null;
  private versionChecked = false;
  private readonly dataVersion;
  private readonly getStmt;
  private readonly upsertStmt;
  private readonly issuedStmt;
  private readonly localTakenStmt;
  private readonly issueStmt;

  constructor(readonly db: Db) {
    this.dataVersion = db.prepare<[], unknown>('PRAGMA data_version').pluck();
    this.getStmt = db.prepare<[string], LeaseRow>('SELECT * FROM mail_leases WHERE email = ?');
    this.upsertStmt = db.prepare<[LeaseRow]>(`
      INSERT INTO mail_leases (email, domain, generated_at, expires_at, extension_count,
        max_extension_count)
      VALUES (@email, @domain, @generated_at, @expires_at, @extension_count, @max_extension_count)
      ON CONFLICT (email) DO UPDATE SET generated_at = excluded.generated_at,
        expires_at = excluded.expires_at, extension_count = excluded.extension_count,
        max_extension_count = excluded.max_extension_count`);
    this.issuedStmt = db.prepare<[string]>('SELECT 1 FROM mail_issued WHERE email = ?').pluck();
    this.localTakenStmt = db
      .prepare<[string]>('SELECT 1 FROM mail_issued WHERE local_part = ? LIMIT 1')
      .pluck();
    this.issueStmt = db.prepare<[string, string]>(
      'INSERT OR IGNORE INTO mail_issued (email, local_part) VALUES (?, ?)',
    );
  }

  get(email: string): LeaseRecord | null {
    this.checkOtherWriters();
    const known = this.remembered.get(email);
    if (known !== undefined) return known;
    const row = this.getStmt.get(email);
    const record = row ? Object.freeze(fromRow(row)) : null;
    if (this.remembered.size >= MAX_REMEMBERED) this.remembered.clear();
    this.remembered.set(email, record);
    return record;
  }

  /**
   * Forgets what is remembered once another connection committed (the CLI, say). Asked once
   * per iteration of the event loop, not per callback: under a flood one iteration runs the
   * data of many SMTP connections, and a PRAGMA per callback was 6% of the SMTP thread's time
   * (it opens a read transaction each time). A commit by another process is seen from the
   * next iteration on, as if it had come a moment later.
   */
  private checkOtherWriters(): void {
    if (this.versionChecked) return;
    this.versionChecked = true;
    setImmediate(() => {
      this.versionChecked = false;
    });
    const version = this.dataVersion.get();
    if (version !== this.rememberedVersion) {
      this.remembered.clear();
      this.rememberedVersion = version;
    }
  }

  save(lease: LeaseRecord): void {
    this.remembered.delete(lease.email);
    this.upsertStmt.run(toRow(lease));
  }

  /** Leases were deleted behind this store (the retention sweep): look everything up afresh. */
  forget(): void {
    this.remembered.clear();
  }

  wasIssued(email: string): boolean {
    return this.issuedStmt.get(email) !== undefined;
  }

  localPartTaken(local: string): boolean {
    return this.localTakenStmt.get(local) !== undefined;
  }

  /** Records the address as issued (idempotent). */
  recordIssued(email: string, local: string): void {
    this.issueStmt.run(email, local);
  }

  /** Runs `fn` in one transaction (BEGIN IMMEDIATE: the writer lock is taken up front). */
  transaction<T>(fn: () => T): T {
    try {
      return this.db.transaction(fn).immediate();
    } catch (err) {
      // A lookup inside the transaction may have seen a write it rolled back.
      this.remembered.clear();
      throw err;
    }
  }
}

function fromRow(row: LeaseRow): LeaseRecord {
  return {
    email: row.email,
    domain: row.domain,
    generatedAt: row.generated_at,
    expiresAt: row.expires_at,
    extensionCount: row.extension_count,
    maxExtensionCount: row.max_extension_count,
  };
}

function toRow(lease: LeaseRecord): LeaseRow {
  return {
    email: lease.email,
    domain: lease.domain,
    generated_at: lease.generatedAt,
    expires_at: lease.expiresAt,
    extension_count: lease.extensionCount,
    max_extension_count: lease.maxExtensionCount,
  };
}
