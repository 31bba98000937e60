import type mailsplit from '@zone-eu/mailsplit';
import { normalizeCharset } from 'libmime/lib/charset.js';

type MimeNode = InstanceType<typeof mailsplit.MimeNode>;

/**
 * What the fast path takes, and its bounds. Everything outside goes to mailparser, which is
 * always right; these bounds sit far inside mailsplit's own (1 MiB of header cost per part,
 * 1000 parts), so every message mailparser refuses is one the fast path declines first.
 */
export const MAX_PARTS = 64;
export const MAX_DEPTH = 8;
export const MAX_HEADER_COST = 256 * 1024;
/** A last line without LF past this is flushed by mailsplit in pieces (64 KiB). */
export const MAX_TAIL_LINE = 32 * 1024;

const TRANSFER_ENCODINGS = new Set(['', '7bit', '8bit', 'binary', 'quoted-printable', 'base64']);

/**
 * The part's text type when mailparser would read it as inline text the fast path decodes the
 * same way: text/plain or text/html (a root without Content-Type is text/plain, as in
 * mailparser's createNode), not an attachment by disposition, a known transfer encoding,
 * a charset it reads as UTF-8 or one of isDecodedCharset's, not format=flowed, and no boundary
 * parameter (mailsplit would split a leaf by it). Null for anything else.
 */
export function isTextLeaf(mime: MimeNode, root: boolean): 'text/plain' | 'text/html' | null {
  const contentType = mime.contentType || (root ? 'text/plain' : false);
  if (contentType !== 'text/plain' && contentType !== 'text/html') return null;
  if (mime.disposition && mime.disposition !== 'inline') return null;
  if (mime.flowed || mime._boundary) return null;
  if (!TRANSFER_ENCODINGS.has(mime.encoding || '')) return null;
  if (!isUtf8Charset(mime.charset) && !isDecodedCharset(mime.charset)) return null;
  return contentType;
}

/** mailparser skips charset decoding for these (the bytes are read as UTF-8). */
export function isUtf8Charset(charset: string | false): boolean {
  const name = (charset || 'utf-8').toLowerCase().replace(/[^a-z0-9]+/g, '');
  return name === 'utf8' || name === 'usascii' || name === 'ascii';
}

/**
 * Charsets mailparser decodes through libmime that the fast path decodes the same way (tests in
 * tests/unit/mail/fast-mime/charsets.test.ts): the single-byte ISO-8859 and Windows code pages,
 * KOI8, the Chinese, Korean and Japanese sets, by the names libmime's normalizeCharset gives
 * them. Not UTF-7, UTF-16 and other names libmime refuses, does not know or treats apart.
 */
function isDecodedCharset(charset: string | false): boolean {
  return charset !== false && DECODED_CHARSET.test(normalizeCharset(charset));
}

const DECODED_CHARSET =
  /^(?:ISO-8859-(?:[1-9]|1[0-6])|WINDOWS-125[0-8]|KOI8-[RU]|GBK|GB2312|GB18030|BIG5|EUC-KR|CP949|ISO-2022-JP|SHIFT_JIS|EUC-JP|CP932)$/i;
