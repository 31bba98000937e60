import { MAIL_LIMITS } from '../../src-shared/mail/limits.ts';
import type { Attachment, Mail } from '../../src-shared/mail/schemas.ts';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/open-database.ts';

/** A mail about to be stored for one recipient mailbox. */
export interface NewMail {
  email: string;
  from: string | null;
  fromName: string | null;
  to: string[];
  subject: string | null;
  text: string | null;
  html: string | null;
  receivedAt: number;
  code: string | null;
  size: number;
  attachments: Attachment[];
  /** The raw message in mail_raw this copy was parsed from. */
  rawId?: number | null;
}

interface MailRow {
  id: number;
  email: string;
  from_address: string | null;
  from_name: string | null;
  to_json: string;
  subject: string | null;
  text: string | null;
  html: string | null;
  received_at: number;
  code: string | null;
  size: number;
  attachments_json: string;
  raw_id: number | null;
}

/** A listing row: the long columns cut by SQL, with a flag saying whether anything was cut. */
interface ListedRow extends Omit<MailRow, 'raw_id'> {
  cut: number | null;
}

/** The columns GET /api/emails/{email}/{id} streams in pieces instead of reading whole. */
export type LongColumn = 'subject' | 'text' | 'html';

/** A stored mail without its long columns, and how long each of them is (null when absent). */
export interface MailHead {
  mail: Omit<Mail, LongColumn>;
  lengths: Record<LongColumn, number | null>;
}

/** One page of a listing. `more`: mails after the last one returned exist. */
export interface MailPage {
  mails: Mail[];
  /** What the mails weigh, counted in characters of their string fields. */
  bytes: number;
  more: boolean;
}

/**
 * SQLite reads the cut with substr() (and length() for the flag), so a 10 MiB body never
 * reaches JavaScript in a listing: a row costs at most the cut lengths.
 */
const LISTED_COLUMNS = `id, email, from_address, from_name, to_json,
  substr(subject, 1, @subjectChars) AS subject,
  substr(text, 1, @bodyChars) AS text,
  substr(html, 1, @bodyChars) AS html,
  received_at, code, size, attachments_json,
  (length(subject) > @subjectChars OR length(text) > @bodyChars OR length(html) > @bodyChars)
    AS cut`;

type PieceStatement = Statement<[number, number, number], { piece: string | null }>;

const CUTS = {
  subjectChars: MAIL_LIMITS.listSubjectChars,
  bodyChars: MAIL_LIMITS.listBodyChars,
};

/** SQL for received mail. Ids come from AUTOINCREMENT, so a swept id is never handed out again. */
export class MailStore {
  private readonly insertStmt;
  private readonly listStmt;
  private readonly oneStmt;
  private readonly existsStmt;
  private readonly headStmt;
  private readonly pieceStmts: Record<LongColumn, PieceStatement>;
  private readonly insertAll;

  constructor(db: Db) {
    this.insertStmt = db.prepare<[Omit<MailRow, 'id'>]>(`
      INSERT INTO mail_messages (email, from_address, from_name, to_json, subject, text, html,
        received_at, code, size, attachments_json, raw_id)
      VALUES (@email, @from_address, @from_name, @to_json, @subject, @text, @html, @received_at,
        @code, @size, @attachments_json, @raw_id)`);
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
      Omit<MailRow, LongColumn | 'raw_id'> & Record<`${LongColumn}_length`, number | null>
    >(
      `SELECT id, email, from_address, from_name, to_json, received_at, code, size,
         attachments_json, length(subject) AS subject_length, length(text) AS text_length,
         length(html) AS html_length
       FROM mail_messages WHERE email = ? AND id = ?`,
    );
    const piece = (column: LongColumn): PieceStatement =>
      db.prepare<[number, number, number], { piece: string | null }>(
        `SELECT substr(${column}, ?, ?) AS piece FROM mail_messages WHERE id = ?`,
      );
    this.pieceStmts = { subject: piece('subject'), text: piece('text'), html: piece('html') };
    // One transaction per SMTP message: every recipient's copy is committed, or none. What
    // comes back is the listing's view of each copy (cut like a list answer), read back by SQL.
    this.insertAll = db.transaction((mails: NewMail[]): Mail[] =>
      mails.map((mail) => {
        const id = Number(this.insertStmt.run(toRow(mail)).lastInsertRowid);
        const row = this.oneStmt.get({ id, ...CUTS });
        if (!row) throw new Error(`mail ${id} vanished inside its own transaction`);
        return listedMail(row);
      }),
    );
  }

  /** Stores the copies and returns them as listings show them; committed when this returns. */
  insert(mails: NewMail[]): Mail[] {
    return this.insertAll.immediate(mails);
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
    const mails: Mail[] = [];
    let bytes = 0;
    let cutByBudget = false;
    for (const row of this.listStmt.iterate({ email, afterId, limit, ...CUTS })) {
      const mail = listedMail(row);
      const weight = weighMail(mail);
      if (bytes + weight > budget && !(atLeastOne && mails.length === 0)) {
        cutByBudget = true;
        break;
      }
      mails.push(mail);
      bytes += weight;
    }
    const lastId = mails.at(-1)?.id ?? afterId;
    const more = cutByBudget || this.existsStmt.get(email, lastId) !== undefined;
    return { mails, bytes, more };
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
        size: row.size,
        attachments: JSON.parse(row.attachments_json) as Attachment[],
        truncated: false,
      },
      lengths: { subject: row.subject_length, text: row.text_length, html: row.html_length },
    };
  }

  /**
   * `count` characters of a long column from character `start` (1-based, as SQL's substr),
   * or null when the mail is gone (swept meanwhile).
   */
  piece(id: number, column: LongColumn, start: number, count: number): string | null {
    const row = this.pieceStmts[column].get(start, count, id);
    return row ? (row.piece ?? '') : null;
  }
}

/** What a mail weighs in a response, counted in characters: the budget's unit. */
function weighMail(mail: Mail): number {
  return (
    256 +
    (mail.subject?.length ?? 0) +
    (mail.text?.length ?? 0) +
    (mail.html?.length ?? 0) +
    (mail.from?.length ?? 0) +
    (mail.from_name?.length ?? 0) +
    mail.to.reduce((sum, a) => sum + a.length + 3, 0) +
    mail.attachments.reduce(
      (sum, a) => sum + 64 + (a.filename?.length ?? 0) + a.content_type.length,
      0,
    )
  );
}

function toRow(mail: NewMail): Omit<MailRow, 'id'> {
  return {
    email: mail.email,
    from_address: mail.from,
    from_name: mail.fromName,
    to_json: JSON.stringify(mail.to),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    received_at: mail.receivedAt,
    code: mail.code,
    size: mail.size,
    attachments_json: JSON.stringify(mail.attachments),
    raw_id: mail.rawId ?? null,
  };
}

function listedMail(row: ListedRow): Mail {
  return {
    id: row.id,
    email: row.email,
    from: row.from_address,
    from_name: row.from_name,
    to: JSON.parse(row.to_json) as string[],
    subject: row.subject,
    text: row.text,
    html: row.html,
    received_at: new Date(row.received_at).toISOString(),
    code: row.code,
    size: row.size,
    attachments: JSON.parse(row.attachments_json) as Attachment[],
    truncated: row.cut === 1,
  };
}
