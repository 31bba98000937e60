import { MAIL_LIMITS } from '../../../src-shared/mail/limits.ts';
import type { Attachment } from '../../../src-shared/mail/schemas.ts';
import type { ListedMail } from './listed-mail.ts';

/** The cuts of a listing, bound as @subjectChars and @bodyChars. */
export const CUTS = {
  subjectChars: MAIL_LIMITS.listSubjectChars,
  bodyChars: MAIL_LIMITS.listBodyChars,
};

/** A row of mail_messages as SQLite gives it. */
export interface MailRow {
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
  link: string | null;
  size: number;
  attachments_json: string;
  is_read: number;
  raw_id: number | null;
  parse_error: string | null;
}

/** A listing row: the long columns cut by SQL, with a flag saying whether anything was cut. */
export type ListedRow = Omit<MailRow, 'text' | 'html' | 'raw_id'> & {
  /** The cut bodies as their UTF-8 bytes (CAST AS BLOB): no JavaScript string is made. */
  text: Buffer | null;
  html: Buffer | null;
  /** 1 when the subject was cut (null when there is none). */
  subject_cut: number | null;
  /** The bodies' whole sizes in bytes (null when absent): more than the cut's when cut. */
  text_bytes: number | null;
  html_bytes: number | null;
};

/**
 * SQLite reads the cut with substr(), so a 10 MiB body never reaches JavaScript in a listing:
 * a row costs at most the cut lengths. Whether a body was cut is told by its size in bytes
 * (octet_length, which SQLite answers from the record header without reading the value),
 * compared with the cut's: the cut is a prefix, so the body is longer exactly when it has more
 * bytes. length() would read the whole 5 MiB value again just to count its characters.
 * `t` is the table's prefix (`m.`) or ''.
 */
export function listedColumns(t: string): string {
  return `${t}id AS id, ${t}email AS email, ${t}from_address AS from_address,
  ${t}from_name AS from_name, ${t}to_json AS to_json,
  substr(${t}subject, 1, @subjectChars) AS subject,
  CAST(substr(${t}text, 1, @bodyChars) AS BLOB) AS text,
  CAST(substr(${t}html, 1, @bodyChars) AS BLOB) AS html,
  ${t}received_at AS received_at, ${t}code AS code, ${t}link AS link, ${t}size AS size,
  ${t}attachments_json AS attachments_json, ${t}is_read AS is_read,
  ${t}parse_error AS parse_error,
  length(${t}subject) > @subjectChars AS subject_cut,
  octet_length(${t}text) AS text_bytes, octet_length(${t}html) AS html_bytes`;
}

/** A row as a listed mail; the fields in Mail's order (listed-mail.ts writes them so). */
export function listedFromRow(row: ListedRow): ListedMail {
  return {
    fields: {
      id: row.id,
      email: row.email,
      from: row.from_address,
      from_name: row.from_name,
      to: JSON.parse(row.to_json) as string[],
      subject: row.subject,
      received_at: new Date(row.received_at).toISOString(),
      code: row.code,
      link: row.link,
      size: row.size,
      attachments: JSON.parse(row.attachments_json) as Attachment[],
      read: row.is_read === 1,
      truncated:
        row.subject_cut === 1 || isCut(row.text, row.text_bytes) || isCut(row.html, row.html_bytes),
      parse_error: row.parse_error,
    },
    text: row.text,
    html: row.html,
  };
}

function isCut(cut: Buffer | null, wholeBytes: number | null): boolean {
  return (wholeBytes ?? 0) > (cut?.length ?? 0);
}

/** Rows as listed mails, one at a time (a page that stops early leaves the rest unread). */
export function* listedRows(rows: Iterable<ListedRow>): Generator<ListedMail> {
  for (const row of rows) yield listedFromRow(row);
}
