import { expect, test } from './support/fixtures.ts';
import { makeMailboxes, rememberMailboxes, seedMails } from './support/mail-seed.ts';
import { rememberKeyAndLang, THREE_SIZES } from './support/screen-seed.ts';

/** The mail search's placeholder is read whole, not cut, at every size (issue 33). */
for (const lang of ['en', 'zh-CN'] as const) {
  for (const size of THREE_SIZES) {
    test(`the search placeholder fits its field (${size.width}×${size.height}, ${lang})`, async ({
      page,
      server,
    }) => {
      const [lease] = await makeMailboxes(server, 1);
      if (!lease) throw new Error('no mailbox');
      await seedMails(server, lease.email, 1);
      await page.setViewportSize(size);
      await rememberKeyAndLang(page, server, lang);
      await rememberMailboxes(page, server, [lease]);
      await page.goto(`${server.url}/#/mail`);
      await page.getByTestId('mailbox').first().click();
      const search = page.getByTestId('mail-search');
      await expect(search).toBeVisible();
      // The placeholder's width in the field's own font, against the room inside the field.
      const { text, room } = await search.evaluate((el: HTMLInputElement) => {
        const style = getComputedStyle(el);
        const ctx = document.createElement('canvas').getContext('2d');
        if (!ctx) throw new Error('no canvas');
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
        return { text: ctx.measureText(el.placeholder).width, room: el.clientWidth - padding };
      });
      expect(text).toBeLessThanOrEqual(room);
      // The whole syntax is still told, as the field's tooltip.
      await expect(search).toHaveAttribute('title', /has:attachment is:unread/);
    });
  }
}
