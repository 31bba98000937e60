import { isAscii, isUtf8 } from 'node:buffer';

/**
 * What JSON.stringify writes for each ASCII byte inside a string: the byte itself (empty
 * entry), a two-character escape (\" \\ \b \t \n \f \r) or \u00xx for the other controls.
 */
const ESCAPES: readonly (Buffer | null)[] = Array.from({ length: 128 }, (_, byte) => {
  const written = JSON.stringify(String.fromCharCode(byte)).slice(1, -1);
  return written.length === 1 ? null : Buffer.from(written, 'latin1');
});

/** Bytes each ASCII byte grows by when escaped (0 for most). */
const GROWTH = Uint8Array.from(ESCAPES, (escape) => (escape ? escape.length - 1 : 0));

/**
 * The UTF-8 text `utf8` as the inside of a JSON string (no quotes), as UTF-8 bytes: exactly
 * what `JSON.stringify(utf8.toString())` writes between its quotes. Valid UTF-8 is escaped
 * byte by byte into one buffer of the exact size (or returned as it is when nothing needs an
 * escape), so a body of several MiB never becomes a JavaScript string, which V8 would keep in
 * its old space until a full collection.
 *
 * SQLite keeps what better-sqlite3 wrote, and that writes a lone surrogate of a JavaScript
 * string as the three bytes of its code point: not valid UTF-8. Such text takes the string
 * route, as the bodies were read before (decoded whole, then JSON.stringify), so its
 * replacement characters come out the same.
 */
export function jsonStringBytes(utf8: Buffer): Buffer {
  if (!isUtf8(utf8)) return Buffer.from(JSON.stringify(utf8.toString('utf8')).slice(1, -1));
  let growth = 0;
  for (let i = 0; i < utf8.length; i++) {
    const byte = utf8[i] ?? 0;
    if (byte < 128) growth += GROWTH[byte] ?? 0;
  }
  if (growth === 0) return utf8;
  const out = Buffer.allocUnsafe(utf8.length + growth);
  let at = 0;
  let from = 0;
  for (let i = 0; i < utf8.length; i++) {
    const byte = utf8[i] ?? 0;
    const escape = byte < 128 ? ESCAPES[byte] : null;
    if (!escape) continue;
    at += utf8.copy(out, at, from, i);
    at += escape.copy(out, at);
    from = i + 1;
  }
  utf8.copy(out, at, from);
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
