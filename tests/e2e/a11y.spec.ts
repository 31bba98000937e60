import { audit } from './support/axe-audit.ts';
import { expect, test } from './support/fixtures.ts';
import { rememberDevice, seedScreens } from './support/screen-seed.ts';

/**
 * axe-core on every screen, at desktop and phone size, light and dark, English and Chinese: 0
 * violations. The only thing left out is the mail's own frame: its content is the sender's HTML,
 * which the UI shows as written (sandboxed, no scripts, so axe could not run inside it anyway).
 */

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;
const THEMES = ['light', 'dark'] as const;
const LANGS = ['en', 'zh-CN'] as const;

for (const size of SIZES) {
  for (const theme of THEMES) {
    for (const lang of LANGS) {
      test.describe(`axe: ${size.name}, ${theme}, ${lang}`, () => {
        // Reduced motion: entrance fades end at once, so axe never measures a half-faded colour.
        test.use({ viewport: size.viewport, reducedMotion: 'reduce', colorScheme: theme });

        test('every screen has 0 violations', async ({ page, server }) => {
          test.setTimeout(120_000);
          const data = await seedScreens(server);
          await rememberDevice(page, server, data, { theme, lang });
          const found: string[] = [];

          await page.goto(`${server.url}/#/video`);
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await expect(page.getByTestId('share-text')).toBeVisible();
          found.push(...(await audit(page, 'video, empty')));

          await page.evaluate(
            (tasks) => localStorage.setItem('ephemera.tasks', tasks),
            JSON.stringify(data.tasks),
          );
          await page.reload();
          const cards = page.getByTestId('task-card');
          await expect(cards.and(page.locator('[data-status="completed"]'))).toHaveCount(1);
          await expect(cards.and(page.locator('[data-status="failed"]'))).toHaveCount(1);
          found.push(...(await audit(page, 'video, completed and failed tasks')));

          await page.getByTestId('nav-mail').click();
          await expect(page.getByTestId('mailbox-list')).toBeVisible();
          found.push(...(await audit(page, 'mail, mailbox list')));
          await page.getByTestId('mailbox').first().click();
          await expect(page.getByTestId('mail-row')).toHaveCount(2);
          found.push(...(await audit(page, 'mail, inbox')));
          await page.getByTestId('mail-row').filter({ hasText: 'November news' }).click();
          await expect(page.getByTestId('mail-frame')).toBeVisible();
          found.push(...(await audit(page, 'mail, reading pane (HTML)')));
          await page.getByTestId('mail-tab-text').click();
          await expect(page.getByTestId('mail-text')).toBeVisible();
          found.push(...(await audit(page, 'mail, reading pane (Plain text)')));
          await page.getByTestId('mail-tab-source').click();
          await expect(page.getByTestId('mail-source')).toBeVisible();
          found.push(...(await audit(page, 'mail, reading pane (Source)')));

          await page.getByTestId('nav-phone').click();
          await expect(page.getByTestId('phone-base-url')).toBeVisible();
          found.push(...(await audit(page, 'phone')));

          await page.getByTestId('nav-settings').click();
          await expect(page.getByTestId('language')).toBeVisible();
          await expect(page.locator('.key-list li').first()).toBeVisible();
          found.push(...(await audit(page, 'settings')));

          await page.getByTestId('shortcuts-button').click();
          await expect(page.getByTestId('shortcuts-dialog')).toBeVisible();
          found.push(...(await audit(page, 'keyboard shortcuts overlay')));
          await page.keyboard.press('Escape');
          await expect(page.getByTestId('shortcuts-dialog')).toBeHidden();

          expect(found, found.join('\n')).toEqual([]);
        });
      });
    }
  }
}
