import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../src-shared/mail/schemas.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { sendMail } from '../helpers/smtp-client.ts';

/**
 * The `text` of an HTML-only mail is the app's one rendering of its HTML
 * (src-main/mail/html-text/render-html.ts): cells in tab-separated columns, blocks on lines,
 * hidden text dropped; the listing, the single mail and the code all agree with it.
 */
describe('HTML-only mails over SMTP', () => {
  let m: MailTestApp;
  beforeAll(async () => {
    m = await startMailTestApp();
  });
  afterAll(() => m.close());

  it('lists a plain-text rendering: cells in columns, a blank line after the table', async () => {
    const { email } = await m.generate();
    const html = '<table><tr><td>Code</td><td>817263</td></tr></table><p>Ignore if not you.</p>';
    const info = await sendMail(m.smtpPort, { to: email, subject: 'Sign in', html });
    expect(info.response).toMatch(/^250 /);
    const [mail] = await m.mails(email);
    expect(mail).toMatchObject({
      html: `${html}\n`,
      text: 'Code\t817263\n\nIgnore if not you.',
      code: '817263',
    });
    const one = await m.api(`/api/emails/${encodeURIComponent(email)}/${mail?.id}`);
    expect(one.status).toBe(200);
    expect(((await one.json()) as Mail).text).toBe('Code\t817263\n\nIgnore if not you.');
  });

  it('drops a hidden preheader and styles, and bullets list items', async () => {
    const { email } = await m.generate();
    const html =
      '<html><head><style>.pre{display:none}</style></head><body>' +
      '<div class="pre">Old code 111111</div><p>Your code is <b>552014</b></p>' +
      '<ul><li>valid 10 minutes</li><li>do not share it</li></ul></body></html>';
    await sendMail(m.smtpPort, { to: email, subject: 'Your code', html });
    const [mail] = await m.mails(email);
    expect(mail?.text).toBe('Your code is 552014\n\n• valid 10 minutes\n• do not share it');
    expect(mail?.code).toBe('552014');
  });

  it('keeps the sender text part when there is one', async () => {
    const { email } = await m.generate();
    await sendMail(m.smtpPort, {
      to: email,
      text: 'Sender text',
      html: '<table><tr><td>a</td><td>b</td></tr></table>',
    });
    expect((await m.mails(email))[0]?.text).toBe('Sender text');
  });
});
