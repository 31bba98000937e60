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

  it("is never an anchor's visible text, nor a loopback or private address (issue 36)", async () => {
    const { email } = await m.generate();
    const intro = '<p>Thanks for signing up. Please confirm your email address.</p>';
    const button = (href: string) => `${intro}<p><a href="${href}">Confirm email</a></p>`;
    const token = 'confirm?t=Ab12Cd34Ef';
    const mails: [string, { html?: string; text?: string }][] = [
      // Only the visible text of an anchor holds a URL: the href is missing or unusable.
      ['no href', { html: `${intro}<p><a>https://evil.example/${token}</a></p>` }],
      [
        'javascript',
        { html: `${intro}<p><a href="javascript:void(0)">https://evil.example/${token}</a></p>` },
      ],
      ['empty href', { html: `${intro}<p><a href="">https://evil.example/${token}</a></p>` }],
      // This computer and the LAN, however written.
      ['127.0.0.1', { html: button(`http://127.0.0.1/${token}`) }],
      ['10.x', { html: button(`http://10.1.2.3/${token}`) }],
      ['192.168.x', { html: button(`https://192.168.1.1/${token}`) }],
      ['[::1]', { html: button(`http://[::1]:8787/${token}`) }],
      ['localhost', { html: button(`http://localhost:8787/${token}`) }],
      ['decimal loopback', { html: button(`http://2130706433/${token}`) }],
      [
        'text part',
        { text: `Please confirm your email address:\n\nhttp://127.0.0.1:8787/${token}` },
      ],
    ];
    for (const [subject, body] of mails) {
      await sendMail(m.smtpPort, {
        to: email,
        subject: `Confirm your email address (${subject})`,
        ...body,
      });
    }
    // The same mail to a public host: found (the shape is a link's).
    await sendMail(m.smtpPort, {
      to: email,
      subject: 'Confirm your email address (public)',
      html: button(`https://app.acme.example/${token}`),
    });
    const list = await m.mails(email);
    expect(list).toHaveLength(mails.length + 1);
    expect(Object.fromEntries(list.map((x) => [x.subject, x.link]))).toEqual({
      ...Object.fromEntries(
        mails.map(([subject]) => [`Confirm your email address (${subject})`, null]),
      ),
      'Confirm your email address (public)': `https://app.acme.example/${token}`,
    });
  });
});
