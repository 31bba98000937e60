import { describe, expect, it } from 'vitest';
import { parseFast, parseMessage } from '../../../../src-main/mail/parse/message-parser.ts';
import { MessageRefused } from '../../../../src-main/mail/parse/message-refused.ts';
import { expectSame, rawMail } from './same-as-mailparser.ts';

const HEAD = ['From: a@example.com', 'Subject: s'];

function single(headers: string[], body = 'body'): Buffer {
  return rawMail([...HEAD, ...headers, '', body, '']);
}

describe('fast MIME path, what it leaves to mailparser', () => {
  it('UTF-16 and UTF-7, other encodings, flowed text, attachments by disposition, other types', async () => {
    for (const headers of [
      ['Content-Type: text/plain; charset=utf-16'],
      ['Content-Type: text/plain; charset=utf-7'],
      ['Content-Transfer-Encoding: x-uuencode'],
      ['Content-Transfer-Encoding: "base64"'],
      ['Content-Type: text/plain; format=flowed'],
      ['Content-Disposition: attachment; filename=a.txt'],
      ['Content-Disposition: weird'],
      ['Content-Type: application/pdf'],
      ['Content-Type: message/rfc822'],
      ['Content-Type: message/delivery-status'],
      ['Content-Type: text/plain; boundary=b'],
      ['Content-Type: multipart/mixed'],
      ['Content-Type: multipart/mixed; boundary=ab\u00e9cd'],
    ]) {
      await expectSame(single(headers), false);
    }
    // an empty type is text/plain at the root (mailparser's createNode), so that one is taken
    await expectSame(single(['Content-Type: ; charset=utf-8']), true);
  });

  it('multipart/signed and report, TNEF and rfc822 parts, an image part', async () => {
    const multipart = (type: string, part: string[]) =>
      rawMail([
        ...HEAD,
        `Content-Type: ${type}; boundary=b`,
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        'text',
        '--b',
        ...part,
        '',
        'AAAA',
        '--b--',
        '',
      ]);
    await expectSame(
      multipart('multipart/signed', ['Content-Type: application/pgp-signature']),
      false,
    );
    await expectSame(multipart('multipart/report', ['Content-Type: text/plain']), false);
    await expectSame(multipart('multipart/mixed', ['Content-Type: application/ms-tnef']), false);
    await expectSame(multipart('multipart/mixed', ['Content-Type: message/rfc822']), false);
    await expectSame(multipart('multipart/related', ['Content-Type: image/png']), false);
  });

  it('declines what mailparser refuses, which parseMessage still refuses', async () => {
    const manyParts = rawMail([
      ...HEAD,
      'Content-Type: multipart/mixed; boundary=b',
      '',
      ...Array.from({ length: 1001 }, () => ['--b', 'Content-Type: text/plain', '', 'x']).flat(),
      '--b--',
      '',
    ]);
    const hugeHeader = rawMail([
      ...HEAD,
      ...Array.from({ length: 17_000 }, (_, i) => `X-${i}: y`),
      '',
      'x',
    ]);
    for (const raw of [manyParts, hugeHeader]) {
      expect(parseFast(raw, null)).toBeNull();
      await expect(parseMessage(raw, null)).rejects.toBeInstanceOf(MessageRefused);
    }
  });

  it('nesting past its depth and a long last line without a line ending', async () => {
    const open = Array.from({ length: 10 }, (_, i) => [
      `--b${i}`,
      `Content-Type: multipart/mixed; boundary=b${i + 1}`,
      '',
    ]).flat();
    await expectSame(
      rawMail([
        ...HEAD,
        'Content-Type: multipart/mixed; boundary=b0',
        '',
        ...open,
        '--b10',
        '',
        'deep',
        '',
      ]),
      false,
    );
    await expectSame(rawMail([...HEAD, '', 'x'.repeat(70_000)]), false);
  });
});
