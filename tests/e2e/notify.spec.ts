import { sendMail } from '../helpers/smtp-client.ts';
import { expect, test } from './support/fixtures.ts';
import { makeMailboxes, rememberMailboxes } from './support/mail-seed.ts';

for (const lang of ['en', 'zh-CN'] as const) {
  test(`a new code is announced by a browser notification once allowed, while the page is out of sight (${lang})`, async ({
    page,
    server,
  }) => {
    const [lease] = await makeMailboxes(server, 1);
    if (!lease) throw new Error('no mailbox');
    await rememberMailboxes(page, server, [lease]);
    // A recording stand-in for the browser's Notification (headless Chromium shows none), and
    // a page that is behind other windows.
    await page.addInitScript((l) => {
      localStorage.setItem(
        'ephemera.prefs',
        JSON.stringify({ state: { theme: 'light', lang: l }, version: 0 }),
      );
      const shown: { title: string; body: string }[] = [];
      (window as unknown as { shown: typeof shown }).shown = shown;
      class Recorder {
        static permission = 'default';
        static requestPermission(): Promise<string> {
          Recorder.permission = 'granted';
          return Promise.resolve('granted');
        }
        constructor(title: string, options: { body: string }) {
          shown.push({ title, body: options.body });
        }
      }
      Object.defineProperty(window, 'Notification', { value: Recorder });
      document.hasFocus = () => false;
    }, lang);
    await page.goto(`${server.url}/#/settings`);
    const toggle = page.getByTestId('notify-toggle');
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');

    await page.getByTestId('nav-mail').click();
    await page.getByTestId('mailbox').first().click();
    await expect(page.getByTestId('live-status')).toHaveAttribute('class', /live-live/);
    await sendMail(server.smtpPort, {
      to: lease.email,
      from: '"Acme" <no-reply@acme.example>',
      subject: 'Sign in',
      text: 'Your verification code is 482913.',
    });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shown: unknown[] }).shown))
      .toEqual([{ title: lang === 'en' ? 'Code 482913' : '验证码 482913', body: 'Acme' }]);
  });
}
