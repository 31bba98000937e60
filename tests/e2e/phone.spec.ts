import type { Page } from '@playwright/test';
import { sendMail } from '../helpers/smtp-client.ts';
import { expect, test } from './support/fixtures.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** True when nothing sticks out sideways (the commonest phone-layout bug). */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

test.describe('phone-size layout (390×844)', () => {
  test.beforeEach(async ({ page, server }) => {
    await page.addInitScript((key) => localStorage.setItem('ephemera.apiKey', key), server.apiKey);
  });

  test('video: paste, progress, ready card, all within the screen', async ({
    page,
    server,
    publish,
    shot,
  }) => {
    await page.goto(`${server.url}/#/video`);
    await expect(page.getByTestId('nav-mail')).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);
    await shot('phone-video-empty');
    const video = await publish({
      title: 'Sunset over the harbour, filmed from the ferry',
      platform: 'tiktok',
    });
    await page.getByTestId('share-text').fill(`Check this out ${video.shareUrl}`);
    await page.getByTestId('grab').tap();
    const card = page.getByTestId('task-card').first();
    await expect(card).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
    await expect(card.getByTestId('download')).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);
    await shot('phone-video-completed');
  });

  test('mail: list → inbox with live code → back', async ({ page, server, shot }) => {
    // The first visit makes the first mailbox and opens it.
    await page.goto(`${server.url}/#/mail`);
    const address = page.getByTestId('inbox-address');
    await expect(address).toBeVisible();
    await expect(page.getByTestId('mailbox-list')).toBeHidden();
    await expect(page.getByTestId('live-status')).toHaveText('Live');
    const email = (await address.textContent()) ?? '';
    await sendMail(server.smtpPort, {
      from: '"Shop" <hello@shop.example>',
      to: email,
      subject: '验证码 / Sign-in code',
      text: '您的验证码是 730164，10 分钟内有效。',
    });
    await expect(page.getByTestId('latest-code').getByTestId('code-chip')).toContainText('730164');
    expect(await fitsWidth(page)).toBe(true);
    await shot('phone-mail-inbox');
    await page.getByTestId('mail-row').first().tap();
    await expect(page.getByTestId('mail-view')).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);
    await shot('phone-mail-view');
    await page.getByRole('button', { name: 'Inbox' }).tap();
    await page.getByRole('button', { name: 'Mailboxes' }).tap();
    await expect(page.getByTestId('mailbox-list')).toBeVisible();
    await shot('phone-mail-list');
  });

  test('phone setup and settings fit the screen', async ({ page, server, shot }) => {
    await page.goto(`${server.url}/#/phone`);
    await expect(page.getByTestId('phone-base-url')).toHaveText(server.url);
    await expect(page.getByTestId('phone-lan-warning')).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);
    await shot('phone-setup');
    await page.getByTestId('nav-settings').tap();
    await expect(page.getByRole('heading', { name: 'Appearance' })).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);
    await shot('phone-settings');
  });
});

test.describe('phone-size layout, dark', () => {
  test.use({ colorScheme: 'dark' });

  test('video page in dark mode', async ({ page, server, shot }) => {
    await page.goto(`${server.url}/#/video`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await shot('phone-video-dark');
  });
});
