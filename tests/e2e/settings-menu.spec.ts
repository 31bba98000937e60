import { audit } from './support/axe-audit.ts';
import { expect, test } from './support/fixtures.ts';
import { rememberKeyAndLang, THREE_SIZES } from './support/screen-seed.ts';

const MENU_NAME = { en: 'Settings sections', 'zh-CN': '设置分区' } as const;

/** Settings has a section menu where there is room beside its column (issue 33). */
for (const lang of ['en', 'zh-CN'] as const) {
  for (const size of THREE_SIZES) {
    const wide = size.width >= 1280;
    test(`the section menu ${wide ? 'leads to every section' : 'stays out of a narrow screen'} (${size.width}×${size.height}, ${lang})`, async ({
      page,
      server,
      shot,
    }) => {
      await page.setViewportSize(size);
      await rememberKeyAndLang(page, server, lang);
      await page.goto(`${server.url}/#/settings`);
      // The server's sections (mail sources, keys…) load after the page's own.
      const grid = page.locator('.settings-grid');
      await expect(grid.getByTestId('keys-section').or(grid.locator('#key-name'))).not.toHaveCount(
        0,
      );
      const menu = page.getByRole('navigation', { name: MENU_NAME[lang] });
      if (!wide) {
        await expect(menu).toBeHidden();
        return;
      }
      await expect(menu).toBeVisible();
      // One entry per section, in the page's order and words.
      const titles = await grid.locator(':scope > section h2').allTextContents();
      expect(titles.length).toBeGreaterThan(6);
      await expect(menu.getByRole('button')).toHaveText(titles);

      // Scrolled by hand, the menu names the section being read: each one brought just below
      // the app bar is current, and so is one whose top is 70 px below it with the last sliver
      // of the section before still showing; the page's end names the last (too short to
      // reach the top).
      for (const title of titles) {
        for (const below of [16, 70]) {
          const reached = await grid
            .getByRole('heading', { name: title, exact: true, level: 2 })
            .evaluate((h, offset) => {
              const section = h.closest('section') as HTMLElement;
              const bar = parseFloat(
                getComputedStyle(document.documentElement).getPropertyValue('--appbar-h'),
              );
              const target = Math.max(
                0,
                section.getBoundingClientRect().top + window.scrollY - bar - offset,
              );
              window.dispatchEvent(new WheelEvent('wheel'));
              window.scrollTo({ top: target, behavior: 'instant' });
              const atEnd =
                window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
              return Math.abs(window.scrollY - target) < 2 && !atEnd;
            }, below);
          await expect(
            menu.getByRole('button', { name: reached ? title : titles.at(-1), exact: true }),
          ).toHaveAttribute('aria-current', 'true');
          await expect(menu.locator('[aria-current="true"]')).toHaveCount(1);
        }
      }

      // The last section: scrolled to below the app bar, its heading focused, marked current.
      const last = titles.at(-1) ?? '';
      await menu.getByRole('button', { name: last, exact: true }).click();
      const heading = grid.getByRole('heading', { name: last, exact: true, level: 2 });
      await expect(heading).toBeFocused();
      await expect(heading).toBeInViewport();
      await expect(menu.getByRole('button', { name: last, exact: true })).toHaveAttribute(
        'aria-current',
        'true',
      );
      // The menu stays beside the page while it scrolls.
      await expect(menu).toBeInViewport();
      expect(await audit(page, `settings ${size.width} ${lang}`)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(`settings-menu-${size.width}-${lang}`);
    });
  }
}
