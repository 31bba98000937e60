import type { Db } from '../../db/open-database.ts';
import type { Envelope } from './envelope.ts';
import { messageIdOf } from './message-headers.ts';

/** A committed raw message not parsed yet, without its bytes. */
export interface PendingRaw {
  id: number;
  bytes: number;
  /** Parses begun on it so far (migration 010): one that never finished still counts. */
  attempts: number;
}

/** A raw message with its envelope, as read back for parsing. */
export interface StoredRaw {
  id: number;
  envelope: Envelope;
  receivedAt: number;
  raw: Buffer;
  /** Parses begun on it before this one (0 once it is no longer pending). */
  attempts: number;
}

/** Where a mail's raw message is, and how long it is; null for mails stored without one. */
export interface RawRef {
  rawId: number;
  bytes: number;
}

/** SQL for mail_raw and mail_pending (src-main/db/migrations/003-mail-raw.ts). */
export class RawStore {
  private readonly insertRaw;
  private readonly insertPending;
  private readonly pendingStmt;
  private readonly pendingRecipientsStmt;
  private readonly readStmt;
  private readonly refStmt;
  private readonly sliceStmt;
  private readonly wholeStmt;
  private readonly donePending;
  private readonly insertAll;
  private readonly countStmt;
  private readonly sizeStmt;
  private readonly insertMessageId;
  private readonly messageIdStmt;
  private readonly attemptStmt;
  private readonly pendingSizeStmt;

  constructor(private readonly db: Db) {
    this.insertRaw = db.prepare<[string | null, string, number, Buffer]>(
      'INSERT INTO mail_raw (envelope_from, recipients_json, received_at, raw) VALUES (?, ?, ?, ?)',
    );
    this.insertPending = db.prepare<[number]>('INSERT INTO mail_pending (raw_id) VALUES (?)');
    this.pendingStmt = db.prepare<[number, number], PendingRaw>(
      `SELECT p.raw_id AS id, length(r.raw) AS bytes, p.attempts FROM mail_pending p
       JOIN mail_raw r ON r.id = p.raw_id WHERE p.raw_id > ? ORDER BY p.raw_id LIMIT ?`,
    );
    this.pendingRecipientsStmt = db.prepare<[], { id: number; recipients_json: string }>(
      `SELECT p.raw_id AS id, r.recipients_json FROM mail_pending p
       JOIN mail_raw r ON r.id = p.raw_id ORDER BY p.raw_id`,
    );
    this.readStmt = db.prepare<
      [number],
      {
        id: number;
        envelope_from: string | null;
        recipients_json: string;
        received_at: number;
        raw: Buffer;
        attempts: number;
      }
    >(
      `SELECT r.id, r.envelope_from, r.recipients_json, r.received_at, r.raw,
         coalesce(p.attempts, 0) AS attempts
       FROM mail_raw r LEFT JOIN mail_pending p ON p.raw_id = r.id WHERE r.id = ?`,
    );
    this.refStmt = db.prepare<[string, number], { raw_id: number | null; bytes: number | null }>(
      `SELECT m.raw_id, length(r.raw) AS bytes FROM mail_messages m
       LEFT JOIN mail_raw r ON r.id = m.raw_id WHERE m.email = ? AND m.id = ?`,
    );
    this.sliceStmt = db.prepare<[number, number, number], { piece: Buffer | null }>(
      'SELECT substr(raw, ?, ?) AS piece FROM mail_raw WHERE id = ?',
    );
    this.wholeStmt = db.prepare<[number], { raw: Buffer }>('SELECT raw FROM mail_raw WHERE id = ?');
    // length() of a BLOB comes from its record header: the bytes themselves are not read.
    this.sizeStmt = db
      .prepare<[number], number>('SELECT length(raw) FROM mail_raw WHERE id = ?')
      .pluck();
    // One statement for a whole batch: the ids travel as a JSON array.
    this.attemptStmt = db.prepare<[string]>(
      `UPDATE mail_pending SET attempts = attempts + 1
       WHERE raw_id IN (SELECT value FROM json_each(?))`,
    );
    this.pendingSizeStmt = db.prepare<[number], { bytes: number; attempts: number }>(
      `SELECT length(r.raw) AS bytes, p.attempts FROM mail_pending p
       JOIN mail_raw r ON r.id = p.raw_id WHERE p.raw_id = ?`,
    );
    this.countStmt = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM mail_pending');
    this.donePending = db.prepare<[number]>('DELETE FROM mail_pending WHERE raw_id = ?');
    this.insertMessageId = db.prepare<[string, string, number]>(
      'INSERT OR IGNORE INTO mail_message_ids (email, message_id, raw_id) VALUES (?, ?, ?)',
    );
    this.messageIdStmt = db
      .prepare<[string, string]>(
        'SELECT 1 FROM mail_message_ids WHERE email = ? AND message_id = ?',
      )
      .pluck();
    // One transaction for every message that finished arriving in the same tick (group commit).
    this.insertAll = db.transaction(
      (items: { envelope: Envelope; raw: Buffer; receivedAt: number }[]): number[] =>
        items.map(({ envelope, raw, receivedAt }) => {
          const id = Number(
            this.insertRaw.run(envelope.from, JSON.stringify(envelope.recipients), receivedAt, raw)
              .lastInsertRowid,
          );
          this.insertPending.run(id);
          // Remembered per recipient, so the same mail fetched later from a mail source is
          // not stored a second time (mail/sources/source-ingest.ts).
          const messageId = messageIdOf(raw);
          if (messageId) {
            for (const email of envelope.recipients) this.insertMessageId.run(email, messageId, id);
          }
          return id;
        }),
    );
  }

  /** Commits the messages with their envelopes as pending; their ids, in order. */
  commit(items: { envelope: Envelope; raw: Buffer; receivedAt: number }[]): number[] {
    return this.insertAll.immediate(items);
  }

  /** Pending messages after `afterId`, oldest first, at most `limit`. */
  pending(afterId: number, limit: number): PendingRaw[] {
    return this.pendingStmt.all(afterId, limit);
  }

  /** Was a raw message with this Message-ID stored for this address (SMTP or a source)? */
  hasMessageId(email: string, messageId: string): boolean {
    return this.messageIdStmt.get(email, messageId) !== undefined;
  }

  pendingCount(): number {
    return this.countStmt.get()?.n ?? 0;
  }

  /** Every pending message's id and recipients (at start, for the read-after-250 wait). */
  pendingRecipients(): { id: number; recipients: string[] }[] {
    return this.pendingRecipientsStmt
      .all()
      .map((row) => ({ id: row.id, recipients: JSON.parse(row.recipients_json) as string[] }));
  }

  /**
   * Counts a parse begun on each message, committed before the parse starts: a parse that takes
   * the process down is still counted at the next start.
   */
  noteAttempts(ids: readonly number[]): void {
    if (ids.length > 0) this.attemptStmt.run(JSON.stringify(ids));
  }

  /** A pending message's length and the parses begun on it; null when it is not pending. */
  pendingSize(id: number): { bytes: number; attempts: number } | null {
    return this.pendingSizeStmt.get(id) ?? null;
  }

  /** The raw message's length in bytes, or null when there is none. */
  size(id: number): number | null {
    return this.sizeStmt.get(id) ?? null;
  }

  read(id: number): StoredRaw | null {
    const row = this.readStmt.get(id);
    if (!row) return null;
    return {
      id: row.id,
      envelope: {
        from: row.envelope_from,
        recipients: JSON.parse(row.recipients_json) as string[],
      },
      receivedAt: row.received_at,
      raw: row.raw,
      attempts: row.attempts,
    };
  }

  /**
   * Marks a message parsed; call inside the transaction that stores its mails. False when it
   * was not pending (stored already).
   */
  markParsed(id: number): boolean {
    return this.donePending.run(id).changes > 0;
  }

  /** Runs `fn` in one transaction. */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  /** The raw message of one mail of one mailbox; undefined: no such mail; null: none kept. */
  ref(email: string, mailId: number): RawRef | null | undefined {
    const row = this.refStmt.get(email, mailId);
    if (!row) return undefined;
    if (row.raw_id === null || row.bytes === null) return null;
    return { rawId: row.raw_id, bytes: row.bytes };
  }

  /** `count` bytes from byte `start` (1-based, as SQL's substr), or null when it is gone. */
  slice(rawId: number, start: number, count: number): Buffer | null {
    const row = this.sliceStmt.get(start, count, rawId);
    return row ? (row.piece ?? Buffer.alloc(0)) : null;
  }

  /** The whole raw message (at most 10 MiB), or null when it is gone. */
  whole(rawId: number): Buffer | null {
    return this.wholeStmt.get(rawId)?.raw ?? null;
  }
}
