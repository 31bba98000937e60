import fs from 'node:fs';
import { expect, test, VIDEO_FIXTURE } from './support/fixtures.ts';

test.describe('video grab', () => {
  test.beforeEach(async ({ page, server, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.goto(`${server.url}/#/video`);
  });

  test('empty state and capacity are shown', async ({ page, shot }) => {
    await expect(page.getByRole('heading', { name: 'Video grab' })).toBeVisible();
    await expect(page.getByText('No videos yet')).toBeVisible();
    await expect(page.getByTestId('capacity')).toHaveText(/\d+\/10 slots in use/);
    await shot('desktop-video-empty');
  });

  test('paste share text → completed → preview plays → download has the same bytes', async ({
    page,
    publish,
    shot,
  }) => {
    const video = await publish({ title: '湖边的清晨 · A quiet morning' });
    const shareText = `7.17 pDH:/ 看看这个 ${video.shareUrl} 复制此链接，打开Dou音搜索，直接观看视频！`;
    // Paste-and-go: a real paste into the empty box starts the task without a click.
    await page.evaluate((text) => navigator.clipboard.writeText(text), shareText);
    await page.getByTestId('share-text').focus();
    await page.keyboard.press('ControlOrMeta+V');

    const card = page.getByTestId('task-card').first();
    await expect(card).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
    await expect(page.getByTestId('share-text')).toHaveValue('');
    await expect(card.getByRole('heading')).toHaveText('湖边的清晨 · A quiet morning');
    await expect(card).toContainText('@lakeside.studio');
    await expect(card).toContainText('360x640');
    await expect(card.locator('.countdown')).toHaveText(/[0-3]:\d\d/);
    await expect(card.locator('.badge')).toHaveText('Douyin');
    await expect(page.getByTestId('capacity')).toHaveText(/[1-9]\d*\/10 slots in use/);

    await card.getByTestId('preview').click();
    const player = card.getByTestId('preview-player');
    await expect(player).toBeVisible();
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(await player.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(360);
    await player.evaluate((v: HTMLVideoElement) => v.pause());
    await shot('desktop-video-completed');

    const downloading = page.waitForEvent('download');
    await card.getByTestId('download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('湖边的清晨 · A quiet morning.mp4');
    const bytes = fs.readFileSync(await download.path());
    expect(bytes.equals(fs.readFileSync(VIDEO_FIXTURE))).toBe(true);

    await card.getByTestId('cancel').click();
    await expect(page.getByTestId('task-card')).toHaveCount(0);
  });

  test('progress shows while downloading, and cancel frees the slot', async ({
    page,
    publish,
    shot,
  }) => {
    const video = await publish({ slow: true, title: 'Slow CDN' });
    await page.getByTestId('share-text').fill(video.shareUrl);
    await page.getByTestId('share-text').press('Enter');
    const card = page.getByTestId('task-card').first();
    await expect(card).toHaveAttribute('data-status', 'processing');
    // Number and unit are held together by a no-break space (formatBytes).
    await expect(card.getByTestId('task-bytes')).toHaveText(/\d\u00a0KB of 60\u00a0KB · \d+%/);
    await expect(card.getByRole('progressbar')).toBeVisible();
    await shot('desktop-video-progress');
    await card.getByTestId('cancel').click();
    await expect(page.getByTestId('task-card')).toHaveCount(0);
  });

  test('clear failure messages: bad text and a deleted post', async ({ page, publish, shot }) => {
    await page.getByTestId('share-text').fill('just some words, no link');
    await page.getByTestId('grab').click();
    await expect(page.getByTestId('paste-error')).toHaveText(/No link found/);

    await page.getByTestId('share-text').fill('https://example.com/video/1');
    await page.getByTestId('grab').click();
    await expect(page.getByTestId('paste-error')).toHaveText(/not from Douyin, TikTok or Kuaishou/);

    const gone = await publish({ missing: true });
    await page.getByTestId('share-text').fill(gone.shareUrl);
    await page.getByTestId('grab').click();
    const card = page.getByTestId('task-card').first();
    await expect(card).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
    await expect(card.getByTestId('task-error')).toContainText('The video is unavailable');
    await expect(card.getByTestId('task-error')).toContainText(
      'may have been deleted or made private',
    );
    await expect(card.getByTestId('task-error').locator('summary')).toHaveText(
      'Details from the server',
    );
    await expect(card.getByTestId('task-error-words')).toContainText(/deleted or is private/, {
      useInnerText: false,
    });
    await shot('desktop-video-failed');
    await card.getByTestId('dismiss').click();
    await expect(page.getByTestId('task-card')).toHaveCount(0);
  });
});
