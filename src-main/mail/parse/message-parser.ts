import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { MAIL_LIMITS } from '../../../src-shared/mail/limits.ts';
import type { Attachment } from '../../../src-shared/mail/schemas.ts';
import { fastParse, type MailFields } from '../fast-mime/fast-parse.ts';
import { htmlToText } from '../html-text/html-to-text.ts';
import { refusalFor } from './message-refused.ts';

/** What the API shows of a message, before it is split per recipient. */
export interface ParsedMessage {
  from: string | null;
  fromName: string | null;
  to: string[];
  subject: string | null;
  text: string | null;
  html: string | null;
  attachments: Attachment[];
}

/**
 * mailparser's options; extract-attachment.ts parses with the same to find the same parts.
 * fast-mime/ gives what mailparser gives with exactly these (no text-to-HTML, no HTML-to-text,
 * cid: links kept); changing one means changing it too, and its tests fail until then.
 */
export const PARSER_OPTIONS = {
  // cid: links stay as they are; inlining images as data: URIs would bloat every html body.
  skipImageLinks: true,
  skipTextToHtml: true,
  skipTextLinks: true,
  // HTML-only mails are rendered by html-text/html-to-text.ts: faster, and for every structure.
  skipHtmlToText: true,
} as const;

/**
 * MIME → fields: charsets (GBK, Big5, ISO-2022-JP, UTF-8 …), encoded words, quoted-printable
 * and base64; an HTML-only mail gets a plain-text rendering. The common shapes (text and html
 * parts, alone or in alternative, mixed, related) take the fast path (fast-mime/), which gives
 * exactly mailparser's result at a third or less of its CPU; the rest, mailparser. Malformed input
 * never throws: whatever cannot be parsed is kept as text, so no accepted mail is lost. The
 * exception is a message past the parser's own limits (a header block over 1 MiB, too many
 * parts): kept as text it would lose its subject and code, so it throws MessageRefused and
 * SMTP answers 552. Address and attachment lists are kept to their first 100 entries and
 * names to 998 characters (MAIL_LIMITS), so what one mail stores outside its bodies is small.
 */
export async function parseMessage(
  raw: Buffer,
  envelopeFrom: string | null,
): Promise<ParsedMessage> {
  return parseFast(raw, envelopeFrom) ?? (await parseWithMailparser(raw, envelopeFrom));
}

/**
 * The fast path (fast-mime/): the same ParsedMessage mailparser gives for the common shapes,
 * null for every other message. tests/unit/mail/fast-mime/ proves the two agree.
 */
export function parseFast(raw: Buffer, envelopeFrom: string | null): ParsedMessage | null {
  const fields = fastParse(raw);
  return fields ? fromParsed({ ...fields, attachments: [] }, envelopeFrom) : null;
}

/** mailparser's path, for every message the fast path declines. */
export async function parseWithMailparser(
  raw: Buffer,
  envelopeFrom: string | null,
): Promise<ParsedMessage> {
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(raw, PARSER_OPTIONS);
  } catch (err) {
    const refused = refusalFor(err);
    if (refused) throw refused;
    return {
      from: envelopeFrom,
      fromName: null,
      to: [],
      subject: null,
      text: raw.toString('utf8'),
      html: null,
      attachments: [],
    };
  }
  return fromParsed(parsed, envelopeFrom);
}

type ParsedFields = MailFields & Pick<ParsedMail, 'attachments'>;

/**
 * Messages whose `text` is the rendering of their HTML (no text part of their own). Kept
 * beside them, not in them, so the message's shape (stored, compared with mailparser's) stays
 * the same; link extraction asks (analyze-message.ts): an anchor's visible text, rendered into
 * that text, is never where a link goes.
 */
const textFromHtml = new WeakSet<ParsedMessage>();

/** Whether `message.text` was rendered from its HTML rather than sent as a text part. */
export function isTextFromHtml(message: ParsedMessage): boolean {
  return textFromHtml.has(message);
}

function fromParsed(parsed: ParsedFields, envelopeFrom: string | null): ParsedMessage {
  const message = readFields(parsed, envelopeFrom);
  if (!hasText(parsed.text) && message.html !== null) textFromHtml.add(message);
  return message;
}

function readFields(parsed: ParsedFields, envelopeFrom: string | null): ParsedMessage {
  const sender = firstAddress(parsed.from);
  const html = typeof parsed.html === 'string' ? parsed.html : null;
  return {
    from: cutName(sender?.address ?? envelopeFrom),
    fromName: cutName(sender?.name || null),
    to: addresses(parsed.to)
      .slice(0, MAIL_LIMITS.maxStoredAddresses)
      .map((a) => cutName(a)),
    subject: parsed.subject ?? null,
    text: hasText(parsed.text) ? parsed.text : html !== null ? htmlToText(html) : null,
    html,
    attachments: parsed.attachments.slice(0, MAIL_LIMITS.maxStoredAttachments).map((a) => ({
      filename: cutName(a.filename ?? null),
      // mailparser leaves `false` for a part whose Content-Type is empty
      content_type: cutName(a.contentType || 'application/octet-stream'),
      size: a.size,
    })),
  };
}

/** A name cut to MAIL_LIMITS.maxStoredNameChars, never inside a surrogate pair. */
function cutName<T extends string | null>(value: T): T {
  const max = MAIL_LIMITS.maxStoredNameChars;
  if (value === null || value.length <= max) return value;
  const end = /[\uD800-\uDBFF]/.test(value.charAt(max - 1)) ? max - 1 : max;
  return value.slice(0, end) as T;
}

function list(field: AddressObject | AddressObject[] | undefined): AddressObject[] {
  if (!field) return [];
  return Array.isArray(field) ? field : [field];
}

function firstAddress(field: AddressObject | undefined): { address: string; name: string } | null {
  for (const entry of list(field).flatMap((f) => f.value)) {
    if (entry.address) return { address: entry.address, name: entry.name };
  }
  return null;
}

/** Addresses of a To header, groups flattened. */
function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  return list(field)
    .flatMap((f) => f.value)
    .flatMap((entry) => (entry.group ? entry.group : [entry]))
    .map((entry) => entry.address)
    .filter((a): a is string => typeof a === 'string' && a !== '');
}

/** mailparser leaves '' where skipHtmlToText skipped an HTML-only body. */
function hasText(text: string | undefined): text is string {
  // \S is what trim() keeps (both use WhiteSpace and LineTerminator); no copy of the body
  return text !== undefined && /\S/.test(text);
}
