import { expect, test } from './support/fixtures.ts';
import { rememberDevice, seedScreens } from './support/screen-seed.ts';
import { comparingBaseline, stillShot } from './support/still-shot.ts';

/**
 * A picture of every screen in a meaningful state, at desktop and phone size, in English and
 * Chinese, light and dark: test-results/screenshots/<screen>-<size>-<lang>-<theme>.png, the
 * artifacts a person looks at after a UI change (nothing here compares them to a reference; the
 * a11y and behaviour specs do the asserting). One seeded server serves all eight combinations.
 */

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const LANGS = ['en', 'zh-CN'] as const;
const THEMES = ['light', 'dark'] as const;

for (const viewport of SIZES) {
  for (const lang of LANGS) {
    for (const theme of THEMES) {
      const suffix = `${viewport.width}x${viewport.height}-${lang}-${theme}`;
      test.describe(`screenshots: ${suffix}`, () => {
        test.use({ viewport, reducedMotion: 'reduce', colorScheme: theme });

        test('every screen', async ({ page, context, server }) => {
          test.setTimeout(60_000);
          const seed = await seedScreens(server, 6);
          // Comparing two style sheets on the same page: countdowns must not tick in between.
          if (comparingBaseline) await page.clock.setFixedTime(Date.now());
          await rememberDevice(page, server, seed, { theme, lang });
          await page.addInitScript(
            (tasks) => localStorage.setItem('ephemera.tasks', tasks),
            JSON.stringify(seed.tasks),
          );
          const shot = (screen: string): Promise<void> => stillShot(page, `${screen}-${suffix}`);

          await page.goto(`${server.url}/#/video`);
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          const cards = page.getByTestId('task-card');
          await expect(cards.and(page.locator('[data-status="completed"]'))).toHaveCount(1);
          await expect(cards.and(page.locator('[data-status="failed"]'))).toHaveCount(1);
          await shot('video');

          await page.getByTestId('nav-mail').click();
          await expect(page.getByTestId('mailbox-list')).toBeVisible();
          await page.getByTestId('mailbox').first().click();
          await expect(page.getByTestId('mail-row')).toHaveCount(8);
          await expect(page.getByTestId('live-status')).toHaveClass(/\blive-live\b/);
          await shot('mail-inbox');
          await page.getByTestId('mail-row').filter({ hasText: 'Sign-in code' }).click();
          await expect(page.getByTestId('mail-text')).toContainText('730164');
          await expect(page.getByTestId('mail-view').getByTestId('code-chip')).toBeVisible();
          await shot('mail-open');

          await page.getByTestId('nav-phone').click();
          await expect(page.getByTestId('phone-base-url')).toBeVisible();
          // A loopback address, on the computer itself: no QR code a phone could not open.
          await expect(page.getByTestId('qr-code')).toHaveCount(0);
          await shot('phone');

          await page.getByTestId('nav-settings').click();
          await expect(page.getByTestId('language')).toBeVisible();
          await expect(page.locator('.key-list li').first()).toBeVisible();
          await shot('settings');

          // A device without the key: making a mailbox asks for it.
          const bare = await context.newPage();
          if (comparingBaseline) await bare.clock.setFixedTime(Date.now());
          await rememberDevice(bare, server, seed, { theme, lang }, false);
          // Not the mailbox the first page had open (the same context's storage): the dialog
          // is to open on "New address", not on a reopened inbox.
          await bare.addInitScript(() => localStorage.removeItem('ephemera.mailSelected'));
          await bare.goto(`${server.url}/#/mail`);
          await bare.getByTestId('new-mailbox').click();
          await expect(bare.getByTestId('key-dialog')).toBeVisible();
          await expect(bare.getByTestId('api-key-input')).toBeFocused();
          await stillShot(bare, `key-dialog-${suffix}`);
          await bare.close();
        });
      });
    }
  }
}
