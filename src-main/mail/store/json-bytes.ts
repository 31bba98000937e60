import { isAscii, isUtf8 } from 'node:buffer';

/** The longest escape JSON.stringify writes for a byte: \u00xx. */
const MAX_ESCAPE = 6;

/**
 * What JSON.stringify writes for each byte inside a string, as flat tables (typed arrays keep
 * the loops below fast): ESCAPE_LENGTH[byte] is 0 when the byte stays as it is, else the length
 * of its escape (\" \\ \b \t \n \f \r, or \u00xx for the other controls), whose bytes are
 * ESCAPE_BYTES[byte * MAX_ESCAPE + k].
 */
const ESCAPE_LENGTH = new Uint8Array(256);
const ESCAPE_BYTES = new Uint8Array(256 * MAX_ESCAPE);
for (let byte = 0; byte < 128; byte++) {
  const written = JSON.stringify(String.fromCharCode(byte)).slice(1, -1);
  if (written.length === 1) continue;
  ESCAPE_LENGTH[byte] = written.length;
  ESCAPE_BYTES.set(Buffer.from(written, 'latin1'), byte * MAX_ESCAPE);
}

/** Bodies this long or longer are escaped byte by byte, never made into a string. */
const BYTE_LOOP_FROM = 64 * 1024;

/**
 * The UTF-8 text `utf8` as the inside of a JSON string (no quotes), as UTF-8 bytes: exactly
 * what `JSON.stringify(utf8.toString())` writes between its quotes. Long valid UTF-8 is escaped
 * byte by byte into one buffer of the exact size (or returned as it is when nothing needs an
 * escape), so a body of several MiB never becomes a JavaScript string, which V8 would keep in
 * its old space until a full collection; a short one goes through a short-lived string.
 *
 * SQLite keeps what better-sqlite3 wrote, and that writes a lone surrogate of a JavaScript
 * string as the three bytes of its code point: not valid UTF-8. Such text takes the string
 * route, as the bodies were read before (decoded whole, then JSON.stringify), so its
 * replacement characters come out the same.
 */
export function jsonStringBytes(utf8: Buffer): Buffer {
  if (!isUtf8(utf8)) return Buffer.from(JSON.stringify(utf8.toString('utf8')).slice(1, -1));
  if (utf8.length < BYTE_LOOP_FROM) {
    // Read as latin1 each byte is one character, so JSON.stringify escapes exactly the bytes
    // the loop below does (controls, quote, backslash) and leaves every byte of a multi-byte
    // sequence (0x80 and up) as it is; all of it native code, a third faster than the loop.
    const quoted = JSON.stringify(utf8.toString('latin1'));
    return quoted.length === utf8.length + 2 ? utf8 : Buffer.from(quoted.slice(1, -1), 'latin1');
  }
  let growth = 0;
  for (let i = 0; i < utf8.length; i++) {
    const escape = ESCAPE_LENGTH[utf8[i] ?? 0] ?? 0;
    if (escape > 0) growth += escape - 1;
  }
  if (growth === 0) return utf8;
  const out = Buffer.allocUnsafe(utf8.length + growth);
  let at = 0;
  // Byte by byte: a run between two escapes is a line or so, too short for copy() to pay.
  for (let i = 0; i < utf8.length; i++) {
    const byte = utf8[i] ?? 0;
    const escape = ESCAPE_LENGTH[byte] ?? 0;
    if (escape === 0) {
      out[at++] = byte;
      continue;
    }
    const from = byte * MAX_ESCAPE;
    for (let k = 0; k < escape; k++) out[at++] = ESCAPE_BYTES[from + k] ?? 0;
  }
  return out;
}

/**
 * What `utf8.toString().length` is (UTF-16 code units), without making the string when the
 * text is valid UTF-8: one unit per character, two for a 4-byte one (outside the Basic
 * Multilingual Plane).
 */
export function utf16Length(utf8: Buffer): number {
  if (isAscii(utf8)) return utf8.length;
  if (!isUtf8(utf8)) return utf8.toString('utf8').length;
  let units = 0;
  for (let i = 0; i < utf8.length; i++) {
    const byte = utf8[i] ?? 0;
    // A continuation byte (10xxxxxx) adds nothing; a lead byte of 4 adds two units.
    if ((byte & 0xc0) !== 0x80) units += byte >= 0xf0 ? 2 : 1;
  }
  return units;
}
