import type { Locator, Page } from '@playwright/test';
import { sendMail } from '../helpers/smtp-client.ts';
import { audit } from './support/axe-audit.ts';
import { expect, test } from './support/fixtures.ts';
import { makeMailboxes, rememberMailboxes } from './support/mail-seed.ts';

/**
 * Issue 20 §6: the reading pane's actions (download .eml, mark unread, delete) sit on one row,
 * each with its words, at 390×844 as on the desktop, in English and Chinese; axe at 0. A
 * screenshot of each is kept in test-results/screenshots/.
 */

const SIZES = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '1920', viewport: { width: 1920, height: 1080 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const WORDS = {
  en: { unread: 'Mark unread', delete: 'Delete', eml: '.eml' },
  'zh-CN': { unread: '标为未读', delete: '删除', eml: '.eml' },
} as const;

async function box(locator: Locator): Promise<{ x: number; y: number; w: number; h: number }> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not laid out');
  return { x: b.x, y: b.y, w: b.width, h: b.height };
}

async function openMail(page: Page, server: { url: string }, email: string): Promise<void> {
  await page.goto(`${server.url}/#/mail`);
  await page.getByTestId('mailbox').filter({ hasText: email }).click();
  await page.getByTestId('mail-row').first().locator('.mail-row-open').click();
  await expect(page.getByTestId('mail-view')).toBeVisible();
}

for (const size of SIZES) {
  for (const lang of ['en', 'zh-CN'] as const) {
    test(`the mail's actions sit on one row with their words (${size.name}, ${lang})`, async ({
      page,
      server,
      shot,
    }) => {
      await page.setViewportSize(size.viewport);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const [lease] = await makeMailboxes(server, 1);
      if (!lease) throw new Error('no mailbox');
      await sendMail(server.smtpPort, {
        to: lease.email,
        subject: 'Your sign-in code',
        text: 'Your code is 482913. It expires in 10 minutes.',
      });
      await page.addInitScript((l) => {
        localStorage.setItem(
          'ephemera.prefs',
          JSON.stringify({ state: { theme: 'light', lang: l }, version: 0 }),
        );
      }, lang);
      await rememberMailboxes(page, server, [lease]);
      await openMail(page, server, lease.email);

      const words = WORDS[lang];
      const eml = page.getByTestId('save-eml');
      const unread = page.getByTestId('mark-unread');
      const del = page.getByTestId('delete-mail');
      // Each action names itself in words (the phone once showed icons only).
      await expect(eml).toContainText(words.eml);
      await expect(unread).toHaveText(words.unread);
      await expect(del).toHaveText(words.delete);

      const boxes = await Promise.all([eml, unread, del].map(box));
      const [first] = boxes;
      if (!first) throw new Error('no actions');
      for (const b of boxes) {
        // One row: every action on the same line as the first, left to right, none cut off.
        expect(Math.abs(b.y - first.y), JSON.stringify(boxes)).toBeLessThan(2);
        expect(b.x + b.w).toBeLessThanOrEqual(size.viewport.width);
        expect(b.x).toBeGreaterThanOrEqual(0);
      }
      for (let i = 1; i < boxes.length; i++) {
        const prev = boxes[i - 1];
        const cur = boxes[i];
        if (prev && cur) expect(cur.x).toBeGreaterThanOrEqual(prev.x + prev.w - 1);
      }
      // The words are whole, not clipped by an ellipsis.
      for (const action of [eml, unread, del]) {
        const clipped = await action.evaluate((el) =>
          [...el.querySelectorAll('span')].some((s) => s.scrollWidth > s.clientWidth + 1),
        );
        expect(clipped).toBe(false);
      }
      expect(await audit(page, `mail, reading pane ${size.name} ${lang}`)).toEqual([]);
      await shot(`mail-actions-${size.name}-${lang.toLowerCase()}`);
    });
  }
}
