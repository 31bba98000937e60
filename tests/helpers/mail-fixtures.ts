import type { Mail } from '../../src-shared/mail/schemas.ts';
import type { RunningApp } from '../../src-main/app/compose.ts';

/** A small RFC 5322 message. */
export function rawMail(subject: string, body = 'hello', extraHeaders = ''): Buffer {
  return Buffer.from(
    `From: Sender <sender@example.org>\r\nSubject: ${subject}\r\n${extraHeaders}` +
      `Content-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
  );
}

/**
 * Delivers `count` mails to one mailbox through the same path SMTP DATA uses (parse, store,
 * publish), without the SMTP round trips, for tests that need many mails.
 */
export async function deliverMany(
  app: RunningApp,
  email: string,
  count: number,
  subject = (i: number) => `mail ${i}`,
  body = (_i: number) => 'hello',
): Promise<Mail[]> {
  const out: Mail[] = [];
  for (let i = 0; i < count; i++) {
    out.push(
      ...(await app.mail.delivery.deliver(
        { from: 'sender@example.org', recipients: [email] },
        rawMail(subject(i), body(i)),
      )),
    );
  }
  return out;
}
