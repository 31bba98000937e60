import type { ParsedMail } from 'mailparser';
import { headerFields } from './header-fields.ts';
import { splitParts } from './mime-tree.ts';
import { textContent } from './text-content.ts';

/** The fields of simpleParser's result that parseMessage reads. */
export type MailFields = Pick<ParsedMail, 'from' | 'to' | 'subject' | 'text' | 'html'>;

/**
 * simpleParser's result (with message-parser.ts's PARSER_OPTIONS) for the mail people wait
 * for: one text/plain or text/html part, or those inside multipart/alternative, mixed and
 * related, in 7bit, 8bit, quoted-printable or base64, UTF-8 or a charset shape.ts lists. Null
 * for anything else (attachments, other types or charsets, format=flowed, malformed structure,
 * past the bounds in shape.ts): mailparser parses those. Built from the modules mailparser itself uses
 * (mailsplit's MimeNode for part headers, libqp, libbase64, libmime, its address parser),
 * without its stream machinery, which is most of its cost on a small mail.
 */
export function fastParse(raw: Buffer): MailFields | null {
  try {
    const root = splitParts(raw);
    if (!root) return null;
    const { text, html } = textContent(root);
    const { subject, from, to } = headerFields(root.mime);
    return { from, to, subject, text, html: html ? html : false };
  } catch {
    // whatever mailparser would make of it, it is not for the fast path to guess
    return null;
  }
}
