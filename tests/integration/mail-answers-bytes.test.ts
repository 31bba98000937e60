import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MAIL_LIMITS } from '../../src-shared/mail/limits.ts';
import type { Mail } from '../../src-shared/mail/schemas.ts';
import type { NewMail } from '../../src-main/mail/store/mail-store.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';

const BODY = MAIL_LIMITS.listBodyChars;

/**
 * The list, search, bulk and WebSocket answers are written from SQLite's bytes
 * (src-main/mail/read/listed-json.ts); on the real server they must be, byte for byte, the JSON
 * Fastify and ws wrote from the mails as objects, which the desktop's IPC still gets.
 */
describe('mail answers written as bytes, on the real server', () => {
  let m: MailTestApp;
  let email: string;
  let objects: Mail[];

  beforeAll(async () => {
    m = await startMailTestApp();
    email = (await m.generate()).email;
    const base: NewMail = {
      email,
      from: 'sender@example.org',
      fromName: 'Zoë "Q" \\ Sender',
      to: [email],
      subject: 'code 123456 — 中文',
      text: 'hi',
      html: null,
      receivedAt: 1_700_000_000_000,
      code: '123456',
      link: null,
      size: 100,
      attachments: [],
    };
    const controls = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('');
    for (const mail of [
      { ...base, text: `quotes " \\ ${controls}\u2028 end 😀`, html: '<p>"x"</p>\r\n' },
      { ...base, subject: null, text: null, html: '' },
      { ...base, text: `lone \uD800 surrogate ${'é'.repeat(BODY)}`, html: `${'a'.repeat(BODY)}😀` },
    ]) {
      m.t.app.mail.store.insert([mail]);
    }
    objects = (await m.t.app.mail.reader.waitList(email, { afterId: 0, limit: 200 }, 0)).mails;
  });
  afterAll(() => m.close());

  it('GET /api/emails/{email}: the same bytes, type and more header', async () => {
    const res = await m.api(`/api/emails/${encodeURIComponent(email)}?limit=2`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-ephemera-more')).toBe('true');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(Buffer.from(JSON.stringify(objects.slice(0, 2))))).toBe(true);
    expect(res.headers.get('content-length')).toBe(String(body.length));
    const all = await m.api(`/api/emails/${encodeURIComponent(email)}?limit=200`);
    expect(all.headers.get('x-ephemera-more')).toBe('false');
    expect(await all.text()).toBe(JSON.stringify(objects));
  });

  it('GET …?q= (search): the same bytes', async () => {
    const res = await m.api(`/api/emails/${encodeURIComponent(email)}?q=code`);
    expect(res.status).toBe(200);
    const found = m.t.app.mail.reader.search(email, 'code', { afterId: 0, limit: 50 }).mails;
    expect(found.length).toBeGreaterThan(0);
    expect(await res.text()).toBe(JSON.stringify(found));
  });

  it('POST /api/emails/bulk: the same bytes, bad items included', async () => {
    const res = await m.api('/api/emails/bulk', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        items: [{ email, limit: 2 }, { email: 5 }, { email: 'x@nowhere.test' }],
      }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const results = (JSON.parse(await res.clone().text()) as { results: { error?: string }[] })
      .results;
    expect(await res.text()).toBe(
      JSON.stringify({
        results: [
          { email, mails: objects.slice(0, 2), more: true },
          { email: null, error: results[1]?.error },
          { email: 'x@nowhere.test', error: results[2]?.error },
        ],
      }),
    );
    expect(results[1]?.error).toBe('email must be a string.');
  });

  it('the WebSocket replay: text frames with the same bytes', async () => {
    const frames = await new Promise<{ text: string; binary: boolean }[]>((resolve, reject) => {
      const url = `${m.t.app.httpUrl.replace('http', 'ws')}/ws/${encodeURIComponent(email)}?api_key=${m.key}&after_id=0`;
      const ws = new WebSocket(url);
      const got: { text: string; binary: boolean }[] = [];
      ws.on('message', (data: Buffer, binary: boolean) => {
        const text = data.toString('utf8');
        if (text.startsWith('{"type":"email"')) got.push({ text, binary });
        if (got.length === objects.length) ws.close();
      });
      ws.once('close', () => resolve(got));
      ws.once('error', reject);
    });
    expect(frames).toEqual(
      objects.map((data) => ({ text: JSON.stringify({ type: 'email', data }), binary: false })),
    );
  });
});
