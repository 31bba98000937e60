import type { Attachment, Mail } from '../../src-shared/mail/schemas.ts';
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
}

/** SQL for received mail. Ids come from AUTOINCREMENT, so a swept id is never handed out again. */
export class MailStore {
  private readonly insertStmt;
  private readonly listStmt;
  private readonly insertAll;

  constructor(db: Db) {
    this.insertStmt = db.prepare<[Omit<MailRow, 'id'>]>(`
      INSERT INTO mail_messages (email, from_address, from_name, to_json, subject, text, html,
        received_at, code, size, attachments_json)
      VALUES (@email, @from_address, @from_name, @to_json, @subject, @text, @html, @received_at,
        @code, @size, @attachments_json)`);
    this.listStmt = db.prepare<[string, number, number], MailRow>(
      'SELECT * FROM mail_messages WHERE email = ? AND id > ? ORDER BY id LIMIT ?',
    );
    // One transaction per SMTP message: every recipient's copy is committed, or none.
    this.insertAll = db.transaction((mails: NewMail[]): Mail[] =>
      mails.map((mail) => {
        const row = toRow(mail);
        const id = Number(this.insertStmt.run(row).lastInsertRowid);
        return toMail({ id, ...row });
      }),
    );
  }

  /** Stores the copies and returns them as the API shows them; committed when this returns. */
  insert(mails: NewMail[]): Mail[] {
    return this.insertAll.immediate(mails);
  }

  /** Mails of one mailbox with id > afterId, ascending, at most `limit`. */
  list(email: string, afterId: number, limit: number): Mail[] {
    return this.listStmt.all(email, afterId, limit).map(toMail);
  }
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
  };
}

function toMail(row: MailRow): Mail {
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
  };
}
