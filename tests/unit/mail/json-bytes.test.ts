import { describe, expect, it } from 'vitest';
import { jsonStringBytes, utf16Length } from '../../../src-main/mail/store/json-bytes.ts';

/** What the bodies were written as before: JSON.stringify of the decoded text, quotes off. */
const expected = (utf8: Buffer): Buffer =>
  Buffer.from(JSON.stringify(utf8.toString('utf8')).slice(1, -1));

describe('jsonStringBytes (a UTF-8 body as the inside of a JSON string)', () => {
  it('escapes every ASCII byte exactly as JSON.stringify does', () => {
    for (let byte = 0; byte < 128; byte++) {
      const utf8 = Buffer.from([0x61, byte, 0x62]);
      expect(jsonStringBytes(utf8), `byte ${byte}`).toEqual(expected(utf8));
    }
  });

  it('escapes every ASCII byte the same way in a body long enough for the byte loop', () => {
    const filler = Buffer.alloc(64 * 1024, 0x61);
    for (let byte = 0; byte < 128; byte++) {
      const utf8 = Buffer.concat([filler, Buffer.from([byte, 0xc3, 0xa9])]);
      expect(jsonStringBytes(utf8).equals(expected(utf8)), `byte ${byte}`).toBe(true);
    }
  });

  it('keeps other characters as they are: accents, CJK, emoji, U+2028, replacement', () => {
    const text = 'é "à" \\ 中文\r\n😀 tab\there \u2028 \u2029 \uFFFD\u0000\u001f\u007f end';
    const utf8 = Buffer.from(text);
    expect(jsonStringBytes(utf8)).toEqual(expected(utf8));
    expect(JSON.parse(`"${jsonStringBytes(utf8).toString()}"`)).toBe(text);
  });

  it('answers the same buffer when nothing needs an escape (no copy)', () => {
    const utf8 = Buffer.from('plain text, 中文 and 😀 with nothing to escape');
    expect(jsonStringBytes(utf8)).toBe(utf8);
    const long = Buffer.from('中文 and 😀 '.repeat(10_000));
    expect(jsonStringBytes(long)).toBe(long);
    expect(jsonStringBytes(Buffer.alloc(0))).toEqual(Buffer.alloc(0));
  });

  it('text that is not valid UTF-8 (a lone surrogate as SQLite keeps it) comes out as decoding it gives', () => {
    // better-sqlite3 writes the lone surrogate U+D800 as ED A0 80.
    for (const bytes of [
      [0x61, 0xed, 0xa0, 0x80, 0x22, 0x62],
      [0xf0, 0x9f, 0x98],
      [0x80, 0x0a, 0xff],
    ]) {
      const utf8 = Buffer.from(bytes);
      expect(jsonStringBytes(utf8)).toEqual(expected(utf8));
    }
  });

  it('a long body with an escape on every line matches, escapes at both ends too', () => {
    const text = `"${'Lorem ipsum dolor sit amet, 中文 😀\r\n'.repeat(20_000)}\\`;
    const utf8 = Buffer.from(text);
    expect(jsonStringBytes(utf8).equals(expected(utf8))).toBe(true);
  });
});

describe('utf16Length (the length of the decoded string, without decoding)', () => {
  it.each([
    ['', 0],
    ['ascii', 5],
    ['é中', 2],
    ['😀', 2],
    ['a😀b中é\u2028', 7],
  ])('%j', (text, units) => {
    expect(utf16Length(Buffer.from(text))).toBe(units);
    expect(text.length).toBe(units);
  });

  it('counts invalid UTF-8 as decoding it would', () => {
    for (const bytes of [
      [0x61, 0xed, 0xa0, 0x80],
      [0xf0, 0x9f, 0x98],
      [0x80, 0xff, 0x61],
    ]) {
      const utf8 = Buffer.from(bytes);
      expect(utf16Length(utf8)).toBe(utf8.toString('utf8').length);
    }
  });
});
