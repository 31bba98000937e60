import { sendMail } from '../helpers/smtp-client.ts';
import { expect, test } from './support/fixtures.ts';

const HTML = `<div style="font-family:Arial">
  <h2 style="color:#4b3bd6">Welcome to Acme</h2>
  <p>Your verification code is <b style="font-size:22px">482913</b>. It expires in 10 minutes.</p>
  <img src="https://tracker.acme.example/open.gif" alt="" width="1" height="1">
  <p style="color:#888">If you did not ask for this, ignore this mail.</p>
</div>`;

test.describe('temporary mail', () => {
  test('asks for the API key once, then a mail sent over SMTP appears live with its code', async ({
    page,
    server,
    context,
    shot,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.goto(`${server.url}/#/mail`);
    await expect(page.getByText('No mailboxes yet')).toBeVisible();
    await shot('desktop-mail-empty');

    // The browser transport has no key yet: it asks, refuses a wrong one, keeps the right one.
    await page.getByTestId('new-mailbox').click();
    const dialog = page.getByTestId('key-dialog');
    await expect(dialog).toBeVisible();
    await shot('desktop-key-dialog');
    await page.getByTestId('api-key-input').fill('eph_wrong');
    await page.getByTestId('api-key-save').click();
    await expect(dialog.getByRole('alert')).toHaveText(/not accepted/);
    await expect(dialog.getByRole('alert')).toHaveAttribute('title', /not valid/);
    await page.getByTestId('api-key-input').fill(server.apiKey);
    await page.getByTestId('api-key-save').click();
    await expect(dialog).toBeHidden();

    const address = page.getByTestId('inbox-address');
    await expect(address).toHaveText(/^[a-z0-9]{10}@ephemera\.localhost$/);
    const email = (await address.textContent()) ?? '';
    await expect(page.getByTestId('live-status')).toHaveText('Live');
    await expect(page.getByText('Waiting for mail…')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('ephemera.apiKey'))).toBe(server.apiKey);

    // Copy address.
    await page.getByTestId('copy-address').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(email);

    // A real SMTP client delivers; the page shows it without a reload.
    await sendMail(server.smtpPort, {
      from: '"Acme Login" <no-reply@acme.example>',
      to: email,
      subject: 'Your Acme verification code',
      text: 'Your verification code is 482913. It expires in 10 minutes.',
      html: HTML,
      attachments: [{ filename: 'welcome.pdf', content: Buffer.from('%PDF-1.4 hello') }],
    });
    const row = page.getByTestId('mail-row').first();
    await expect(row).toContainText('Acme Login');
    await expect(row).toContainText('Your Acme verification code');
    const latest = page.getByTestId('latest-code');
    await expect(latest.getByTestId('code-chip')).toContainText('482913');

    await latest.getByTestId('code-chip').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('482913');
    await expect(page.getByText('Code 482913 copied')).toBeVisible();

    await row.click();
    const view = page.getByTestId('mail-view');
    await expect(view.getByRole('heading', { name: 'Your Acme verification code' })).toBeVisible();
    const frame = view.getByTestId('mail-frame');
    await expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    await expect(
      page.frameLocator('[data-testid="mail-frame"]').getByText('Welcome to Acme'),
    ).toBeVisible();
    await expect(view.getByText('Remote images are blocked')).toBeVisible();
    await expect(view.getByText('welcome.pdf')).toBeVisible();
    await shot('desktop-mail-inbox');

    await view.getByRole('tab', { name: 'Plain text' }).click();
    await expect(view.getByTestId('mail-text')).toContainText('Your verification code is 482913');

    // The key is remembered on this device: a reload and another mailbox ask nothing.
    await page.reload();
    await page.getByTestId('new-mailbox').click();
    await expect(page.getByTestId('mailbox')).toHaveCount(2);
    await expect(dialog).toBeHidden();

    // Several at once.
    await page.getByTestId('several-toggle').click();
    await page.getByLabel('How many addresses (1–100)').fill('3');
    await page.getByTestId('batch-generate').click();
    await expect(page.getByTestId('mailbox')).toHaveCount(5);
    await page.getByTestId('extend').click();
    await expect(page.getByText('Extended 1/12')).toBeVisible();
  });
});
