import { sendMail } from '../helpers/smtp-client.ts';
import type { Page } from '@playwright/test';
import { expect, test, type E2eServer } from './support/fixtures.ts';

const LINK = 'https://accounts.bank.example/verify?t=7fQ2&u=sam';

/** A phishing-shaped confirmation: the text on the button names another host. */
const MISMATCH_HTML = `<div style="font-family:Arial">
  <p><a href="https://bank.example/"><img alt="Bank" src="https://bank.example/logo.png"></a></p>
  <p>Please verify your account to finish signing up.</p>
  <p><a href="${LINK.replace('&', '&amp;')}" style="background:#2563eb;color:#fff;padding:10px">https://www.paypal.com/verify</a></p>
  <p><a href="https://bank.example/unsubscribe?e=1">Unsubscribe</a></p>
</div>`;

/** Opens the mail page, makes a mailbox with the server's key and waits until it is live. */
async function openNewMailbox(page: Page, server: E2eServer): Promise<string> {
  await page.goto(`${server.url}/#/mail`);
  await page.getByTestId('new-mailbox').click();
  await page.getByTestId('api-key-input').fill(server.apiKey);
  await page.getByTestId('api-key-save').click();
  const address = page.getByTestId('inbox-address');
  await expect(address).toHaveText(/@ephemera\.localhost$/);
  const email = (await address.textContent()) ?? '';
  await expect(page.getByTestId('live-status')).toHaveText('Live');
  return email;
}

const PLAIN_LINK = 'https://app.acme.example/login/magic?token=Zk3pQ9vLx2';

test.describe('the link to open (issue 19)', () => {
  test('list chip, banner with host, copy, open outside the app, host warning', async ({
    page,
    server,
    context,
    shot,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    // window.open is recorded instead of opening a tab: no traffic leaves 127.0.0.1.
    await page.addInitScript(() => {
      const opened: unknown[][] = [];
      (window as unknown as { opened: unknown[][] }).opened = opened;
      window.open = (...args: unknown[]) => {
        opened.push(args);
        return null;
      };
    });
    const opened = () => page.evaluate(() => (window as unknown as { opened: unknown[][] }).opened);

    const email = await openNewMailbox(page, server);

    await sendMail(server.smtpPort, {
      from: '"Bank" <no-reply@bank.example>',
      to: email,
      subject: 'Verify your account',
      html: MISMATCH_HTML,
    });
    const row = page.getByTestId('mail-row').first();
    await expect(row).toContainText('Verify your account');
    const chip = row.getByTestId('link-chip');
    await expect(chip).toHaveText(/accounts\.bank\.example/);
    await expect(row.getByTestId('code-chip')).toHaveCount(0);

    // The chip opens the link outside the app (a noopener tab in a browser).
    await chip.click();
    await expect.poll(opened).toEqual([[LINK, '_blank', 'noopener,noreferrer']]);

    // The chip lies over the row's end; the row opens from its sender line.
    const openRow = { position: { x: 30, y: 12 } };
    await row.getByRole('button', { name: /Verify your account/ }).click(openRow);
    const banner = page.getByTestId('mail-view').getByTestId('link-banner');
    await expect(banner.getByTestId('link-host')).toHaveText('accounts.bank.example');
    await expect(banner.getByTestId('link-host-warning')).toContainText(
      'names paypal.com, but it opens accounts.bank.example',
    );

    await shot('desktop-mail-link-warning');
    await banner.getByTestId('copy-link').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(LINK);
    await expect(page.getByText('Link to accounts.bank.example copied')).toBeVisible();

    await banner.getByTestId('open-link').click();
    await expect.poll(async () => (await opened()).length).toBe(2);

    // A plain-text magic link: no warning; a mail with a code keeps the code chip.
    await sendMail(server.smtpPort, {
      from: '"Acme" <no-reply@acme.example>',
      to: email,
      subject: 'Your sign-in link',
      text: `Click the link below to sign in to Acme:\n\n${PLAIN_LINK}\n\nHelp: https://help.acme.example/`,
    });
    await sendMail(server.smtpPort, {
      to: email,
      subject: 'Your Acme verification code',
      text: 'Your verification code is 482913.\n\nOr confirm your email here: https://app.acme.example/confirm/Ab12Cd34Ef',
    });
    await expect(page.getByTestId('mail-row')).toHaveCount(3);
    const magic = page.getByTestId('mail-row').filter({ hasText: 'Your sign-in link' });
    await expect(magic.getByTestId('link-chip')).toHaveText(/app\.acme\.example/);
    await magic.getByRole('button', { name: /Your sign-in link/ }).click(openRow);
    const magicBanner = page.getByTestId('mail-view').getByTestId('link-banner');
    await expect(magicBanner.getByTestId('link-host')).toHaveText('app.acme.example');
    await expect(magicBanner.getByTestId('link-host-warning')).toHaveCount(0);

    const both = page.getByTestId('mail-row').filter({ hasText: 'verification code' });
    await expect(both.getByTestId('code-chip')).toContainText('482913');
    await expect(both.getByTestId('link-chip')).toHaveCount(0);
    await both.getByRole('button', { name: /verification code/ }).click(openRow);
    await expect(page.getByTestId('mail-view').getByTestId('link-banner')).toBeVisible();
  });

  test('the host warning sees through hidden characters, look-alike letters and a split href (issue 36)', async ({
    page,
    server,
  }) => {
    const email = await openNewMailbox(page, server);

    const href = LINK.replace('&', '&amp;');
    const mails: [string, string, string, RegExp][] = [
      [
        'zero-width space',
        href,
        'pay\u200bpal.com',
        /names paypal\.com, but it opens accounts\.bank\.example/,
      ],
      [
        'Cyrillic a',
        href,
        'p\u0430ypal.com',
        /imitates paypal\.com with look-alike or hidden characters; it opens accounts\.bank\.example/,
      ],
      [
        'newline in href',
        href.replace('/verify', '/ver\nify'),
        'https://www.paypal.com/verify',
        /names paypal\.com, but it opens accounts\.bank\.example/,
      ],
      [
        'tab in href',
        href.replace('accounts.', 'accounts.\t'),
        'https://www.paypal.com/verify',
        /names paypal\.com, but it opens accounts\.bank\.example/,
      ],
      [
        'IDN host',
        'https://xn--pypal-4ve.com/verify?t=7fQ2',
        'Verify your account',
        /opens xn--pypal-4ve\.com, a name written with look-alike letters to read as paypal\.com/,
      ],
    ];
    for (const [what, target, text] of mails) {
      await sendMail(server.smtpPort, {
        from: '"Bank" <no-reply@bank.example>',
        to: email,
        subject: `Verify your account (${what})`,
        html: `<p>Please verify your account to finish signing up.</p><p><a href="${target}">${text}</a></p>`,
      });
    }
    await expect(page.getByTestId('mail-row')).toHaveCount(mails.length);
    for (const [what, target, , warning] of mails) {
      // The server cleaned the hrefs: all but the IDN one have the same link.
      const host = target.includes('xn--') ? 'xn--pypal-4ve.com' : 'accounts.bank.example';
      const row = page.getByTestId('mail-row').filter({ hasText: `(${what})` });
      await expect(row.getByTestId('link-chip'), what).toContainText(host);
      await row.getByRole('button', { name: new RegExp(`\\(${what}\\)`) }).click({
        position: { x: 30, y: 12 },
      });
      const banner = page.getByTestId('mail-view').getByTestId('link-banner');
      await expect(banner.getByTestId('link-host'), what).toHaveText(host);
      await expect(banner.getByTestId('link-host-warning'), what).toContainText(warning);
    }
  });
});
