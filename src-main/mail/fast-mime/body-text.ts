import { decode as base64Decode } from 'libbase64';
import { decode as decodeCharset } from 'libmime/lib/charset.js';
import { isUtf8Charset } from './shape.ts';
import { decodeQuotedPrintable } from './quoted-printable.ts';

/**
 * A text part's content as mailparser's textContent: the writes through the decoder mailsplit
 * picks (libqp's decoder, as quoted-printable.ts, libbase64's, anything else passed through),
 * then read as UTF-8 when mailparser does so, else through libmime's charset decoding (its
 * decode stream gives what decode() gives for the whole input, and its UTF-8 Buffers are read
 * back, so a lone surrogate becomes U+FFFD as there), CRLF turned into LF.
 */
export function bodyText(
  writes: readonly Buffer[],
  encoding: string | false,
  charset: string | false,
): string {
  let bytes: Buffer;
  if (encoding === 'quoted-printable') {
    // libqp's Decoder joins every write and decodes once at the end
    bytes = decodeQuotedPrintable(
      writes.length === 1 ? (writes[0] as Buffer) : Buffer.concat(writes),
    );
  } else if (encoding === 'base64') {
    bytes = Buffer.concat(base64Writes(writes));
  } else {
    bytes = writes.length === 1 ? (writes[0] as Buffer) : Buffer.concat(writes);
  }
  if (isUtf8Charset(charset)) {
    const text = bytes.toString();
    // read as UTF-8, a CR in the text is a CR byte: without one there is nothing to replace
    return bytes.includes(0x0d) ? text.replace(/\r?\n/g, '\n') : text;
  }
  // a charset decoder may turn other bytes into CR, so the text itself is searched
  const text = Buffer.from(decodeCharset(bytes, charset as string), 'utf-8').toString();
  return text.replace(/\r?\n/g, '\n');
}

/**
 * libbase64's Decoder, write by write: each write decodes up to its last padding character
 * plus whole quartets, the rest waits for the next write or the end.
 */
function base64Writes(writes: readonly Buffer[]): Buffer[] {
  const out: Buffer[] = [];
  let carry = '';
  for (const chunk of writes) {
    if (chunk.length === 0) continue;
    let b64 = carry + chunk.toString('latin1');
    carry = '';
    if (/[^a-zA-Z0-9+/=]/.test(b64)) b64 = b64.replace(/[^a-zA-Z0-9+/=]/g, '');
    let padded = '';
    const lastPad = b64.lastIndexOf('=');
    if (lastPad >= 0) {
      padded = b64.slice(0, lastPad + 1);
      b64 = b64.slice(lastPad + 1);
    }
    if (b64.length < 4) {
      carry = b64;
      b64 = '';
    } else if (b64.length % 4) {
      carry = b64.slice(-(b64.length % 4));
      b64 = b64.slice(0, b64.length - carry.length);
    }
    b64 = padded + b64;
    if (b64) out.push(base64Decode(b64));
  }
  if (carry) out.push(base64Decode(carry));
  return out;
}
