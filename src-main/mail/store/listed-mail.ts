import type { Mail } from '../../../src-shared/mail/schemas.ts';
import { jsonStringBytes, utf16Length } from './json-bytes.ts';

/**
 * A mail as listings carry it (GET /api/emails/{email}, bulk, the WebSocket replay): its bodies
 * cut by SQL and kept as the UTF-8 bytes SQLite holds, so an answer of several MiB is written
 * out without making each body a JavaScript string first (bench/mail-large-mailbox.ts).
 */
export interface ListedMail {
  /** Every field of the mail but its two bodies. */
  fields: Omit<Mail, 'text' | 'html'>;
  /** The cut `text` and `html`, UTF-8; null when the mail has none. */
  text: Buffer | null;
  html: Buffer | null;
}

/** The mail as an object (the desktop's IPC, the live hub): the same fields in the same order. */
export function listedToMail(listed: ListedMail): Mail {
  const { fields: f } = listed;
  return {
    id: f.id,
    email: f.email,
    from: f.from,
    from_name: f.from_name,
    to: f.to,
    subject: f.subject,
    text: listed.text?.toString('utf8') ?? null,
    html: listed.html?.toString('utf8') ?? null,
    received_at: f.received_at,
    code: f.code,
    link: f.link,
    size: f.size,
    attachments: f.attachments,
    read: f.read,
    truncated: f.truncated,
    parse_error: f.parse_error,
  };
}

/** What a mail weighs in a response, counted in characters (UTF-16 units): the budget's unit. */
export function weighListed(listed: ListedMail): number {
  const { fields: f } = listed;
  return (
    256 +
    (f.subject?.length ?? 0) +
    (listed.text ? utf16Length(listed.text) : 0) +
    (listed.html ? utf16Length(listed.html) : 0) +
    (f.from?.length ?? 0) +
    (f.from_name?.length ?? 0) +
    f.to.reduce((sum, a) => sum + a.length + 3, 0) +
    f.attachments.reduce(
      (sum, a) => sum + 64 + (a.filename?.length ?? 0) + a.content_type.length,
      0,
    )
  );
}

const NULL = Buffer.from('null');
const QUOTE = Buffer.from('"');

/**
 * The mail's JSON as UTF-8 bytes, byte for byte what `JSON.stringify(listedToMail(listed))`
 * gives (tests/unit/mail/listed-mail.test.ts), with the bodies escaped in small slices.
 */
export function encodeListed(listed: ListedMail): Buffer[] {
  // The fields object holds them in Mail's order (mail-listing.ts); text and html go after
  // subject.
  const { id, email, from, from_name, to, subject, ...rest } = listed.fields;
  const before = JSON.stringify({ id, email, from, from_name, to, subject }).slice(0, -1);
  const after = JSON.stringify(rest);
  const body = (utf8: Buffer | null): Buffer[] =>
    utf8 === null ? [NULL] : [QUOTE, jsonStringBytes(utf8), QUOTE];
  return [
    Buffer.from(`${before},"text":`),
    ...body(listed.text),
    Buffer.from(',"html":'),
    ...body(listed.html),
    Buffer.from(`,${after.slice(1)}`),
  ];
}
