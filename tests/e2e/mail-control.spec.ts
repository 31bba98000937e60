import { sendMail } from '../helpers/smtp-client.ts';
import { expect, test } from './support/fixtures.ts';
import { openNewMailbox } from './support/mail-seed.ts';

test('search, unread then read on open, mark unread, delete a mail, empty the mailbox', async ({
  page,
  server,
  shot,
}) => {
  // A long walk through every control: ~15 s alone, over 30 s on a loaded 2-core machine.
  test.setTimeout(90_000);
  // Deletions are sent when their undo window ends; the page's clock lets that pass at once.
  await page.clock.install();
  const email = await openNewMailbox(page, server);

  const mails = [
    {
      from: '"GitHub" <noreply@github.example>',
      subject: 'Your GitHub launch code',
      text: 'Code 482913.',
    },
    {
      from: '"Acme News" <news@acme.example>',
      subject: 'Weekly digest',
      text: 'Nothing urgent this week.',
    },
    { from: '"Café Bleu" <hello@cafe.example>', subject: 'Your invoice', text: 'Total: 12 EUR.' },
  ];
  for (const mail of mails) await sendMail(server.smtpPort, { to: email, ...mail });
  const rows = page.getByTestId('mail-row');
  await expect(rows).toHaveCount(3);
  // New mail is unread: bold with a dot.
  await expect(page.locator('[data-testid="mail-row"][data-unread="true"]')).toHaveCount(3);
  await shot('desktop-mail-unread');

  // Opening marks read, here and on the server (a reload keeps it).
  await rows.filter({ hasText: 'Weekly digest' }).click();
  await expect(page.getByTestId('mail-view')).toContainText('Nothing urgent');
  await expect(page.locator('[data-unread="true"]')).toHaveCount(2);
  await shot('desktop-mail-read-actions');
  await expect
    .poll(async () => {
      const res = await fetch(`${server.url}/api/emails/${email}`, {
        headers: { 'x-api-key': server.apiKey },
      });
      return ((await res.json()) as { read: boolean }[]).map((m) => m.read);
    })
    .toEqual([false, true, false]);
  await page.getByTestId('mark-unread').click();
  await expect(page.locator('[data-unread="true"]')).toHaveCount(3);

  // Search: accents and case ignored; every word must match; clearing shows all again.
  const search = page.getByTestId('mail-search');
  await search.fill('cafe');
  await search.press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Your invoice');
  await expect(page.getByTestId('search-count')).toHaveText('1 found');
  await shot('desktop-mail-search');
  await search.fill('github "launch');
  await search.press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('GitHub');
  await search.fill('github invoice');
  await search.press('Enter');
  await expect(page.getByText('No mail matches')).toBeVisible();
  await page.getByTestId('mail-search-clear').click();
  await expect(rows).toHaveCount(3);

  // Delete from the reading pane.
  await rows.filter({ hasText: 'Your invoice' }).click();
  await page.getByTestId('delete-mail').click();
  await expect(page.getByText('Mail deleted')).toBeVisible();
  await expect(rows).toHaveCount(2);
  // Another mail takes its place in the reading pane (issue 33), never the deleted one.
  await expect(page.getByTestId('mail-view')).toBeVisible();
  await expect(page.getByTestId('mail-view')).not.toContainText('Your invoice');

  // Empty the mailbox: asks first; Cancel keeps everything.
  await page.getByTestId('empty-mailbox').click();
  const dialog = page.getByTestId('empty-dialog');
  await expect(dialog).toContainText('All 2 mails');
  await shot('desktop-mail-empty-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows).toHaveCount(2);
  await page.getByTestId('empty-mailbox').click();
  await page.getByTestId('empty-confirm').click();
  await expect(page.getByText('2 mails deleted')).toBeVisible();
  await expect(page.getByText('Waiting for mail…')).toBeVisible();
  // The server is told when the undo window ends (docs/ui.md, "Undo"); then a reload shows it.
  await page.clock.fastForward(6500);
  await expect
    .poll(async () => {
      const res = await fetch(`${server.url}/api/emails/${email}`, {
        headers: { 'x-api-key': server.apiKey },
      });
      return ((await res.json()) as unknown[]).length;
    })
    .toBe(0);
  await page.reload();
  await page.getByText(email).first().click();
  await expect(page.getByText('Waiting for mail…')).toBeVisible();

  // Still live after emptying: the next mail arrives.
  await sendMail(server.smtpPort, { to: email, subject: 'After the clean-up', text: 'hi' });
  await expect(rows).toHaveCount(1);
});
