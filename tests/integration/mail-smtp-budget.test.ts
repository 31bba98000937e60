import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { RawSmtp, sendMail } from '../helpers/smtp-client.ts';

const KiB = 1024;
/** The shared budget in this test: one 700 KiB message fits, two at once do not. */
const BUDGET = 1024 * KiB;
const body = (tag: string): string =>
  `Code for ${tag}: 482913\r\n` + `${'x'.repeat(98)}\r\n`.repeat((700 * KiB) / 100);

/** A session that has sent MAIL, RCPT, DATA and most of a 700 KiB message, but not its end. */
async function halfSent(port: number, to: string): Promise<RawSmtp> {
  const s = await RawSmtp.connect(port);
  expect(await s.command('EHLO half.example')).toMatch(/^250 /);
  expect(await s.command('MAIL FROM:<half@example.org>')).toMatch(/^250 /);
  expect(await s.command(`RCPT TO:<${to}>`)).toMatch(/^250 /);
  expect(await s.command('DATA')).toMatch(/^354 /);
  s.write(`Subject: half\r\n\r\n${body('half')}`);
  return s;
}

/** Sends a 700 KiB message; resolves with the SMTP reply code (250 when stored). */
async function send(
  port: number,
  to: string,
  tag: string,
): Promise<{ code: number; reply: string }> {
  try {
    const info = await sendMail(port, { to, subject: tag, text: body(tag) });
    return { code: 250, reply: info.response };
  } catch (err) {
    const e = err as { responseCode?: number; response?: string };
    return { code: e.responseCode ?? 0, reply: e.response ?? String(err) };
  }
}

/** Sends until the reply is `code` (the server reads the other session's bytes meanwhile). */
async function sendUntil(port: number, to: string, code: number): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const result = await send(port, to, `attempt ${attempt}`);
    if (result.code === code) return result.reply;
  }
  throw new Error(`never answered ${code}`);
}

describe('SMTP: messages in progress share one byte budget', () => {
  let m: MailTestApp;
  beforeAll(async () => {
    m = await startMailTestApp({ mail: { smtpInFlightBytes: BUDGET } });
  });
  afterAll(() => m.close());

  it('a message that would pass the budget gets 452 4.2.2; it goes through once the other is stored', async () => {
    const { email } = await m.generate();
    const first = await halfSent(m.smtpPort, email);
    try {
      expect(await sendUntil(m.smtpPort, email, 452)).toBe(
        '452 4.2.2 Too much mail arriving at once, try again later',
      );
      first.write('\r\n.\r\n');
      expect((await first.replies(1))[0]).toMatch(/^250 /);
    } finally {
      first.close();
    }
    expect((await send(m.smtpPort, email, 'after')).code).toBe(250);
    const subjects = (await m.mails(email)).map((x) => x.subject);
    expect(subjects).toContain('half');
    expect(subjects).toContain('after');
  });

  it('a client that leaves mid-message gives its share back', async () => {
    const { email } = await m.generate();
    const abandoned = await halfSent(m.smtpPort, email);
    await sendUntil(m.smtpPort, email, 452);
    abandoned.close();
    await abandoned.closed;
    // Without the release every later message would be refused.
    await sendUntil(m.smtpPort, email, 250);
    expect((await m.mails(email)).map((x) => x.subject)).not.toContain('half');
  });
});
