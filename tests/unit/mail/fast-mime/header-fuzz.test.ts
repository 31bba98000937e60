import { describe, expect, it } from 'vitest';
import { compose, corpusBodies, VARIANTS } from './composed-mail.ts';
import { headerValue, pick, random } from './random-mail.ts';
import { expectSame } from './same-as-mailparser.ts';

const NAMES = ['From', 'To', 'Subject', 'to', 'SUBJECT', 'Cc', 'Reply-To'];

/** Bytes a mutation inserts: line ends, delimiter and QP syntax, header syntax, 8-bit. */
const INSERTS = ['\r', '\n', '\r\n', '--', '=', ' ', '\t', '\r\n\r\n', '=\r\n', ':', ';', '"'];

describe('fast MIME path against mailparser, on random headers and damaged composed mail', () => {
  it('random From, To and Subject lines', async () => {
    const next = random(1127);
    for (let round = 0; round < 1000; round++) {
      const lines = Array.from(
        { length: 1 + Math.floor(next() * 5) },
        () => `${pick(next, NAMES)}:${pick(next, [' ', '', '  '])}${headerValue(next)}`,
      );
      const raw = Buffer.from(
        [...lines, 'Content-Type: text/plain; charset=utf-8', '', 'body', ''].join('\r\n'),
        'latin1',
      );
      // every one of them is a plain text mail, so the fast path takes all
      await expectSame(raw, true);
    }
  }, 30_000);

  it('composed corpus mail with bytes inserted, cut, dropped or changed', async () => {
    const next = random(2711);
    const bodies = corpusBodies();
    let taken = 0;
    const rounds = 300;
    for (let round = 0; round < rounds; round++) {
      let raw = await compose(pick(next, bodies), pick(next, VARIANTS), round);
      for (let edit = 1 + Math.floor(next() * 4); edit > 0; edit--) {
        const headerEnd = raw.indexOf('\r\n\r\n');
        const at = Math.floor(
          next() * (next() < 0.6 && headerEnd > 0 ? headerEnd + 4 : raw.length),
        );
        const op = next();
        if (op < 0.4) {
          const insert = Buffer.from(pick(next, INSERTS), 'latin1');
          raw = Buffer.concat([raw.subarray(0, at), insert, raw.subarray(at)]);
        } else if (op < 0.7) {
          raw = Buffer.concat([raw.subarray(0, at), raw.subarray(at + 1 + Math.floor(next() * 8))]);
        } else if (op < 0.85) {
          raw = raw.subarray(0, at);
        } else {
          raw = Buffer.from(raw);
          raw[at] = Math.floor(next() * 256);
        }
      }
      const { fast } = await expectSame(raw);
      if (fast) taken++;
    }
    expect(taken).toBeGreaterThan(rounds / 3);
  }, 30_000);
});
