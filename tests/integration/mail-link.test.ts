import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BulkResponseSchema, MailSchema, WsMessageSchema } from '../../src-shared/mail/schemas.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { sendMail } from '../helpers/smtp-client.ts';
import { WsClient } from '../helpers/ws-client.ts';

const CONFIRM = 'https://app.acme.example/confirm?t=Ab12Cd34Ef&u=7';

/** A confirmation mail modelled on real ones: a button, a logo link, an unsubscribe footer. */
const confirmation = {
  subject: 'Confirm your email address',
  html:
    '<p><a href="https://acme.example/"><img alt="Acme" src="https://acme.example/l.png"></a></p>' +
    '<p>Thanks for signing up. Please confirm your email address.</p>' +
    `<p><a href="${CONFIRM.replace('&', '&amp;')}" style="background:#2563eb">Confirm email</a></p>` +
    '<p><a href="https://acme.example/unsubscribe?e=1">Unsubscribe</a></p>',
};

describe('the `link` field (issue 19)', () => {
  let m: MailTestApp;
  const clients: WsClient[] = [];
  beforeAll(async () => {
    m = await startMailTestApp();
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await m.close();
  });

  it('is found at ingest beside `code` and served by the list, the whole mail and bulk', async () => {
    const { email } = await m.generate();
    await sendMail(m.smtpPort, { to: email, ...confirmation });
    await sendMail(m.smtpPort, {
      to: email,
      subject: 'Your verification code',
      text: 'Your verification code is 482913.\n\nHelp: https://help.acme.example/',
    });
    const list = await m.mails(email);
    expect(list.map((x) => [x.code, x.link])).toEqual([
      [null, CONFIRM],
      ['482913', null],
    ]);
    for (const mail of list) MailSchema.strict().parse(mail);

    const whole = await m.api(`/api/emails/${encodeURIComponent(email)}/${list[0]?.id}`);
    expect(whole.status).toBe(200);
    expect(MailSchema.strict().parse(await whole.json()).link).toBe(CONFIRM);

    const bulk = await m.api('/api/emails/bulk', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ email }] }),
    });
    expect(bulk.status).toBe(200);
    const [result] = BulkResponseSchema.parse(await bulk.json()).results;
    expect(result && 'mails' in result && result.mails.map((x) => x.link)).toEqual([CONFIRM, null]);
  });

  it('rides on the WebSocket `email` message', async () => {
    const { email } = await m.generate();
    const url = `${m.t.app.httpUrl.replace('http', 'ws')}/ws/${encodeURIComponent(email)}?api_key=${m.key}`;
    const ws = await WsClient.connect(url);
    clients.push(ws);
    await ws.waitFor((x) => x.type === 'connected');
    await sendMail(m.smtpPort, { to: email, ...confirmation });
    const [frame] = await ws.waitFor((x) => x.type === 'email');
    const parsed = WsMessageSchema.parse(frame);
    expect(parsed.type === 'email' && parsed.data.link).toBe(CONFIRM);
  });
});
