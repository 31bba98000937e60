import { decode } from 'libqp';
import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../../../../src-main/mail/fast-mime/quoted-printable.ts';
import { random } from './random-mail.ts';

/** The bytes that steer a QP decoder, and a few that do not. */
const ALPHABET = [0x3d, 0x20, 0x09, 0x0d, 0x0a, 0x41, 0x33, 0x66, 0x67, 0xe9, 0x3d, 0x0a];

describe('decodeQuotedPrintable', () => {
  it('decodes as libqp does: escapes, soft breaks, space before line ends', () => {
    const input = Buffer.from('a=3D=E2=9C=93 \t\r\nsoft=\r\nbreak=\nx = \r\n=4=\r\n1 =zz==\n=');
    expect(decodeQuotedPrintable(input)).toEqual(decode(input));
    expect(decodeQuotedPrintable(input).toString('latin1')).toBe(
      'a=\xe2\x9c\x93\r\nsoftbreakx A =zz=',
    );
  });

  it('gives libqp’s bytes for 20,000 random inputs', () => {
    const next = random(7);
    for (let round = 0; round < 20_000; round++) {
      const length = Math.floor(next() * 24);
      const input = Buffer.from(
        Array.from({ length }, () => ALPHABET[Math.floor(next() * ALPHABET.length)] ?? 0),
      );
      const ours = decodeQuotedPrintable(input);
      const theirs = decode(input);
      if (!ours.equals(theirs))
        expect([...input, '→', ...ours]).toEqual([...input, '→', ...theirs]);
    }
  });
});
