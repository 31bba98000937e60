import { expect, test } from './support/fixtures.ts';

function seedPrefs(lang: 'en' | 'zh-CN'): string {
  return JSON.stringify({ state: { theme: 'light', lang }, version: 0 });
}

for (const lang of ['en', 'zh-CN'] as const) {
  const text =
    lang === 'en'
      ? {
          invalid: /not accepted/,
          computer: 'Ephemera runs on this computer.',
          link: 'a fresh sign-in link',
          tray: 'Open in browser or Copy sign-in link in its tray menu',
          desktop: 'Settings → API keys',
          lede: 'change Ephemera on this computer',
        }
      : {
          invalid: /未被接受|不正确|无效/,
          computer: 'Ephemera 运行在这台电脑上。',
          link: '新的登录链接',
          tray: '托盘菜单里的“Open in browser”或“Copy sign-in link”',
          desktop: '设置 → API 密钥',
          lede: '这台电脑上的 Ephemera',
        };

  test.describe(`the first minute (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((prefs) => {
        if (!localStorage.getItem('ephemera.prefs')) localStorage.setItem('ephemera.prefs', prefs);
      }, seedPrefs(lang));
    });

    test('a refused key stays in the field; the dialog names this computer and every way in', async ({
      page,
      server,
      shot,
    }) => {
      await page.goto(`${server.url}/#/mail`);
      // No key on this device: nothing is made unasked, and no dialog pops up on its own.
      await expect(page.getByTestId('key-dialog')).not.toBeVisible();
      await page.getByTestId('new-mailbox').click();
      const dialog = page.getByTestId('key-dialog');
      await expect(dialog).toBeVisible();
      // Named by its own title; the closed dialogs on the page do not take that name.
      const title = await dialog.getByRole('heading').first().textContent();
      await expect(page.getByLabel(title ?? '', { exact: true })).toHaveCount(1);
      await expect(dialog).toHaveAccessibleName(title ?? '');
      const ways = dialog.getByTestId('key-ways');
      await expect(ways).toContainText(text.computer);
      await expect(ways).toContainText(text.link);
      // The way back in that works again and again: a fresh link from the CLI or the tray.
      await expect(ways).toContainText('npm run cli -- sign-in');
      await expect(ways).toContainText(text.tray);
      await expect(ways).toContainText(text.desktop);
      await expect(ways).toContainText('npm run cli -- keys create');

      const wrong = 'eph_typo-in-the-middle';
      await page.getByTestId('api-key-input').fill(wrong);
      await page.getByTestId('api-key-save').click();
      await expect(dialog.getByRole('alert')).toHaveText(text.invalid);
      // Kept, to be checked and corrected, and marked invalid.
      await expect(page.getByTestId('api-key-input')).toHaveValue(wrong);
      await expect(page.getByTestId('api-key-input')).toHaveAttribute('aria-invalid', 'true');
      await shot(`key-dialog-refused-1280-${lang}`);
      await page.getByTestId('api-key-input').fill(server.apiKey);
      await page.getByTestId('api-key-save').click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('inbox-address')).toHaveText(/@ephemera\.localhost$/);

      // On the computer itself, Settings does not send the person to "the computer running it".
      await page.getByTestId('nav-settings').click();
      await expect(page.getByTestId('settings-lede')).toContainText(text.lede);
    });

    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 1920, height: 1080 },
      { width: 390, height: 844 },
    ]) {
      test(`the first visit to Mail makes the first address, ready to copy (${viewport.width}×${viewport.height})`, async ({
        page,
        server,
        shot,
      }) => {
        await page.setViewportSize(viewport);
        await page.addInitScript((key) => {
          if (!localStorage.getItem('ephemera.apiKey'))
            localStorage.setItem('ephemera.apiKey', key);
        }, server.apiKey);
        await page.goto(`${server.url}/#/mail`);
        const address = page.getByTestId('inbox-address');
        await expect(address).toHaveText(/^[a-z0-9]+@ephemera\.localhost$/);
        await expect(page.getByTestId('copy-address')).toBeVisible();
        await expect(page.getByTestId('live-status')).toHaveAttribute('class', /live-live/);
        await shot(`first-visit-${viewport.width}-${lang}`);
        const made = (await address.textContent()) ?? '';

        // Once per device: removing it does not bring a new one on the next visit.
        await page.goto(`${server.url}/#/video`);
        await page.goto(`${server.url}/#/mail`);
        await page.reload();
        await expect(page.getByTestId('mailbox').filter({ hasText: made })).toHaveCount(1);
        const stored = await page.evaluate(
          () =>
            (JSON.parse(localStorage.getItem('ephemera.mailboxes') ?? '[]') as unknown[]).length,
        );
        expect(stored).toBe(1);
        await page.evaluate(() => localStorage.setItem('ephemera.mailboxes', '[]'));
        await page.reload();
        await expect(page.getByTestId('new-mailbox')).toBeVisible();
        await expect(page.getByTestId('mailbox')).toHaveCount(0);
      });
    }
  });
}
