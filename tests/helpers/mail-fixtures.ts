import type { Mail } from '../../src-shared/mail/schemas.ts';
import type { RunningApp } from '../../src-main/app/compose.ts';
import type { AnalyzedMessage } from '../../src-main/mail/parse/analyze-message.ts';
import type { MailStore } from '../../src-main/mail/store/mail-store.ts';

/** What a fake analyzer makes of a raw `text`: subject and body are the text itself. */
export function analyzedAs(text: string, from: string | null): AnalyzedMessage {
  return {
    from,
    fromName: null,
    to: [],
    subject: text,
    text,
    html: null,
    attachments: [],
    code: null,
    link: null,
  };
}

const MiB = 1024 * 1024;
/** Characters of `text` and `html` in a mail just under the 10 MiB SMTP limit. */
export const HUGE_TEXT_CHARS = 5 * MiB - 64 * 1024;
export const HUGE_HTML_CHARS = 5 * MiB - 128 * 1024;

/** The text of hugeMails' mail `i`: starts with `[mail i]`, HUGE_TEXT_CHARS long. */
export function hugeText(i: number): string {
  const mark = `[mail ${i}]`;
  return mark + 't'.repeat(HUGE_TEXT_CHARS - mark.length);
}

/**
 * Stores `count` mails of ~10 MiB each (text and html of ~5 MiB) straight into a mailbox, as
 * anyone who can reach the SMTP port could (SMTP and parsing would take a minute).
 */
export function storeHugeMails(store: MailStore, email: string, count: number): Mail[] {
  const stored: Mail[] = [];
  for (let i = 0; i < count; i++) {
    const mark = `[mail ${i}]`;
    stored.push(
      ...store.insert([
        {
          email,
          from: 'flood@example.org',
          fromName: null,
          to: [email],
          subject: `huge ${i}`,
          text: hugeText(i),
          html: `<p>${mark}${'h'.repeat(HUGE_HTML_CHARS - mark.length - 3)}`,
          receivedAt: Date.now(),
          code: null,
          link: null,
          size: 10 * MiB - 4096,
          attachments: [],
        },
      ]),
    );
  }
  return stored;
}

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
