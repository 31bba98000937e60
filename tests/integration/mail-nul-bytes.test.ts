import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { RawSmtp } from '../helpers/smtp-client.ts';

/** Sends one raw message over SMTP and returns the reply to the end of DATA. */
async function sendRaw(port: number, to: string, message: string): Promise<string> {
  const s = await RawSmtp.connect(port);
  try {
    await s.command('EHLO client.example');
    await s.command('MAIL FROM:<sender@example.org>');
    expect(await s.command(`RCPT TO:<${to}>`)).toMatch(/^250 /);
    expect(await s.command('DATA')).toMatch(/^354 /);
    s.write(`${message}\r\n.\r\n`);
    return (await s.replies(1))[0] ?? '';
  } finally {
    s.close();
  }
}

describe('NUL bytes in a mail (SMTP → SQLite → every read)', () => {
  let m: MailTestApp;
  beforeAll(async () => {
    m = await startMailTestApp();
  });
  afterAll(() => m.close());

  it('keeps the text after a NUL in the subject and body (the NUL becomes U+FFFD), and the code', async () => {
    const { email } = await m.generate();
    const reply = await sendRaw(
      m.smtpPort,
      email,
      'From: sender@example.org\r\nSubject: a\0b sign-in code 654321\r\n' +
        'Content-Type: text/plain; charset=utf-8\r\n\r\nHello a\0b, your code is 654321.',
    );
    expect(reply).toMatch(/^250 /);
    const [listed] = await m.mails(email);
    expect(listed).toMatchObject({
      subject: 'a\uFFFDb sign-in code 654321',
      text: 'Hello a\uFFFDb, your code is 654321.\n',
      code: '654321',
      truncated: false,
    });
    // The whole mail by id (streamed through substr pieces) and a search after the NUL.
    const whole = await m.api(`/api/emails/${encodeURIComponent(email)}/${listed?.id}`);
    expect(await whole.json()).toMatchObject({
      subject: 'a\uFFFDb sign-in code 654321',
      text: 'Hello a\uFFFDb, your code is 654321.\n',
    });
    const found = await m.mails(email, '?q=654321');
    expect(found.map((x) => x.id)).toEqual([listed?.id]);
  });

  it('an HTML body with a NUL keeps the rest of its markup', async () => {
    const { email } = await m.generate();
    await sendRaw(
      m.smtpPort,
      email,
      'From: sender@example.org\r\nSubject: html\r\nContent-Type: text/html; charset=utf-8\r\n\r\n' +
        '<p>x\0y</p><p>Code: <b>112233</b></p>',
    );
    const [listed] = await m.mails(email);
    expect(listed?.html?.trimEnd()).toBe('<p>x\uFFFDy</p><p>Code: <b>112233</b></p>');
    expect(listed?.code).toBe('112233');
  });
});
