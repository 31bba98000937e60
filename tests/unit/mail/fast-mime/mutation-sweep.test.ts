import { describe, expect, it } from 'vitest';
import { parseFast } from '../../../../src-main/mail/parse/message-parser.ts';
import { compose } from './composed-mail.ts';
import { random } from './random-mail.ts';
import { expectSame } from './same-as-mailparser.ts';

/** A nested message with every delimiter kind, short enough to cut at every byte. */
const NESTED = [
  'From: =?utf-8?Q?Z=C3=B6e?= <z@example.com>',
  'To: a@example.org',
  'Subject: nested',
  'Content-Type: multipart/mixed; boundary="o"',
  '',
  'preamble',
  '--o',
  'Content-Type: multipart/alternative; boundary=i',
  '',
  '--i',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Code =E2=9C=93 42=',
  '',
  '--i',
  'Content-Type: text/html',
  'Content-Transfer-Encoding: base64',
  '',
  Buffer.from('<p>Code 42</p>').toString('base64'),
  '--o',
  'Content-Type: text/plain',
  '',
  'after',
  '',
  '--o--',
  'epilogue',
  '',
].join('\r\n');

const EDITS: ((lines: string[], at: number) => void)[] = [
  (l, at) => l.splice(at, 1),
  (l, at) => l.splice(at, 0, l[at] ?? ''),
  (l, at) => l.splice(at, 0, ''),
  (l, at) => l.splice(at, 0, '--o'),
  (l, at) => l.splice(at, 0, '--i--'),
  (l, at) => (l[at] = `${l[at] ?? ''}  `),
  (l, at) => (l[at] = `${l[at] ?? ''}\r`),
  (l, at) => (l[at] = `\t${l[at] ?? ''}`),
  (l, at) => l.splice(at, 2, `${l[at] ?? ''}\n${l[at + 1] ?? ''}`),
];

describe('fast MIME path against mailparser, on cut and damaged messages', () => {
  it('every prefix of a nested message and of a composed one, CRLF and bare LF', async () => {
    const composed = await compose(
      { id: 'sweep', subject: 'Ваш код', text: 'Код: 123456', html: '<p>Код: <b>123456</b></p>' },
      { name: 'sweep', common: true, parts: 'alternative', encoding: 'quoted-printable' },
      1,
    );
    let taken = 0;
    let total = 0;
    for (const whole of [
      Buffer.from(NESTED),
      Buffer.from(NESTED.replace(/\r\n/g, '\n')),
      composed,
    ]) {
      for (let end = 0; end <= whole.length; end++) {
        const { fast } = await expectSame(whole.subarray(0, end));
        total++;
        if (fast) taken++;
      }
    }
    // cuts inside a header block go to mailparser; those in a body or between parts do not
    expect(taken).toBeGreaterThan(total / 5);
  }, 30_000);

  it('random line edits of the nested message', async () => {
    const next = random(20261127);
    let taken = 0;
    const rounds = 1500;
    for (let round = 0; round < rounds; round++) {
      const lines = NESTED.split('\r\n');
      const edits = 1 + Math.floor(next() * 3);
      for (let e = 0; e < edits; e++) {
        const edit = EDITS[Math.floor(next() * EDITS.length)];
        edit?.(lines, Math.floor(next() * lines.length));
      }
      const raw = Buffer.from(lines.join('\r\n'));
      await expectSame(raw);
      if (parseFast(raw, null)) taken++;
    }
    expect(taken).toBeGreaterThan(rounds / 3);
  }, 30_000);
});
