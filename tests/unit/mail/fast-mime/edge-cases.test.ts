import { describe, expect, it } from 'vitest';
import { expectSame, rawMail, utf8 } from './same-as-mailparser.ts';

const HEAD = ['From: Sender <sender@example.com>', 'To: box@ephemera.localhost', 'Subject: Code'];

function alternative(boundary: string, plain: string[], html: string[]): string[] {
  return [
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    ...plain,
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    ...html,
    `--${boundary}--`,
  ];
}

describe('fast MIME path, hand-written shapes it takes', () => {
  it('an empty body, a missing body and a missing Content-Type', async () => {
    await expectSame(rawMail([...HEAD, 'Content-Type: text/plain', '', '']), true);
    // no blank line ends the header block: left to mailparser
    await expectSame(rawMail([...HEAD, 'Content-Type: text/plain', '']), false);
    const { fast } = await expectSame(rawMail([...HEAD, '', 'Your code is 123456', '']), true);
    expect(fast?.text).toBe('Your code is 123456\n');
  });

  it('upper-case types and parameters, a quoted boundary with specials', async () => {
    const b = "=_Part'(1)+,-./:?";
    const raw = rawMail([
      ...HEAD,
      `Content-Type: MULTIPART/ALTERNATIVE; BOUNDARY="${b}"`,
      '',
      ...alternative(b, ['Code: 123456=', ' done'], ['<p>Code: <b>123456</b></p>']).map((l) =>
        l.replace('charset=utf-8', 'CHARSET=UTF-8').replace('quoted-printable', 'Quoted-Printable'),
      ),
      '',
    ]);
    const { fast } = await expectSame(raw, true);
    expect(fast?.text).toBe('Code: 123456 done');
    expect(fast?.html).toBe('<p>Code: <b>123456</b></p>');
  });

  it('preamble and epilogue, with delimiter-like lines in both', async () => {
    const raw = rawMail([
      ...HEAD,
      'Content-Type: multipart/alternative; boundary=b1',
      '',
      'This is a multi-part message in MIME format.',
      '--b1--',
      ...alternative('b1', ['plain'], ['<i>html</i>']),
      'epilogue',
      '--b1',
      'Content-Type: text/plain',
      '',
      'not a part',
      '',
    ]);
    await expectSame(raw, true);
  });

  it('alternative nested in mixed, related inside, text parts beside it', async () => {
    const raw = rawMail([
      ...HEAD,
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      '--outer',
      'Content-Type: multipart/alternative; boundary="inner"',
      '',
      '--inner',
      'Content-Type: text/plain; charset="us-ascii"',
      '',
      'first plain',
      '--inner',
      'Content-Type: multipart/related; boundary="rel"',
      '',
      '--rel',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('<p>Привет 42</p>').toString('base64'),
      '--rel--',
      '--inner--',
      '--outer',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Disposition: inline',
      '',
      'second plain',
      '--outer',
      'Content-Type: text/html',
      '',
      '<p>second html</p>',
      '--outer--',
      '',
    ]);
    const { fast } = await expectSame(raw, true);
    expect(fast?.html).toContain('<br/>\n');
  });

  it('html outside alternative beside plain text, and html alone in mixed', async () => {
    const mixed = (parts: string[][]) =>
      rawMail([
        ...HEAD,
        'Content-Type: multipart/mixed; boundary=m',
        '',
        ...parts.flatMap((p) => ['--m', ...p]),
        '--m--',
        '',
      ]);
    const plain = ['Content-Type: text/plain', '', 'plain text'];
    const html = ['Content-Type: text/html', '', '<p>html text</p>'];
    await expectSame(mixed([plain, html]), true);
    await expectSame(mixed([html, plain, html]), true);
    await expectSame(mixed([html]), true);
    await expectSame(mixed([['Content-Type: text/plain', '', ''], html]), true);
  });

  it('trailing whitespace, soft breaks, a QP body ending on a soft break at the end of input', async () => {
    await expectSame(
      rawMail([
        ...HEAD,
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'line with trailing space   ',
        'tab\t',
        'soft=',
        'break =E2=9C=93 =XY =',
      ]),
      true,
    );
    await expectSame(
      rawMail([
        ...HEAD,
        'Content-Type: multipart/alternative; boundary=b',
        '',
        ...alternative('b', ['text  ', 'soft='], ['<p>x</p>  ', '']).map((l) =>
          l.startsWith('--b') ? `${l} \t ` : l,
        ),
      ]),
      true,
    );
  });

  it('parts without a closing delimiter, and input ending inside a part', async () => {
    const open = alternative('b', ['plain', 'two'], ['<p>html</p>', 'tail']).slice(0, -1);
    for (const eol of ['\r\n', '\n']) {
      const lines = [...HEAD, 'Content-Type: multipart/alternative; boundary=b', '', ...open];
      await expectSame(rawMail(lines, eol), true);
      await expectSame(rawMail([...lines, ''], eol), true);
      await expectSame(rawMail([...lines, '--b--'], eol), true);
    }
  });

  it('a part whose body is one line ending, before the next part and before the end', async () => {
    const raw = (close: string) =>
      rawMail([
        ...HEAD,
        'Content-Type: multipart/mixed; boundary=b',
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        'second',
        '--b',
        'Content-Type: text/plain',
        '',
        '',
        close,
        '',
      ]);
    await expectSame(raw('--b--'), true);
    await expectSame(raw('--b'), false); // a last part left in its header block
  });

  it('encoded words, raw 8-bit and broken words in Subject, From and To', async () => {
    const lines = [
      `From: =?UTF-8?B?${Buffer.from('Zoë Café').toString('base64')}?= <zoe@xn--caf-dma.example>`,
      `To: "${utf8('Ünï Cödé')}" <u@example.org>, Team: a@example.org, =?utf-8?Q?B=C3=B6b?= <b@example.org>;`,
      'To: second@example.org',
      'Subject:',
      `Subject: =?utf-8?Q?Ihr_Best=C3=A4tigungscode?=  =?utf-8?Q?_ist_da?= ${utf8('und €')}`,
      'Subject: later',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'body',
      '',
    ];
    const { fast } = await expectSame(rawMail(lines), true);
    expect(fast?.fromName).toBe('Zoë Café');
    expect(fast?.to).toHaveLength(4);
    await expectSame(
      rawMail([
        'From: =?utf-8?B?broken <x@example.org>',
        'Subject: =?unknown-charset?Q?abc?= =?utf-8?B?bad!?=',
        'To: undisclosed-recipients:;',
        '',
        'x',
      ]),
      true,
    );
    await expectSame(rawMail(['Subject: \xe9t\xe9 latin1 bytes', 'From: <>', '', 'x']), true);
  });

  it('folded headers, a header without a colon, an mbox From line', async () => {
    await expectSame(
      rawMail([
        'From MAILER-DAEMON Fri Nov 27 01:00:00 2026',
        'From: Long',
        '\tName <long@example.org>',
        'X-No-Colon',
        'Subject: folded',
        '  over =?utf-8?Q?two?=',
        '   =?utf-8?Q?_lines?=',
        'Content-Type: text/plain;',
        '\tcharset="utf-8"',
        '',
        'body',
      ]),
      true,
    );
  });

  it('base64 with junk, inner padding and a last line without a line ending', async () => {
    const half = Buffer.from('Ваш код: 918273').toString('base64');
    await expectSame(
      rawMail([
        ...HEAD,
        'Content-Transfer-Encoding: base64',
        '',
        `${half.slice(0, 10)} !*`,
        `${half.slice(10)}`,
        'QUJD=',
        'RA',
      ]),
      true,
    );
    const raw = rawMail([
      ...HEAD,
      'Content-Type: multipart/alternative; boundary=b',
      '',
      '--b',
      'Content-Transfer-Encoding: base64',
      '',
      half.slice(0, 7),
      half.slice(7),
    ]);
    await expectSame(raw, true);
  });

  it('a delimiter after a bare CR, and CR runs at line ends', async () => {
    await expectSame(
      Buffer.from(
        `${HEAD.join('\r\n')}\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n\r\none\r\n\r--b\r\n\r\ntwo\r\r\n--b--\r\r\n`,
        'latin1',
      ),
      true,
    );
  });

  it('a message past mailparser chunk size (64 KiB), with long lines in the middle', async () => {
    const long = 'Привет, your code is 123456. '.repeat(3000);
    const raw = rawMail([
      ...HEAD,
      'Content-Type: multipart/alternative; boundary=b',
      '',
      '--b',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      utf8(long),
      utf8(long),
      '--b',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      ...(Buffer.from(`<p>${long}</p>`)
        .toString('base64')
        .match(/.{1,76}/g) ?? []),
      '--b--',
      '',
    ]);
    expect(raw.length).toBeGreaterThan(300_000);
    await expectSame(raw, true);
  });
});
