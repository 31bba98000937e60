import type { Attachment, Mail } from '../../../src-shared/mail/schemas.ts';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/open-database.ts';
import { listedToMail } from './listed-mail.ts';
import {
  CUTS,
  listedColumns,
  listedFromRow,
  listedRows,
  type ListedRow,
  type MailRow,
} from './mail-listing.ts';
import { asMailPage, collectPage, type ListedPage, type MailPage } from './mail-page.ts';
import { SearchIndex } from './search-index.ts';

export type { ListedPage, MailPage } from './mail-page.ts';

/** A mail about to be stored for one recipient mailbox. */
export interface NewMail {
  email: string;
  from: string | null;
  fromName: string | null;
  to: string[];
  subject: string | null;
  /** A Buffer holds UTF-8 (a long body from the parse pool, body-bytes.ts). */
  text: string | Buffer | null;
  html: string | Buffer | null;
  receivedAt: number;
  code: string | null;
  link: string | null;
  size: number;
  attachments: Attachment[];
  /** The raw message in mail_raw this copy was parsed from. */
  rawId?: number | null;
  /** Why it is stored as its raw text, unparsed (Mail.parse_error); absent: parsed. */
  parseError?: string | null;
}

/** The columns GET /api/emails/{email}/{id} streams in pieces instead of reading whole. */
export type LongColumn = 'subject' | 'text' | 'html';

/**
 * A stored mail without its long columns, and the size of each in bytes (null when absent):
 * octet_length(), which SQLite answers from the record header without reading the value.
 */
export interface MailHead {
  mail: Omit<Mail, LongColumn>;
  bytes: Record<LongColumn, number | null>;
}

const LISTED_COLUMNS = listedColumns('');

type PieceStatement = Statement<[number, number, number], { piece: Buffer | null }>;

const EMPTY = Buffer.alloc(0);

/** SQL for received mail. Ids come from AUTOINCREMENT, so a swept id is never handed out again. */
export class MailStore {
  private readonly insertStmt;
  private readonly listStmt;
  private readonly oneStmt;
  private readonly existsStmt;
  private readonly headStmt;
  private readonly pieceStmts: Record<LongColumn, PieceStatement>;
  private readonly insertRows;
  private readonly insertAll;
  /** The full-text index, which trails new mail (search-index.ts; mail-search.ts reads it). */
  readonly searchIndex: SearchIndex;
  private readonly deleteOneStmt;
  private readonly deleteAllStmt;
  private readonly readStmt;
  private readonly readAllStmt;

  constructor(private readonly db: Db) {
    // A body bound as bytes is UTF-8 text: CAST stores it as TEXT without a JavaScript string.
    this.insertStmt = db.prepare<[InsertRow]>(`
      INSERT INTO mail_messages (email, from_address, from_name, to_json, subject, text, html,
        received_at, code, link, size, attachments_json, raw_id, parse_error)
      VALUES (@email, @from_address, @from_name, @to_json, @subject, CAST(@text AS TEXT),
        CAST(@html AS TEXT), @received_at, @code, @link, @size, @attachments_json, @raw_id,
        @parse_error)`);
    this.listStmt = db.prepare<
      [{ email: string; afterId: number; limit: number } & typeof CUTS],
      ListedRow
    >(
      `SELECT ${LISTED_COLUMNS} FROM mail_messages
       WHERE email = @email AND id > @afterId ORDER BY id LIMIT @limit`,
    );
    this.oneStmt = db.prepare<[{ id: number } & typeof CUTS], ListedRow>(
      `SELECT ${LISTED_COLUMNS} FROM mail_messages WHERE id = @id`,
    );
    this.existsStmt = db.prepare<[string, number], { id: number }>(
      'SELECT id FROM mail_messages WHERE email = ? AND id > ? LIMIT 1',
    );
    this.headStmt = db.prepare<
      [string, number],
      Omit<MailRow, LongColumn | 'raw_id'> & Record<`${LongColumn}_bytes`, number | null>
    >(
      `SELECT id, email, from_address, from_name, to_json, received_at, code, link, size,
         attachments_json, is_read, parse_error, octet_length(subject) AS subject_bytes,
         octet_length(text) AS text_bytes, octet_length(html) AS html_bytes
       FROM mail_messages WHERE email = ? AND id = ?`,
    );
    this.deleteOneStmt = db.prepare<[string, number]>(
      'DELETE FROM mail_messages WHERE email = ? AND id = ?',
    );
    this.deleteAllStmt = db.prepare<[string]>('DELETE FROM mail_messages WHERE email = ?');
    this.readStmt = db.prepare<[number, string, number]>(
      'UPDATE mail_messages SET is_read = ? WHERE email = ? AND id = ?',
    );
    this.readAllStmt = db.prepare<[string]>(
      'UPDATE mail_messages SET is_read = 1 WHERE email = ? AND is_read = 0',
    );
    const piece = (column: LongColumn): PieceStatement =>
      db.prepare<[number, number, number], { piece: Buffer | null }>(
        `SELECT CAST(substr(${column}, ?, ?) AS BLOB) AS piece FROM mail_messages WHERE id = ?`,
      );
    this.pieceStmts = { subject: piece('subject'), text: piece('text'), html: piece('html') };
    // One transaction per SMTP message: every recipient's copy is committed, or none. What
    // comes back is the listing's view of each copy (cut like a list answer), read back by SQL.
    this.insertRows = (mails: NewMail[]): Mail[] =>
      mails.map((mail) => {
        const id = Number(this.insertStmt.run(toRow(mail)).lastInsertRowid);
        const row = this.oneStmt.get({ id, ...CUTS });
        if (!row) throw new Error(`mail ${id} vanished inside its own transaction`);
        return listedToMail(listedFromRow(row));
      });
    this.insertAll = db.transaction(this.insertRows);
    this.searchIndex = new SearchIndex(db);
  }

  /**
   * Stores the copies and returns them as listings show them; committed when this returns, or
   * with the caller's transaction (without a savepoint per call: they cost as much as the rows).
   */
  insert(mails: NewMail[]): Mail[] {
    const stored = this.db.inTransaction ? this.insertRows(mails) : this.insertAll.immediate(mails);
    this.searchIndex.stored(stored.length);
    return stored;
  }

  /**
   * Stores the copies without reading them back, inside the caller's transaction: for mail
   * nobody is handed at once (ParsedMailWriter). Reading a copy back cost a fifth of storing it.
   */
  insertQuietly(mails: readonly NewMail[]): void {
    for (const mail of mails) this.insertStmt.run(toRow(mail));
    this.searchIndex.stored(mails.length);
  }

  /**
   * Mails of one mailbox with id > afterId, ascending, at most `limit`, cut for listings; stops
   * before the mail that would take the page past `budget` bytes;
   * with `atLeastOne` the first mail is taken whatever it weighs, so a reader always moves on.
   * Rows are read one at a time, so a stop leaves the rest unread.
   */
  page(
    email: string,
    afterId: number,
    limit: number,
    budget: number,
    atLeastOne: boolean,
  ): MailPage {
    return asMailPage(this.listedPage(email, afterId, limit, budget, atLeastOne));
  }

  /** page() with the bodies as UTF-8 bytes, as the HTTP and WebSocket answers write them. */
  listedPage(
    email: string,
    afterId: number,
    limit: number,
    budget: number,
    atLeastOne: boolean,
  ): ListedPage {
    this.searchIndex.postpone();
    return collectPage(
      listedRows(this.listStmt.iterate({ email, afterId, limit, ...CUTS })),
      afterId,
      budget,
      atLeastOne,
      (lastId) => this.existsStmt.get(email, lastId) !== undefined,
    );
  }

  /** Deletes one mail of one mailbox; false when there is none with that id. */
  deleteOne(email: string, id: number): boolean {
    return this.deleteOneStmt.run(email, id).changes > 0;
  }

  /** Deletes every mail of one mailbox; returns how many. */
  deleteAll(email: string): number {
    return this.deleteAllStmt.run(email).changes;
  }

  /** Marks one mail read or unread; false when the mailbox has no mail with that id. */
  setRead(email: string, id: number, read: boolean): boolean {
    return this.readStmt.run(read ? 1 : 0, email, id).changes > 0;
  }

  /** Marks every unread mail of one mailbox read, in one statement; returns how many. */
  setAllRead(email: string): number {
    return this.readAllStmt.run(email).changes;
  }

  /** One mail of one mailbox without its long columns, or null. */
  head(email: string, id: number): MailHead | null {
    const row = this.headStmt.get(email, id);
    if (!row) return null;
    return {
      mail: {
        id: row.id,
        email: row.email,
        from: row.from_address,
        from_name: row.from_name,
        to: JSON.parse(row.to_json) as string[],
        received_at: new Date(row.received_at).toISOString(),
        code: row.code,
        link: row.link,
        size: row.size,
        attachments: JSON.parse(row.attachments_json) as Attachment[],
        read: row.is_read === 1,
        truncated: false,
        parse_error: row.parse_error,
      },
      bytes: { subject: row.subject_bytes, text: row.text_bytes, html: row.html_bytes },
    };
  }

  /**
   * `count` characters of a long column from character `start` (1-based, as SQL's substr), as
   * UTF-8 bytes, or null when the mail is gone (swept meanwhile).
   */
  piece(id: number, column: LongColumn, start: number, count: number): Buffer | null {
    const row = this.pieceStmts[column].get(start, count, id);
    return row ? (row.piece ?? EMPTY) : null;
  }
}

/**
 * SQLite stores a NUL inside TEXT, but its text functions (substr, length, FTS5's tokenizer)
 * treat it as the end of the string, so listings cut by substr() would end a subject or body
 * at its first NUL (`a\0b… code 654321` listed as `a`). A NUL is no character a mail means to
 * show, so it becomes U+FFFD before it is bound, like any other byte that cannot be shown.
 */
function withoutNul<T extends string | null>(value: T): T {
  return (value === null || !value.includes('\0') ? value : value.replaceAll('\0', '\uFFFD')) as T;
}

/** A body as withoutNul leaves it; bytes stay bytes unless they hold a NUL (rare). */
function bodyWithoutNul(value: string | Buffer | null): string | Buffer | null {
  if (!Buffer.isBuffer(value)) return withoutNul(value);
  return value.includes(0) ? withoutNul(value.toString('utf8')) : value;
}

type InsertRow = Omit<MailRow, 'id' | 'is_read' | 'text' | 'html'> & {
  text: string | Buffer | null;
  html: string | Buffer | null;
};

function toRow(mail: NewMail): InsertRow {
  return {
    email: mail.email,
    from_address: withoutNul(mail.from),
    from_name: withoutNul(mail.fromName),
    to_json: JSON.stringify(mail.to),
    subject: withoutNul(mail.subject),
    text: bodyWithoutNul(mail.text),
    html: bodyWithoutNul(mail.html),
    received_at: mail.receivedAt,
    code: mail.code,
    link: mail.link,
    size: mail.size,
    attachments_json: JSON.stringify(mail.attachments),
    raw_id: mail.rawId ?? null,
    parse_error: mail.parseError ?? null,
  };
}
