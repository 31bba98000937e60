import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailSchema } from '../../src-shared/mail/schemas.ts';
import { ManualClock } from '../helpers/manual-clock.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { RawSmtp, sendMail, smtpTransport } from '../helpers/smtp-client.ts';

const MiB = 1024 * 1024;

describe('SMTP ingest', () => {
  let m: MailTestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    m = await startMailTestApp({ clock });
  });
  afterAll(() => m.close());

  it('stores a mail for a leased address with every field, after a 250', async () => {
    const { email } = await m.generate();
    const info = await sendMail(m.smtpPort, {
      from: '"Acme Login" <no-reply@acme.example>',
      to: email,
      subject: 'Sign-in attempt',
      text: 'Hello,\nuse this link.',
      html: '<p>Hello,<br>use this link.</p>',
      attachments: [
        { filename: '报告.pdf', content: Buffer.alloc(1234, 1), contentType: 'application/pdf' },
      ],
    });
    expect(info.response).toMatch(/^250 /);
    const [mail, ...rest] = await m.mails(email);
    expect(rest).toEqual([]);
    expect(MailSchema.strict().parse(mail)).toMatchObject({
      email,
      from: 'no-reply@acme.example',
      from_name: 'Acme Login',
      to: [email],
      subject: 'Sign-in attempt',
      text: 'Hello,\nuse this link.',
      html: '<p>Hello,<br>use this link.</p>',
      received_at: new Date(clock.now()).toISOString(),
      attachments: [{ filename: '报告.pdf', content_type: 'application/pdf', size: 1234 }],
    });
    expect(mail?.size).toBeGreaterThan(1234);
  });

  it('fills `code` at ingest with the verification-code extractor', async () => {
    const { email } = await m.generate();
    await sendMail(m.smtpPort, {
      to: email,
      subject: 'Your verification code',
      text: 'Your verification code is 482913. It expires in 10 minutes.',
    });
    await sendMail(m.smtpPort, { to: email, subject: 'Weekly news', text: 'Nothing to see.' });
    expect((await m.mails(email)).map((x) => x.code)).toEqual(['482913', null]);
  });

  it('550 5.1.1 for unknown, foreign (never a relay) and expired addresses', async () => {
    const lease = await m.generate();
    const session = await RawSmtp.connect(m.smtpPort);
    expect(await session.command('EHLO test')).toMatch(/^250 /);
    expect(await session.command('MAIL FROM:<a@example.org>')).toMatch(/^250 /);
    expect(await session.command('RCPT TO:<nobody@ephemera.localhost>')).toMatch(/^550 5\.1\.1 /);
    expect(await session.command('RCPT TO:<victim@gmail.com>')).toMatch(/^550 5\.1\.1 /);
    expect(await session.command(`RCPT TO:<${lease.email.toUpperCase()}>`)).toMatch(/^250 /);
    clock.advance(30 * 60_000);
    expect(await session.command(`RCPT TO:<${lease.email}>`)).toMatch(/^550 5\.1\.1 /);
    session.close();
  });

  it('several recipients, some leased and some not: each leased box gets its own copy', async () => {
    const a = await m.generate();
    const b = await m.generate();
    const info = await sendMail(m.smtpPort, {
      to: [a.email, 'ghost@ephemera.localhost', b.email],
      cc: 'outside@example.com',
      subject: 'to many',
      text: 'hi',
    });
    expect(info.accepted.sort()).toEqual([a.email, b.email].sort());
    expect(info.rejected.sort()).toEqual(['ghost@ephemera.localhost', 'outside@example.com']);
    const [ma] = await m.mails(a.email);
    const [mb] = await m.mails(b.email);
    expect(ma?.subject).toBe('to many');
    expect(mb?.subject).toBe('to many');
    expect(ma?.id).not.toBe(mb?.id);
    expect(ma?.to).toEqual([a.email, 'ghost@ephemera.localhost', b.email]);
  });

  it('answers a pipelined transaction in order', async () => {
    const lease = await m.generate();
    const session = await RawSmtp.connect(m.smtpPort);
    await session.command('EHLO pipe');
    session.write(
      [
        'MAIL FROM:<p@example.org>',
        `RCPT TO:<${lease.email}>`,
        'RCPT TO:<nope@ephemera.localhost>',
        'DATA',
        '',
      ].join('\r\n'),
    );
    expect(await session.replies(4)).toEqual([
      expect.stringMatching(/^250 /),
      expect.stringMatching(/^250 /),
      expect.stringMatching(/^550 5\.1\.1 /),
      expect.stringMatching(/^354 /),
    ]);
    session.write('Subject: piped\r\n\r\nbody\r\n.\r\nQUIT\r\n');
    expect(await session.replies(2)).toEqual([
      expect.stringMatching(/^250 /),
      expect.stringMatching(/^221 /),
    ]);
    expect((await m.mails(lease.email)).map((x) => x.subject)).toEqual(['piped']);
    session.close();
  });

  it('552 for a message over 10 MiB (declared SIZE or actual bytes), nothing stored', async () => {
    const lease = await m.generate();
    const session = await RawSmtp.connect(m.smtpPort);
    const ehlo = await session.command('EHLO big');
    expect(ehlo).toMatch(/^250 /);
    expect(await session.command(`MAIL FROM:<a@example.org> SIZE=${10 * MiB + 1}`)).toMatch(
      /^552 /,
    );
    session.close();

    const err = await sendMail(m.smtpPort, {
      to: lease.email,
      subject: 'too big',
      text: 'x'.repeat(10 * MiB + 10),
    }).then(
      () => null,
      (e: unknown) => e as { responseCode?: number },
    );
    expect(err?.responseCode).toBe(552);
    expect(await m.mails(lease.email)).toEqual([]);

    // Just under the limit is accepted: lines of 998 + CRLF, 1 KiB short of 10 MiB in all.
    const head = `Subject: fits\r\nTo: ${lease.email}\r\n\r\n`;
    const line = `${'y'.repeat(998)}\r\n`;
    const lines = Math.floor((10 * MiB - 1024 - head.length) / line.length);
    const raw = head + line.repeat(lines);
    const fits = await sendMail(m.smtpPort, {
      envelope: { from: 'a@example.org', to: [lease.email] },
      raw,
    });
    expect(fits.response).toMatch(/^250 /);
    const [stored] = await m.mails(lease.email);
    expect(stored?.size).toBe(raw.length);
  });

  it('452 past 100 recipients in one transaction', async () => {
    const leases = (await (
      await m.api('/api/generate/batch?count=100', { method: 'POST' })
    ).json()) as {
      email: string;
    }[];
    const extra = await m.generate();
    const session = await RawSmtp.connect(m.smtpPort);
    await session.command('EHLO many');
    await session.command('MAIL FROM:<a@example.org>');
    for (const l of leases) expect(await session.command(`RCPT TO:<${l.email}>`)).toMatch(/^250 /);
    expect(await session.command(`RCPT TO:<${extra.email}>`)).toMatch(/^452 /);
    session.close();
  });

  it('stores malformed MIME and raw 8-bit headers readably', async () => {
    const lease = await m.generate();
    const session = await RawSmtp.connect(m.smtpPort);
    await session.command('EHLO raw');
    await session.command('MAIL FROM:<x@example.org> BODY=8BITMIME');
    await session.command(`RCPT TO:<${lease.email}>`);
    expect(await session.command('DATA')).toMatch(/^354 /);
    session.write(
      Buffer.concat([
        Buffer.from('Subject: 您的验证码 — ваш код\r\n', 'utf8'),
        Buffer.from('From: Ünïcödé <sender@example.org>\r\n', 'utf8'),
        Buffer.from('Content-Type: multipart/mixed; boundary="x"\r\n\r\n'),
        Buffer.from(
          '--x\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n',
        ),
        Buffer.from('%%% not base64 at all %%%\r\n'),
        Buffer.from('--x\r\nContent-Type: text/html\r\n\r\n<p>unclosed <b>html\r\n'),
        Buffer.from('.\r\n'),
      ]),
    );
    expect((await session.replies(1))[0]).toMatch(/^250 /);
    session.close();
    const [mail] = await m.mails(lease.email);
    expect(mail?.subject).toBe('您的验证码 — ваш код');
    expect(mail?.from_name).toBe('Ünïcödé');
    expect(mail?.html).toContain('unclosed');
  });

  it('decodes GBK, Big5 and ISO-2022-JP mails end to end', async () => {
    const lease = await m.generate();
    const bodies: [string, Buffer][] = [
      ['GBK', Buffer.from([0xc4, 0xe3, 0xba, 0xc3])],
      ['Big5', Buffer.from([0xa7, 0x41, 0xa6, 0x6e])],
      ['ISO-2022-JP', Buffer.from('\x1b$B$3$s$K$A$O\x1b(B', 'latin1')],
    ];
    const transport = smtpTransport(m.smtpPort);
    for (const [charset, bytes] of bodies) {
      const raw = Buffer.concat([
        Buffer.from(
          `From: a@example.org\r\nTo: ${lease.email}\r\nSubject: =?${charset}?B?${bytes.toString('base64')}?=\r\n` +
            `Content-Type: text/plain; charset=${charset}\r\nContent-Transfer-Encoding: base64\r\n\r\n` +
            `${bytes.toString('base64')}\r\n`,
        ),
      ]);
      await transport.sendMail({ envelope: { from: 'a@example.org', to: [lease.email] }, raw });
    }
    transport.close();
    const mails = await m.mails(lease.email);
    expect(mails.map((x) => [x.subject, x.text?.trim()])).toEqual([
      ['你好', '你好'],
      ['你好', '你好'],
      ['こんにちは', 'こんにちは'],
    ]);
  });

  it('offers no STARTTLS and no AUTH without a certificate', async () => {
    const session = await RawSmtp.connect(m.smtpPort);
    session.write('EHLO features\r\n');
    await session.replies(1);
    expect(await session.command('STARTTLS')).toMatch(/^5\d\d /);
    expect(await session.command('AUTH PLAIN AGFAYg==')).toMatch(/^5\d\d /);
    session.close();
  });
});

describe('SMTP STARTTLS with a configured certificate', () => {
  let m: MailTestApp;
  beforeAll(async () => {
    m = await startMailTestApp({
      config: {
        smtpTlsKey: 'tests/fixtures/smtp-tls/key.pem',
        smtpTlsCert: 'tests/fixtures/smtp-tls/cert.pem',
      },
    });
  });
  afterAll(() => m.close());

  it('upgrades the session and stores the mail', async () => {
    const { email } = await m.generate();
    const transport = smtpTransport(m.smtpPort, {
      ignoreTLS: false,
      requireTLS: true,
      tls: { ca: fs.readFileSync('tests/fixtures/smtp-tls/cert.pem'), servername: 'localhost' },
    });
    const info = await transport.sendMail({ from: 'a@example.org', to: email, text: 'over TLS' });
    transport.close();
    expect(info.response).toMatch(/^250 /);
    expect((await m.mails(email))[0]?.text?.trim()).toBe('over TLS');
  });
});
