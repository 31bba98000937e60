import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

/** The ring the stylesheet draws round focused controls, read off the element itself. */
async function ringOf(page: Page, selector: string): Promise<{ shadow: string; outline: string }> {
  return page.locator(selector).evaluate((el) => {
    const style = getComputedStyle(el);
    return { shadow: style.boxShadow, outline: style.outlineStyle };
  });
}

test.describe('focus after a screen change', () => {
  test.beforeEach(async ({ page, server }) => {
    await page.addInitScript((key) => localStorage.setItem('ephemera.apiKey', key), server.apiKey);
  });

  test('#main takes focus on load and after a click on a tab, without a ring', async ({
    page,
    server,
    shot,
  }) => {
    await page.goto(`${server.url}/#/video`);
    await expect(page.locator('#main')).toBeFocused();
    expect(await ringOf(page, '#main')).toEqual({ shadow: 'none', outline: 'none' });

    for (const route of ['mail', 'phone', 'settings', 'video'] as const) {
      await page.getByTestId(`nav-${route}`).click();
      await expect(page).toHaveURL(new RegExp(`#/${route}$`));
      await expect(page.locator('#main')).toBeFocused();
      expect(await ringOf(page, '#main'), route).toEqual({ shadow: 'none', outline: 'none' });
    }
    await shot('desktop-focus-after-navigation');

    // The keyboard still gets its ring: Tab from the content to the first button shows one.
    let ring: { tag: string; visible: boolean; shadow: string } | null = null;
    for (let i = 0; i < 6 && ring?.tag !== 'BUTTON'; i += 1) {
      await page.keyboard.press('Tab');
      ring = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el) return null;
        return {
          tag: el.tagName,
          visible: el.matches(':focus-visible'),
          shadow: getComputedStyle(el).boxShadow,
        };
      });
    }
    expect(ring?.tag).toBe('BUTTON');
    expect(ring?.visible).toBe(true);
    expect(ring?.shadow).not.toBe('none');
  });
});

test.describe('theme: System, Light, Dark', () => {
  test('the header button steps through the three; System follows the system live', async ({
    page,
    server,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${server.url}/#/video`);
    const html = page.locator('html');
    const toggle = page.getByTestId('theme-toggle');
    await expect(toggle).toHaveAttribute('data-theme-choice', 'system');
    await expect(toggle).toHaveAccessibleName('Theme: System. Switch to Light');
    await expect(html).toHaveAttribute('data-theme', 'light');

    // System follows the system setting while the page is open.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveAttribute('data-theme', 'dark');

    await toggle.click();
    await expect(toggle).toHaveAttribute('data-theme-choice', 'light');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await toggle.click();
    await expect(toggle).toHaveAttribute('data-theme-choice', 'dark');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-theme', 'dark');

    // Back to System (it was lost before): the light system setting shows again.
    await toggle.click();
    await expect(toggle).toHaveAttribute('data-theme-choice', 'system');
    await expect(html).toHaveAttribute('data-theme', 'light');

    // The choice is remembered: Dark survives a reload on a light system.
    await toggle.click();
    await toggle.click();
    await expect(toggle).toHaveAttribute('data-theme-choice', 'dark');
    await page.reload();
    await expect(toggle).toHaveAttribute('data-theme-choice', 'dark');
    await expect(html).toHaveAttribute('data-theme', 'dark');
  });

  test('Settings → Appearance offers the three and agrees with the header', async ({
    page,
    server,
  }) => {
    await page.addInitScript((key) => localStorage.setItem('ephemera.apiKey', key), server.apiKey);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${server.url}/#/settings`);
    const html = page.locator('html');
    const group = page.getByRole('radiogroup', { name: 'Theme' });
    const radio = (name: string) => group.getByRole('radio', { name });
    await expect(group.getByRole('radio')).toHaveCount(3);
    await expect(radio('System')).toHaveAttribute('aria-checked', 'true');
    await expect(html).toHaveAttribute('data-theme', 'dark');

    await radio('Light').click();
    await expect(radio('Light')).toHaveAttribute('aria-checked', 'true');
    await expect(radio('System')).toHaveAttribute('aria-checked', 'false');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-choice', 'light');

    await radio('System').click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-theme', 'light');

    // The header button moves the radio too, and a reload keeps System.
    await page.getByTestId('theme-toggle').click();
    await expect(radio('Light')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('theme-toggle').click();
    await page.getByTestId('theme-toggle').click();
    await expect(radio('System')).toHaveAttribute('aria-checked', 'true');
    await page.reload();
    await expect(radio('System')).toHaveAttribute('aria-checked', 'true');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveAttribute('data-theme', 'dark');
  });
});
