import { sendMail } from '../helpers/smtp-client.ts';
import { expect, test } from './support/fixtures.ts';
import { makeMailboxes, rememberMailboxes } from './support/mail-seed.ts';

test.describe('small defects of issue 20', () => {
  test('"Skip to content" focuses the screen and stays on it', async ({ page, server }) => {
    await page.addInitScript((key) => localStorage.setItem('ephemera.apiKey', key), server.apiKey);
    await page.goto(`${server.url}/#/settings`);
    // The first stop of the page's tab order (the screen itself holds the focus after a load).
    const skip = page.locator('.skip-link');
    await skip.focus();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
    expect(new URL(page.url()).hash).toBe('#/settings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  });

  for (const lang of ['en', 'zh-CN'] as const) {
    test(`emptying a mailbox says Undo is possible, not "for good"; long header lines wrap in Source (${lang})`, async ({
      page,
      server,
    }) => {
      const [lease] = await makeMailboxes(server, 1);
      if (!lease) throw new Error('no mailbox');
      await sendMail(server.smtpPort, {
        to: lease.email,
        subject: 'Long headers',
        text: 'Hello.',
        headers: { 'X-Long-Trace': `trace-${'abcdefghij'.repeat(60)}` },
      });
      await page.addInitScript((l) => {
        localStorage.setItem(
          'ephemera.prefs',
          JSON.stringify({ state: { theme: 'light', lang: l }, version: 0 }),
        );
      }, lang);
      await rememberMailboxes(page, server, [lease]);
      await page.goto(`${server.url}/#/mail`);
      await page.getByTestId('mailbox').first().click();
      await page.getByTestId('mail-row').first().locator('.mail-row-open').click();
      await page.getByTestId('mail-tab-source').click();
      const source = page.getByTestId('mail-source');
      await expect(source).toContainText('X-Long-Trace');
      const overflow = await source.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeLessThanOrEqual(1);

      await page.getByTestId('empty-mailbox').click();
      const dialog = page.getByTestId('empty-dialog');
      await expect(dialog).toContainText(lang === 'en' ? 'undo' : '撤销');
      await expect(dialog).not.toContainText(lang === 'en' ? 'for good' : '永久');
      await page.keyboard.press('Escape');
    });
  }

  test('a refused domain stays in its field with the reason naming it, once however often tried; localhost is no extra host', async ({
    page,
    server,
  }) => {
    await page.addInitScript((key) => localStorage.setItem('ephemera.apiKey', key), server.apiKey);
    await page.goto(`${server.url}/#/settings`);
    const field = page.getByTestId('domain-new');
    await field.fill('x');
    await field.press('Enter');
    const error = page.getByTestId('domain-error');
    await expect(error).toContainText('x:');
    await expect(field).toHaveValue('x');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.press('Enter');
    await field.press('Enter');
    await expect(page.getByTestId('domain-error')).toHaveCount(1);
    await expect(page.locator('.toast')).toHaveCount(0);

    await page.locator('#host-new').fill('localhost');
    await page.locator('#host-new').press('Enter');
    await expect(page.getByTestId('allowed-hosts').locator('li')).toHaveCount(0);
    await expect(page.locator('.field-error').filter({ hasText: /host/i })).toBeVisible();
  });

  test('the phone reading pane names its actions in words', async ({ page, server }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const [lease] = await makeMailboxes(server, 1);
    if (!lease) throw new Error('no mailbox');
    await sendMail(server.smtpPort, { to: lease.email, subject: 'Hello', text: 'Hi.' });
    await rememberMailboxes(page, server, [lease]);
    await page.goto(`${server.url}/#/mail`);
    await page.getByTestId('mailbox').first().click();
    await page.getByTestId('mail-row').first().locator('.mail-row-open').click();
    await expect(page.getByTestId('mark-unread')).toHaveText('Mark unread');
    await expect(page.getByTestId('delete-mail')).toHaveText('Delete');
  });

  test('the Phone page shows no QR code a phone cannot use (loopback, or beside the pairing code)', async ({
    page,
    server,
  }) => {
    await page.addInitScript((key) => localStorage.setItem('ephemera.apiKey', key), server.apiKey);
    await page.goto(`${server.url}/#/phone`);
    await expect(page.getByTestId('phone-base-url')).toBeVisible();
    await expect(page.getByTestId('phone-lan-warning')).toBeVisible();
    await expect(page.getByTestId('qr-code')).toHaveCount(0);
  });

  test('a failed task keeps its reason once the server has dropped it (410); Clear finished removes it', async ({
    page,
    server,
    publish,
  }) => {
    await page.goto(`${server.url}/#/video`);
    const gone = await publish({ missing: true });
    await page.getByTestId('share-text').fill(gone.shareUrl);
    await page.getByTestId('grab').click();
    const card = page.getByTestId('task-card').first();
    await expect(card).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
    // From now on the server no longer has the task, as after its 3 minutes.
    await page.route(/\/api\/tasks\/[^/]+$/, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            status: 410,
            contentType: 'application/json',
            body: '{"detail":"The task has expired."}',
          })
        : route.continue(),
    );
    await page.reload();
    await expect(card).toHaveAttribute('data-status', 'failed');
    await expect(card.getByTestId('task-error')).toContainText('The video is unavailable');
    await page.getByTestId('clear-finished').click();
    await expect(page.getByTestId('task-card')).toHaveCount(0);
    await expect(page.getByTestId('clear-finished')).toHaveCount(0);
  });
});
