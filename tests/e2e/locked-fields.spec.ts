import { audit } from './support/axe-audit.ts';
import { expect, test } from './support/fixtures.ts';
import { rememberKeyAndLang, THREE_SIZES } from './support/screen-seed.ts';

/**
 * Settings fixed by a command-line option (issue 33, smaller items): they look read-only, not
 * greyed out, and the data folder's path can be selected and copied.
 */
const COPY = { en: 'Copy the data folder’s path', 'zh-CN': '复制数据目录路径' };

for (const lang of ['en', 'zh-CN'] as const) {
  for (const size of THREE_SIZES) {
    test(`locked fields read plainly and the data folder can be copied (${size.width}×${size.height}, ${lang})`, async ({
      page,
      context,
      server,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.setViewportSize(size);
      await rememberKeyAndLang(page, server, lang);
      // The real settings, as a run started with --http-port, --smtp-port and --data-dir says.
      await page.route('**/api/settings', async (route) => {
        if (route.request().method() !== 'GET') return route.continue();
        const res = await route.fetch();
        const settings = (await res.json()) as Record<string, unknown>;
        await route.fulfill({
          response: res,
          json: { ...settings, locked: ['http_port', 'smtp_port', 'data_dir'] },
        });
      });
      await page.goto(`${server.url}/#/settings`);
      const dataDir = page.locator('#data-dir');
      await expect(dataDir).not.toHaveValue('');
      const path = await dataDir.inputValue();
      for (const id of ['#http-port', '#smtp-port', '#data-dir']) {
        const field = page.locator(id);
        await expect(field).toHaveAttribute('readonly', '');
        await expect(field).toBeEnabled();
        await expect(field).toHaveClass(/is-locked/);
        expect(await field.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('dashed');
      }
      await expect(page.locator('#proxy')).not.toHaveAttribute('readonly');

      // The path: selectable in the field, and copied whole by its button.
      await dataDir.focus();
      await dataDir.selectText();
      expect(
        await dataDir.evaluate((el: HTMLInputElement) => el.selectionEnd! - el.selectionStart!),
      ).toBe(path.length);
      await page.getByRole('button', { name: COPY[lang] }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(path);
      expect(await audit(page, `locked settings ${size.width} ${lang}`)).toEqual([]);
      await dataDir.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `test-results/screenshots/locked-fields-${size.width}-${lang}.png`,
      });
    });
  }
}
