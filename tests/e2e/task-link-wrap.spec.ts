import { expect, test } from './support/fixtures.ts';
import { rememberKeyAndLang, THREE_SIZES } from './support/screen-seed.ts';

const LINK = 'https://www.tiktok.com/@long.creator-name/video/7301234567890123456?lang=en';
const LABEL = 'www.tiktok.com/@long.creator-name/video/7301234567890123456';
/** Where a URL reads apart: a line of the card's title may end only after one of these. */
const BOUNDARY = /[/?&=.@-]$/;

/** A failed task named by its long link wraps at the link's boundaries (issue 33). */
for (const lang of ['en', 'zh-CN'] as const) {
  for (const size of THREE_SIZES) {
    test(`a long share link wraps where the URL reads apart (${size.width}×${size.height}, ${lang})`, async ({
      page,
      server,
    }) => {
      await page.setViewportSize(size);
      await rememberKeyAndLang(page, server, lang);
      await page.goto(`${server.url}/#/video`);
      await page.getByTestId('share-text').fill(`${lang === 'en' ? 'Watch' : '看看'} ${LINK}`);
      await page.getByTestId('grab').click();
      const card = page.getByTestId('task-card').first();
      await expect(card).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
      const title = card.locator('.task-title');
      await expect(title).toHaveText(LABEL);
      // The text as laid out, one string per line (from each character's box).
      const lines = await title.evaluate((el) => {
        const out: string[] = [];
        let top: number | null = null;
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (let i = 0; i < text.length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const box = range.getClientRects()[0];
            if (!box) continue;
            if (top === null || box.top > top + 2) {
              out.push('');
              top = box.top;
            }
            out[out.length - 1] = `${out.at(-1) ?? ''}${text.charAt(i)}`;
          }
        }
        return out;
      });
      expect(lines.join('')).toBe(LABEL);
      // On the phone the link takes more than one line: the case this is about.
      if (size.width < 760) expect(lines.length).toBeGreaterThan(1);
      for (const line of lines.slice(0, -1)) expect(line, lines.join(' | ')).toMatch(BOUNDARY);
    });
  }
}
