import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../../src-main/mail/parse/message-parser.ts';

/** A message from header lines and a body, CRLF-joined, bytes as given. */
function eml(headers: string[], body: Buffer | string): Buffer {
  return Buffer.concat([
    Buffer.from(`${headers.join('\r\n')}\r\n\r\n`, 'latin1'),
    typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
  ]);
}

// Encoded by hand so the test does not trust the encoder it checks; TextDecoder confirms them.
const GBK_NIHAO = Buffer.from([0xc4, 0xe3, 0xba, 0xc3]); // 你好
const BIG5_NIHAO = Buffer.from([0xa7, 0x41, 0xa6, 0x6e]); // 你好
const JIS_KONNICHIWA = Buffer.from('\x1b$B$3$s$K$A$O\x1b(B', 'latin1'); // こんにちは

describe('parseMessage', () => {
  it('the hand-made byte strings are what they claim', () => {
    expect(new TextDecoder('gbk').decode(GBK_NIHAO)).toBe('你好');
    expect(new TextDecoder('big5').decode(BIG5_NIHAO)).toBe('你好');
    expect(new TextDecoder('iso-2022-jp').decode(JIS_KONNICHIWA)).toBe('こんにちは');
  });

  it('decodes a GBK body and a GBK base64 encoded-word subject', async () => {
    const raw = eml(
      [
        'From: =?GBK?B?1cXI/Q==?= <zhang@example.cn>',
        'To: box@ephemera.localhost',
        `Subject: =?GBK?B?${GBK_NIHAO.toString('base64')}?=`,
        'Content-Type: text/plain; charset=GBK',
        'Content-Transfer-Encoding: 8bit',
      ],
      Buffer.concat([GBK_NIHAO, Buffer.from(' 123456\r\n')]),
    );
    const mail = await parseMessage(raw, 'bounce@example.cn');
    expect(mail).toMatchObject({
      from: 'zhang@example.cn',
      fromName: '张三',
      to: ['box@ephemera.localhost'],
      subject: '你好',
      html: null,
      attachments: [],
    });
    expect(mail.text?.trim()).toBe('你好 123456');
  });

  it('decodes Big5 quoted-printable and ISO-2022-JP', async () => {
    const qp = [...BIG5_NIHAO].map((b) => `=${b.toString(16).toUpperCase()}`).join('');
    const big5 = await parseMessage(
      eml(
        [
          `Subject: =?Big5?Q?${qp}?=`,
          'Content-Type: text/plain; charset=Big5',
          'Content-Transfer-Encoding: quoted-printable',
        ],
        `${qp}=\r\n!\r\n`,
      ),
      null,
    );
    expect(big5.subject).toBe('你好');
    expect(big5.text?.trim()).toBe('你好!');
    const jis = await parseMessage(
      eml(
        [
          `Subject: =?ISO-2022-JP?B?${JIS_KONNICHIWA.toString('base64')}?=`,
          'Content-Type: text/plain; charset=ISO-2022-JP',
          'Content-Transfer-Encoding: 7bit',
        ],
        Buffer.concat([JIS_KONNICHIWA, Buffer.from('\r\n')]),
      ),
      null,
    );
    expect(jis.subject).toBe('こんにちは');
    expect(jis.text?.trim()).toBe('こんにちは');
  });

  it('decodes a UTF-8 base64 body and raw 8-bit UTF-8 headers', async () => {
    const raw = eml(
      [
        'From: "Zoë Café" <zoe@example.fr>',
        'Subject: Ваш код подтверждения',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: base64',
      ].map((h) => Buffer.from(h, 'utf8').toString('latin1')),
      `${Buffer.from('Код: 777 ✓', 'utf8').toString('base64')}\r\n`,
    );
    const mail = await parseMessage(raw, null);
    expect(mail.subject).toBe('Ваш код подтверждения');
    expect(mail.fromName).toBe('Zoë Café');
    expect(mail.text?.trim()).toBe('Код: 777 ✓');
  });

  it('gives an HTML-only mail a text rendering, also inside multipart/mixed', async () => {
    const raw = eml(
      ['Content-Type: multipart/mixed; boundary="b1"'],
      [
        '--b1',
        'Content-Type: text/html; charset=utf-8',
        '',
        '<p>Your code is <b>246810</b></p>',
        '--b1',
        'Content-Type: application/pdf; name="r.pdf"',
        'Content-Disposition: attachment; filename="r.pdf"',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.alloc(300, 7).toString('base64'),
        '--b1--',
        '',
      ].join('\r\n'),
    );
    const mail = await parseMessage(raw, null);
    expect(mail.html).toContain('<b>246810</b>');
    expect(mail.text).toBe('Your code is 246810');
    expect(mail.attachments).toEqual([
      { filename: 'r.pdf', content_type: 'application/pdf', size: 300 },
    ]);
  });

  it('keeps what it can of malformed MIME and falls back to the envelope sender', async () => {
    const raw = eml(
      ['Content-Type: multipart/alternative; boundary="never-closed"', 'Subject: =?utf-8?B?broken'],
      '--never-closed\r\nContent-Type: text/plain\r\n\r\nstill readable\r\n',
    );
    const mail = await parseMessage(raw, 'env@example.org');
    expect(mail.from).toBe('env@example.org');
    expect(mail.text).toContain('still readable');
    const garbage = await parseMessage(Buffer.from([0, 1, 2, 0xff, 0xfe, 10, 13]), null);
    expect(garbage.subject).toBeNull();
  });

  it('lists a part with an empty Content-Type as application/octet-stream', async () => {
    const raw = eml(
      ['Content-Type: multipart/mixed; boundary="b"'],
      '--b\r\nContent-Type: text/plain\r\n\r\ntext\r\n--b\r\nContent-Type:\r\n\r\nxyz\r\n--b--\r\n',
    );
    const mail = await parseMessage(raw, null);
    expect(mail.text).toBe('text');
    expect(mail.attachments).toEqual([
      { filename: null, content_type: 'application/octet-stream', size: 3 },
    ]);
  });
});
