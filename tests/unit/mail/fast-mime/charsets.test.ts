import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { pick, random } from './random-mail.ts';
import { expectSame, rawMail } from './same-as-mailparser.ts';

/** Text in each charset's own script, and the names mail writes it under. */
const SAMPLES: [names: string[], text: string][] = [
  [
    ['iso-8859-1', 'ISO_8859-1', 'latin1', 'windows-1252', 'us-ascii'],
    'Café € naïve – “Ihr Code” 123',
  ],
  [['iso-8859-2', 'windows-1250'], 'Kód: żółć Łódź 4711'],
  [['iso-8859-5', 'windows-1251', 'koi8-r', 'KOI8-U'], 'Ваш код подтверждения: 918273'],
  [['iso-8859-7', 'windows-1253'], 'Ο κωδικός σας: 5566'],
  [['iso-8859-8', 'windows-1255'], 'הקוד שלך: 7788'],
  [['iso-8859-9', 'windows-1254'], 'Doğrulama kodunuz: 3344'],
  [['windows-1256'], 'رمز التحقق: 2468'],
  [['windows-1258'], 'Mã xác minh của bạn'],
  [['gbk', 'GB2312', 'gb18030', 'x-gbk'], '您的验证码是 246810，请勿泄露'],
  [['big5'], '您的驗證碼是 135790'],
  [['euc-kr', 'ks_c_5601-1987'], '인증 코드는 864209 입니다'],
  [
    ['shift_jis', 'Shift-JIS', 'windows-31j', 'euc-jp', 'cp932'],
    'あなたの認証コードは 482913 です',
  ],
];

// Encoded by hand (iconv-lite has no ISO-2022-JP encoder): こんにちは 123.
const JIS = '\x1b$B$3$s$K$A$O\x1b(B 123';

function encode(text: string, charset: string): Buffer {
  if (charset === 'iso-2022-jp') return Buffer.from(text, 'latin1');
  const name =
    charset === 'us-ascii' || /latin1|8859-1$|8859_1$/i.test(charset) ? 'windows-1252' : charset;
  return iconv.encode(text, name.replace('ks_c_5601-1987', 'euc-kr'));
}

function qp(bytes: Buffer): string {
  return [...bytes]
    .map((b) =>
      b >= 0x21 && b <= 0x7e && b !== 0x3d
        ? String.fromCharCode(b)
        : `=${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

describe('fast MIME path, charsets mailparser decodes through libmime', () => {
  it('gives mailparser’s text in 8bit, QP and base64, one part and alternative', async () => {
    for (const [names, text] of [...SAMPLES, [['iso-2022-jp'], JIS] as [string[], string]]) {
      for (const charset of names) {
        // a stray byte at the end: a lead byte without its trail in the double-byte sets
        const bytes = Buffer.concat([encode(`${text}\r\n${text}`, charset), Buffer.from([0x81])]);
        const b64 = bytes.toString('base64');
        const bodies: [string, string][] = [
          ['8bit', `${bytes.toString('latin1')}\r\n`],
          ['quoted-printable', `${qp(bytes)}=\r\n!\r\n`],
          // the last line without a line ending: two writes through the decoders
          ['base64', `${b64.slice(0, 9)}\r\n${b64.slice(9)}`],
        ];
        for (const [cte, body] of bodies) {
          await expectSame(
            rawMail([
              `Subject: =?${charset}?B?${encode(text, charset).toString('base64')}?=`,
              `Content-Type: text/plain; charset="${charset}"`,
              `Content-Transfer-Encoding: ${cte}`,
              '',
              body,
            ]),
            true,
          );
          await expectSame(
            rawMail([
              'Content-Type: multipart/alternative; boundary=b',
              '',
              '--b',
              `Content-Type: text/plain; charset=${charset}`,
              `Content-Transfer-Encoding: ${cte}`,
              '',
              body,
              '--b',
              `Content-Type: text/html; charset=${charset}`,
              `Content-Transfer-Encoding: ${cte}`,
              '',
              body,
            ]),
            true,
          );
        }
      }
    }
  });

  it('leaves UTF-7, UTF-16 and unknown charsets to mailparser', async () => {
    for (const charset of ['utf-7', 'x-unknown', 'utf-16', 'csISO2022JP', 'iso-2022-jp-2']) {
      await expectSame(
        rawMail([`Content-Type: text/plain; charset=${charset}`, '', 'abc', '']),
        false,
      );
    }
  });

  it('turns a CR the charset decoder makes (not the bytes) into LF, as mailparser does', async () => {
    // ISO-2022-JP: encoding-japanese reads BD C0 4D 0A as CR LF
    const raw = Buffer.concat([
      Buffer.from('Content-Type: text/plain; charset=iso-2022-jp\r\n\r\n'),
      Buffer.from('41bdc04d0a42', 'hex'),
    ]);
    const { fast } = await expectSame(raw, true);
    expect(fast?.text).toBe('A\nB');
  });

  it('gives mailparser’s text for random bytes in every charset it takes', async () => {
    const next = random(4242);
    const charsets = [...SAMPLES.flatMap(([names]) => names), 'iso-2022-jp', 'utf-8'];
    const steering = [0x0d, 0x0a, 0x1b, 0x24, 0x42, 0x28, 0x20, 0x3d];
    for (let round = 0; round < 1500; round++) {
      const bytes = Buffer.from(
        Array.from({ length: Math.floor(next() * 40) }, () =>
          next() < 0.3 ? pick(next, steering) : Math.floor(next() * 256),
        ),
      );
      const cte = pick(next, ['8bit', 'quoted-printable', 'base64']);
      const b64 = bytes.toString('base64');
      const cut = Math.floor(next() * b64.length);
      const body =
        cte === '8bit'
          ? bytes.toString('latin1')
          : cte === 'base64'
            ? `${b64.slice(0, cut)}\r\n${b64.slice(cut)}`
            : qp(bytes);
      const raw = rawMail([
        `Content-Type: ${pick(next, ['text/plain', 'text/html'])}; charset=${pick(next, charsets)}`,
        `Content-Transfer-Encoding: ${cte}`,
        '',
        body,
      ]);
      await expectSame(raw, true);
    }
  });
});
