import { sendMail } from '../helpers/smtp-client.ts';
import { expect, test } from './support/fixtures.ts';

/** Han characters: a sentence in Chinese has some; an English server sentence has none. */
const HAN = /[\u4e00-\u9fff]/;

test.describe('errors in the UI language', () => {
  test.beforeEach(async ({ page, server }) => {
    await page.goto(`${server.url}/#/video`);
    await page.getByTestId('lang-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  });

  test('a refused share text and a failed task in Chinese, then in English without a reload', async ({
    page,
    publish,
    shot,
  }) => {
    // A 422 (platform_unsupported) from the real server.
    await page.getByTestId('share-text').fill('https://example.com/video/1');
    await page.getByTestId('grab').click();
    const pasteError = page.getByTestId('paste-error');
    await expect(pasteError).toHaveText(
      '这不是抖音、TikTok 或快手的链接，请从 App 里复制分享链接。',
    );

    // A task that fails on the platform simulator (the post was deleted): error_code unavailable.
    const gone = await publish({ missing: true });
    await page.getByTestId('share-text').fill(gone.shareUrl);
    await page.getByTestId('grab').click();
    const card = page.getByTestId('task-card').first();
    await expect(card).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
    await expect(card.locator('.badge').first()).toHaveText('抖音');
    const failure = card.getByTestId('task-error');
    await expect(failure).toContainText('视频不可用');
    await expect(failure).toContainText('作品可能已被删除或设为私密。');
    await expect(failure).toContainText('该链接重试也无法下载。');
    // The alert is not named by the server's English sentence (a screen reader would read it
    // first); that sentence is one click away, marked as English.
    await expect(failure).not.toHaveAttribute('title');
    await expect(failure).toHaveAccessibleName('');
    const words = failure.getByTestId('task-error-words');
    await expect(words.locator('summary')).toHaveText('服务器给出的详情（英文）');
    await expect(words.locator('span[lang="en"]')).toBeHidden();
    await words.locator('summary').click();
    await expect(words.locator('span[lang="en"]')).toHaveText(/deleted or is private/);
    await shot('desktop-video-failed-zh');

    // Leave a fresh 422 on screen, then switch: both errors re-render in English.
    await page.getByTestId('share-text').fill('just some words, no link');
    await page.getByTestId('grab').click();
    await expect(pasteError).toHaveText('没有找到链接，请粘贴包含视频链接的分享文字。');
    await page.getByTestId('lang-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(pasteError).toHaveText(/No link found/);
    await expect(failure).toContainText('The video is unavailable');
    await expect(failure).toContainText('The post may have been deleted or made private.');
    await expect(failure).not.toContainText(HAN);
    await expect(card.locator('.badge').first()).toHaveText('Douyin');
  });

  test('a wrong key and a refused mail search in Chinese, then in English', async ({
    page,
    server,
  }) => {
    await page.getByTestId('nav-mail').click();
    await page.getByTestId('new-mailbox').click();
    const dialog = page.getByTestId('key-dialog');
    await page.getByTestId('api-key-input').fill('eph_wrong');
    await page.getByTestId('api-key-save').click();
    await expect(dialog.getByRole('alert')).toHaveText('API 密钥无效，请检查后重试。');
    await page.getByTestId('api-key-input').fill(server.apiKey);
    await page.getByTestId('api-key-save').click();
    await expect(dialog).toBeHidden();

    const email = (await page.getByTestId('inbox-address').textContent()) ?? '';
    await sendMail(server.smtpPort, {
      from: 'a@sender.example',
      to: email,
      subject: 'Hello',
      text: 'Hi there.',
    });
    await expect(page.getByTestId('mail-row')).toHaveCount(1);

    // The server answers 400 (q must contain a letter or digit); the UI says it in Chinese.
    await page.getByTestId('mail-search').fill('!!!');
    await page.getByTestId('mail-search').press('Enter');
    const pane = page.locator('.mail-list-pane');
    await expect(pane).toContainText('搜索内容需至少包含一个字母或数字。');
    await expect(pane).not.toContainText('q must');

    await page.getByTestId('lang-toggle').click();
    await expect(pane).toContainText('Search for at least one letter or digit.');
    await expect(pane).not.toContainText(HAN);
  });
});
