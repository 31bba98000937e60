import type { Page } from '@playwright/test';
import { sendMail } from '../helpers/smtp-client.ts';
import { expect, test, type E2eServer } from './support/fixtures.ts';
import { openNewMailbox } from './support/mail-seed.ts';

/** Past the 6 s undo window (UNDO_WINDOW_MS), on the page's fake clock. */
const PAST_WINDOW_MS = 6500;

/** The ids of the mails the server lists for `email`, through the REST API. */
async function serverMailIds(server: E2eServer, email: string): Promise<number[]> {
  const res = await fetch(`${server.url}/api/emails/${encodeURIComponent(email)}`, {
    headers: { 'x-api-key': server.apiKey },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: number }[]).map((m) => m.id);
}

/** A mailbox open in the UI with these subjects delivered and listed. */
async function mailboxWith(page: Page, server: E2eServer, subjects: string[]): Promise<string> {
  // The page's timers run on Playwright's clock, so the undo window passes without waiting.
  await page.clock.install();
  const email = await openNewMailbox(page, server);
  for (const subject of subjects) {
    await sendMail(server.smtpPort, { to: email, subject, text: `About ${subject}.` });
  }
  await expect(page.getByTestId('mail-row')).toHaveCount(subjects.length);
  return email;
}

test.describe('removal with undo', () => {
  test('a deleted mail: Undo brings it back and the server keeps it; otherwise it goes', async ({
    page,
    server,
    shot,
  }) => {
    const email = await mailboxWith(page, server, ['First note', 'Second note']);
    const rows = page.getByTestId('mail-row');
    const ids = await serverMailIds(server, email);

    // Delete the open mail: gone at once, the toast offers Undo.
    await rows.filter({ hasText: 'Second note' }).click();
    await page.getByTestId('delete-mail').click();
    await expect(rows).toHaveCount(1);
    // The next mail takes its place in the reading pane (issue 33).
    await expect(page.getByTestId('mail-view')).toContainText('About First note.');
    const toast = page.getByRole('status').filter({ hasText: 'Mail deleted' });
    const undo = toast.getByRole('button', { name: 'Undo' });
    await expect(undo).toBeVisible();
    await shot('desktop-undo-toast');

    // The button is a real button: the keyboard reaches it and Enter undoes.
    await undo.press('Enter');
    await expect(rows).toHaveCount(2);
    // Back where it was (the newest on top), and open again as it was.
    await expect(rows.first()).toContainText('Second note');
    await expect(page.getByTestId('mail-view')).toContainText('About Second note.');
    await expect(toast).toHaveCount(0);
    // Nothing was sent, even once the window would have ended.
    await page.clock.fastForward(PAST_WINDOW_MS);
    expect(await serverMailIds(server, email)).toEqual(ids);

    // Delete again and let the window pass: now the server no longer has it.
    await page.getByTestId('delete-mail').click();
    await expect(rows).toHaveCount(1);
    expect(await serverMailIds(server, email)).toEqual(ids);
    await page.clock.fastForward(PAST_WINDOW_MS);
    await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    await expect.poll(() => serverMailIds(server, email)).toEqual([ids[0]]);
    await expect(rows).toHaveCount(1);
  });

  test('emptying a mailbox can be undone, and commits when the window ends', async ({
    page,
    server,
  }) => {
    const email = await mailboxWith(page, server, ['One', 'Two', 'Three']);
    const rows = page.getByTestId('mail-row');

    await page.getByTestId('empty-mailbox').click();
    await page.getByTestId('empty-confirm').click();
    await expect(page.getByText('Waiting for mail…')).toBeVisible();
    await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
    await expect(rows).toHaveCount(3);
    await page.clock.fastForward(PAST_WINDOW_MS);
    expect(await serverMailIds(server, email)).toHaveLength(3);

    // The Undo follows the language; this time the window passes.
    await page.getByTestId('empty-mailbox').click();
    await page.getByTestId('empty-confirm').click();
    await page.getByTestId('lang-toggle').click();
    await expect(page.getByRole('status').getByRole('button', { name: '撤销' })).toBeVisible();
    await page.getByTestId('lang-toggle').click();
    await page.clock.fastForward(PAST_WINDOW_MS);
    await expect.poll(() => serverMailIds(server, email)).toEqual([]);

    // The mailbox stays live: the next mail arrives.
    await sendMail(server.smtpPort, { to: email, subject: 'After the clean-up', text: 'hi' });
    await expect(rows).toHaveCount(1);
  });

  test('a mailbox removed from the list comes back with Undo, selected as before', async ({
    page,
    server,
  }) => {
    const email = await mailboxWith(page, server, []);
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByTestId('mailbox')).toHaveCount(0);
    await page
      .getByRole('status')
      .filter({ hasText: 'Mailbox removed from the list' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect(page.getByTestId('mailbox')).toHaveCount(1);
    await expect(page.getByTestId('inbox-address')).toHaveText(email);
  });

  test('closing the page in the window keeps the deletion', async ({ page, server }) => {
    const email = await mailboxWith(page, server, ['Keep', 'Drop']);
    const ids = await serverMailIds(server, email);
    await page.getByTestId('mail-row').filter({ hasText: 'Drop' }).click();
    await page.getByTestId('delete-mail').click();
    await expect(page.getByTestId('mail-row')).toHaveCount(1);
    expect(await serverMailIds(server, email)).toEqual(ids);
    // Leaving fires pagehide: the deletion is sent (keepalive) rather than dropped.
    await page.goto('about:blank');
    await expect.poll(() => serverMailIds(server, email)).toEqual([ids[0]]);
  });

  test('cancelling a running download: Undo keeps it running; the window passing cancels it', async ({
    page,
    server,
    publish,
  }) => {
    await page.clock.install();
    await page.goto(`${server.url}/#/video`);
    const video = await publish({ slow: true, title: 'Slow CDN' });
    await page.getByTestId('share-text').fill(video.shareUrl);
    await page.getByTestId('share-text').press('Enter');
    const cards = page.getByTestId('task-card');
    await expect(cards.first()).toHaveAttribute('data-status', 'processing');
    const taskId = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('ephemera.tasks') ?? '[]') as { id: string }[])[0]?.id,
    );
    expect(taskId).toBeTruthy();
    const taskStatus = async (): Promise<number> =>
      (await fetch(`${server.url}/api/tasks/${taskId}`)).status;

    await cards.first().getByTestId('cancel').click();
    await expect(cards).toHaveCount(0);
    await page
      .getByRole('status')
      .filter({ hasText: 'Download cancelled' })
      .getByRole('button', {
        name: 'Undo',
      })
      .click();
    await expect(cards).toHaveCount(1);
    await page.clock.fastForward(PAST_WINDOW_MS);
    // The server was never told: the download went on and finishes.
    expect(await taskStatus()).toBe(200);
    await expect(cards.first()).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });

    await cards.first().getByTestId('cancel').click();
    await expect(cards).toHaveCount(0);
    expect(await taskStatus()).toBe(200);
    await page.clock.fastForward(PAST_WINDOW_MS);
    await expect.poll(taskStatus).toBe(410);
    // A reload does not bring the card back.
    await page.reload();
    await expect(page.getByText('No videos yet')).toBeVisible();
  });
});
