import { expect, test } from './support/fixtures.ts';

test.describe('settings → receive mail', () => {
  test.beforeEach(async ({ page, server }) => {
    await page.addInitScript((key) => localStorage.setItem('ephemera.apiKey', key), server.apiKey);
  });

  test('presets fill the server; a mailbox is added, tested, shows its state and is removed', async ({
    page,
    server,
  }) => {
    await page.goto(`${server.url}/#/settings`);
    const section = page.getByTestId('receive-mail-section');
    await expect(section.getByRole('heading', { name: 'Receive mail' })).toBeVisible();
    await expect(section.getByText('No mailbox connected yet.')).toBeVisible();

    // A preset fills host, port and security, with the app-password note.
    await section.getByLabel('Provider').selectOption('icloud');
    await expect(section.getByLabel('Server')).toHaveValue('imap.mail.me.com');
    await expect(section.getByLabel('Port')).toHaveValue('993');
    await expect(section.getByLabel('Security')).toHaveValue('implicit');
    await expect(section.getByText(/need an app password/)).toBeVisible();
    await section.getByLabel('Provider').selectOption('outlook');
    await expect(section.getByText(/accept only OAuth sign-in/)).toBeVisible();

    // Plain text to another machine is refused, with the reason in words.
    await section.getByLabel('Provider').selectOption('custom');
    await section.getByLabel('Server').fill('imap.example.org');
    await section.getByLabel('Security').selectOption('none');
    await section.getByLabel('User name').fill('me@example.org');
    await section.getByLabel('Password').fill('app-password-e2e');
    await section.getByRole('button', { name: 'Add mailbox' }).click();
    await expect(section.getByRole('alert')).toContainText(
      /Without TLS,? only a server on this computer is allowed/,
    );

    // A loopback port nothing listens on: the source is added and says why it is not receiving.
    await section.getByLabel('Server').fill('127.0.0.1');
    await section.getByLabel('Port').fill('9');
    await section.getByRole('button', { name: 'Add mailbox' }).click();
    const row = section.getByTestId('source-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('me@example.org · 127.0.0.1:9');
    await expect(row.getByTestId('source-status')).toContainText(
      'Not receiving — connection refused',
      { timeout: 15_000 },
    );
    await expect(section.getByLabel('Password')).toHaveValue('');
    await row.getByRole('button', { name: 'Test connection' }).click();
    await expect(row.getByRole('status')).toContainText('Test failed: connection refused');

    // The password never comes back from the server.
    const listed = await fetch(`${server.url}/api/sources`, {
      headers: { 'x-api-key': server.apiKey },
    });
    expect(await listed.text()).not.toContain('app-password-e2e');

    await row.getByRole('button', { name: 'Remove' }).click();
    await expect(row).toHaveCount(0);
    await expect(section.getByText('No mailbox connected yet.')).toBeVisible();
  });
});
