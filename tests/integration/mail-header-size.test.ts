import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { sendMail } from '../helpers/smtp-client.ts';

const KiB = 1024;

/** `bytes` of header lines, each `lineLength` long (CRLF included). */
function junkHeaders(bytes: number, lineLength: number): string {
  const lines: string[] = [];
  for (let total = 0; total < bytes; total += lineLength) {
    const name = `X-Junk-${lines.length}: `;
    lines.push(name + 'j'.repeat(Math.max(1, lineLength - name.length - 2)));
  }
  return lines.join('\r\n') + '\r\n';
}

function message(to: string, headers: string, body = 'Your verification code is 482913.'): Buffer {
  return Buffer.from(
    `From: Sender <sender@example.org>\r\nTo: ${to}\r\n${headers}Subject: Your code\r\n` +
      `Content-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
  );
}

/** Sends through nodemailer; resolves with the reply code of the refusal, or 250. */
async function send(
  port: number,
  to: string,
  raw: Buffer,
): Promise<{ code: number; reply: string }> {
  try {
    const info = await sendMail(port, { envelope: { from: 'sender@example.org', to }, raw });
    return { code: 250, reply: info.response };
  } catch (err) {
    const e = err as { responseCode?: number; response?: string };
    return { code: e.responseCode ?? 0, reply: e.response ?? String(err) };
  }
}

describe('huge header blocks over SMTP: kept whole, or refused with 552 — never stored garbled', () => {
  let m: MailTestApp;
  beforeAll(async () => {
    m = await startMailTestApp();
  });
  afterAll(() => m.close());

  it('a 1 MiB header block is refused with 552 5.2.2 and nothing is stored', async () => {
    const { email } = await m.generate();
    const result = await send(m.smtpPort, email, message(email, junkHeaders(1024 * KiB, 78)));
    expect(result.code).toBe(552);
    expect(result.reply).toMatch(/^552 5\.2\.2 Message header too large/);
    expect(await m.mails(email)).toEqual([]);
  });

  it('many short header lines count as at least 64 bytes each: 20 000 of them are refused too', async () => {
    const { email } = await m.generate();
    const result = await send(m.smtpPort, email, message(email, junkHeaders(20_000 * 12, 12)));
    expect(result.code).toBe(552);
    expect(await m.mails(email)).toEqual([]);
  });

  it('an oversized header inside a MIME part is refused the same way', async () => {
    const { email } = await m.generate();
    const raw = Buffer.from(
      `From: sender@example.org\r\nTo: ${email}\r\nSubject: Your code\r\nMIME-Version: 1.0\r\n` +
        'Content-Type: multipart/mixed; boundary="b1"\r\n\r\n' +
        `--b1\r\nContent-Type: text/plain\r\n\r\nYour code is 482913.\r\n` +
        `--b1\r\nContent-Type: text/plain\r\n${junkHeaders(1100 * KiB, 200)}\r\nhello\r\n--b1--\r\n`,
    );
    const result = await send(m.smtpPort, email, raw);
    expect(result.code).toBe(552);
    expect(await m.mails(email)).toEqual([]);
  });

  it('a 900 KiB header block of long lines is stored with its subject and code', async () => {
    const { email } = await m.generate();
    const result = await send(m.smtpPort, email, message(email, junkHeaders(900 * KiB, 200)));
    expect(result.code).toBe(250);
    const [mail] = await m.mails(email);
    expect(mail).toMatchObject({
      subject: 'Your code',
      code: '482913',
      from: 'sender@example.org',
    });
    expect(mail?.text?.trim()).toBe('Your verification code is 482913.');
  });

  it('the SMTP session goes on after a refusal: the next message on it is stored', async () => {
    const { email } = await m.generate();
    // A pool of one connection: both messages go over the same SMTP session.
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: m.smtpPort,
      secure: false,
      ignoreTLS: true,
      pool: true,
      maxConnections: 1,
    });
    try {
      await expect(
        transport.sendMail({
          envelope: { from: 'sender@example.org', to: email },
          raw: message(email, junkHeaders(1100 * KiB, 78)),
        }),
      ).rejects.toMatchObject({ responseCode: 552 });
      await transport.sendMail({
        envelope: { from: 'sender@example.org', to: email },
        raw: message(email, ''),
      });
    } finally {
      transport.close();
    }
    const mails = await m.mails(email);
    expect(mails.map((x) => [x.subject, x.code])).toEqual([['Your code', '482913']]);
  });

  it('a To header of 5 000 addresses keeps the first 100, and a 5 000-character sender name is cut to 998', async () => {
    const { email } = await m.generate();
    const many = Array.from({ length: 5000 }, (_, i) => `r${i}@example.org`).join(', ');
    const raw = Buffer.from(
      `From: "${'N'.repeat(5000)}" <sender@example.org>\r\nTo: ${many}\r\nSubject: Your code\r\n\r\n` +
        'Your verification code is 482913.\r\n',
    );
    expect((await send(m.smtpPort, email, raw)).code).toBe(250);
    const [mail] = await m.mails(email);
    expect(mail?.to).toHaveLength(100);
    expect(mail?.to[99]).toBe('r99@example.org');
    expect(mail?.from_name).toHaveLength(998);
    expect(mail?.code).toBe('482913');
  });
});
