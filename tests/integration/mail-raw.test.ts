import path from 'node:path';
import Database from 'better-sqlite3';
import { parse as parseDisposition } from 'content-disposition';
import { afterEach, describe, expect, it } from 'vitest';
import type { Mail } from '../../src-shared/mail/schemas.ts';
import { DATABASE_FILE } from '../../src-main/db/open-database.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { ManualClock } from '../helpers/manual-clock.ts';
import { sendMail } from '../helpers/smtp-client.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const HTML_PART = '<html><body><script>alert(1)</script>hi</body></html>';

/** A message with a line needing dot-stuffing, an image and an HTML file attached. */
function message(to: string): Buffer {
  return Buffer.from(
    `From: Sender <sender@example.org>\r\nTo: ${to}\r\nSubject: Files\r\nMIME-Version: 1.0\r\n` +
      'Content-Type: multipart/mixed; boundary="b1"\r\n\r\n' +
      '--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nYour code is 482913.\r\n' +
      '.a line that starts with a dot\r\n..and one with two\r\n' +
      '--b1\r\nContent-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n' +
      'Content-Disposition: attachment; filename="pixel.png"\r\n\r\n' +
      `${PNG.toString('base64')}\r\n` +
      '--b1\r\nContent-Type: text/html; charset=utf-8\r\n' +
      'Content-Disposition: attachment; filename="../r\u00e9sum\u00e9 \\"x\\".html"\r\n\r\n' +
      `${HTML_PART}\r\n--b1--\r\n`,
  );
}

describe('raw message and attachments (GET …/raw, …/attachments/{n})', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function boot(clock?: ManualClock): Promise<MailTestApp> {
    const m = await startMailTestApp(clock ? { clock } : {});
    cleanups.push(() => m.close());
    return m;
  }

  async function received(m: MailTestApp, email: string, raw: Buffer): Promise<Mail> {
    const info = await sendMail(m.smtpPort, {
      envelope: { from: 'sender@example.org', to: email },
      raw,
    });
    expect(info.response).toMatch(/^250 /);
    const [mail] = await m.mails(email);
    if (!mail) throw new Error('the mail is not listed');
    return mail;
  }

  it('serves the raw message byte for byte as sent, as an .eml download', async () => {
    const m = await boot();
    const { email } = await m.generate();
    const raw = message(email);
    const mail = await received(m, email, raw);
    const res = await m.api(`/api/emails/${email}/${mail.id}/raw`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('message/rfc822');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename=Files.eml');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-length')).toBe(String(raw.length));
    // Dot-stuffing on the wire is undone: the lines starting with dots come back as sent.
    expect(Buffer.from(await res.arrayBuffer()).equals(raw)).toBe(true);
    expect(mail.size).toBe(raw.length);
  });

  it('names the .eml after the subject (made safe, any script), else mail-<id>.eml', async () => {
    const m = await boot();
    const { email } = await m.generate();
    let lastHeader = '';
    const named = async (subjectHeader: string): Promise<string | undefined> => {
      const raw = Buffer.from(
        `From: a@example.org\r\nTo: ${email}\r\n${subjectHeader}Content-Type: text/plain\r\n\r\nHi\r\n`,
      );
      const mail = await received(m, email, raw);
      const res = await m.api(`/api/emails/${email}/${mail.id}/raw`);
      expect(res.status).toBe(200);
      const header = res.headers.get('content-disposition') ?? '';
      lastHeader = header;
      await m.api(`/api/emails/${email}/${mail.id}`, { method: 'DELETE' });
      return parseDisposition(header).parameters.filename;
    };
    // "您的验证码: 482913 / Acme", encoded as mail clients send it.
    const chinese = `=?UTF-8?B?${Buffer.from('您的验证码: 482913 / Acme').toString('base64')}?=`;
    expect(await named(`Subject: ${chinese}\r\n`)).toBe('您的验证码_ 482913 _ Acme.eml');
    // Clients that read only `filename` get underscores for what ASCII cannot say, never '?'.
    expect(lastHeader).toContain('filename="______ 482913 _ Acme.eml"');
    expect(await named(`Subject: ../../.bashrc\r\n`)).toBe('_.._.bashrc.eml');
    expect(await named(`Subject: ${'x'.repeat(300)}\r\n`)).toBe(`${'x'.repeat(100)}.eml`);
    expect(await named('')).toMatch(/^mail-\d+\.eml$/);
  });

  it('serves each attachment with its type and name, always as a download', async () => {
    const m = await boot();
    const { email } = await m.generate();
    const mail = await received(m, email, message(email));
    expect(mail.attachments.map((a) => a.content_type)).toEqual(['image/png', 'text/html']);

    const png = await m.api(`/api/emails/${email}/${mail.id}/attachments/0`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-disposition')).toBe('attachment; filename=pixel.png');
    expect(png.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await png.arrayBuffer()).equals(PNG)).toBe(true);

    const html = await m.api(`/api/emails/${email}/${mail.id}/attachments/1`);
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    const disposition = html.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; /);
    // No path, no quote: "../résumé \"x\".html" is saved as "_résumé _x_.html".
    expect(disposition).toContain("filename*=UTF-8''_r%C3%A9sum%C3%A9%20_x_.html");
    expect(html.headers.get('content-security-policy')).toContain('sandbox');
    expect(await html.text()).toBe(HTML_PART);
  });

  it('answers 404 for a bad n, another mailbox’s mail and an unknown id; 400 for a bad id', async () => {
    const m = await boot();
    const a = await m.generate();
    const b = await m.generate();
    const mail = await received(m, a.email, message(a.email));
    const status = async (p: string): Promise<number> => {
      const res = await m.api(p);
      await res.body?.cancel();
      return res.status;
    };
    expect(await status(`/api/emails/${a.email}/${mail.id}/attachments/2`)).toBe(404);
    expect(await status(`/api/emails/${a.email}/${mail.id}/attachments/-1`)).toBe(404);
    expect(await status(`/api/emails/${a.email}/${mail.id}/attachments/x`)).toBe(404);
    expect(await status(`/api/emails/${b.email}/${mail.id}/raw`)).toBe(404);
    expect(await status(`/api/emails/${b.email}/${mail.id}/attachments/0`)).toBe(404);
    expect(await status(`/api/emails/${a.email}/${mail.id + 1}/raw`)).toBe(404);
    const c = await m.generate();
    expect(await status(`/api/emails/${c.email}/${mail.id}/raw`)).toBe(404);
    expect(await status(`/api/emails/${a.email}/abc/raw`)).toBe(400);
  });

  it('answers 401 without the API key', async () => {
    const m = await boot();
    const { email } = await m.generate();
    const mail = await received(m, email, message(email));
    for (const p of [
      `/api/emails/${email}/${mail.id}/raw`,
      `/api/emails/${email}/${mail.id}/attachments/0`,
    ]) {
      const res = await m.t.request(p);
      expect(res.status).toBe(401);
      expect(await res.text()).not.toContain('482913');
    }
  });

  it('deletes the raw message with the last mail that refers to it (retention)', async () => {
    const clock = new ManualClock();
    const m = await boot(clock);
    const a = await m.generate();
    clock.advance(60_000);
    const b = await m.generate();
    // One SMTP message for two mailboxes: one raw row, two mails.
    const info = await sendMail(m.smtpPort, {
      envelope: { from: 'sender@example.org', to: [a.email, b.email] },
      raw: message(a.email),
    });
    expect(info.response).toMatch(/^250 /);
    expect(await m.mails(a.email)).toHaveLength(1);
    expect(await m.mails(b.email)).toHaveLength(1);
    const db = new Database(path.join(m.t.dataDir, DATABASE_FILE), { readonly: true });
    cleanups.push(() => void db.close());
    const rawRows = () =>
      (db.prepare('SELECT count(*) AS n FROM mail_raw').get() as { n: number }).n;
    expect(rawRows()).toBe(1);
    // a's mailbox is past retention, b's (leased a minute later) not yet: the raw row stays.
    clock.advance(30 * 60_000 + 24 * 3_600_000 - 60_000);
    expect(await m.t.app.mail.retention.sweep()).toEqual({ mails: 1, leases: 1 });
    expect(rawRows()).toBe(1);
    const [mailB] = await m.mails(b.email);
    expect((await m.api(`/api/emails/${b.email}/${mailB?.id}/raw`)).status).toBe(200);
    clock.advance(60_000);
    expect(await m.t.app.mail.retention.sweep()).toEqual({ mails: 1, leases: 1 });
    expect(rawRows()).toBe(0);
  });
});
