import { sendMail } from '../helpers/smtp-client.ts';
import { audit } from './support/axe-audit.ts';
import { expect, test } from './support/fixtures.ts';
import { makeMailboxes, rememberMailboxes } from './support/mail-seed.ts';
import { rememberKeyAndLang, THREE_SIZES } from './support/screen-seed.ts';

/**
 * Smaller dead ends of issue 33: the view tabs are one tab list (one Tab stop, arrow keys), and
 * deleting the open mail opens the next one instead of leaving the reading pane blank.
 */

for (const lang of ['en', 'zh-CN'] as const) {
  for (const size of THREE_SIZES) {
    test(`view tabs answer the arrow keys; deleting the open mail opens the next (${size.width}×${size.height}, ${lang})`, async ({
      page,
      server,
      shot,
    }) => {
      const [lease] = await makeMailboxes(server, 1);
      if (!lease) throw new Error('no mailbox');
      // Oldest first; the list shows them newest first: Third, Second, First.
      for (const subject of ['First', 'Second', 'Third']) {
        await sendMail(server.smtpPort, {
          to: lease.email,
          subject,
          text: `${subject} in text.`,
          html: `<p>${subject} in <b>HTML</b>.</p>`,
        });
      }
      await page.setViewportSize(size);
      await rememberKeyAndLang(page, server, lang);
      await rememberMailboxes(page, server, [lease]);
      await page.goto(`${server.url}/#/mail`);
      await page.getByTestId('mailbox').first().click();
      const rows = page.getByTestId('mail-row');
      await expect(rows).toHaveCount(3);
      await rows.filter({ hasText: 'Second' }).locator('.mail-row-open').click();
      const subject = page.locator('#mail-subject');
      await expect(subject).toHaveText('Second');

      // One tab list, one Tab stop: the selected tab; arrows, Home and End move and show.
      await expect(page.getByRole('tablist')).toHaveCount(1);
      const tabs = page.getByRole('tab');
      await expect(tabs).toHaveCount(3);
      const html = page.getByTestId('mail-tab-html');
      const text = page.getByTestId('mail-tab-text');
      const source = page.getByTestId('mail-tab-source');
      await expect(html).toHaveAttribute('aria-selected', 'true');
      await expect(html).toHaveAttribute('tabindex', '0');
      await expect(text).toHaveAttribute('tabindex', '-1');
      await expect(source).toHaveAttribute('tabindex', '-1');
      await html.focus();
      await page.keyboard.press('ArrowRight');
      await expect(text).toBeFocused();
      await expect(text).toHaveAttribute('aria-selected', 'true');
      const panel = page.getByRole('tabpanel');
      await expect(panel).toHaveAttribute('aria-labelledby', 'mail-tab-text');
      await expect(panel).toContainText('Second in text.');
      await page.keyboard.press('End');
      await expect(source).toBeFocused();
      await expect(panel).toHaveAttribute('aria-labelledby', 'mail-tab-source');
      await page.keyboard.press('ArrowRight');
      await expect(html).toBeFocused();
      await page.keyboard.press('ArrowLeft');
      await expect(source).toBeFocused();
      await page.keyboard.press('Home');
      await expect(html).toHaveAttribute('aria-selected', 'true');
      expect(await audit(page, `reading ${size.width} ${lang}`)).toEqual([]);
      await shot(`reading-tabs-${size.width}-${lang}`);

      // Deleting the open mail opens the one below it (the older one), and at the end of the
      // list the one above.
      await page.getByTestId('delete-mail').click();
      await expect(subject).toHaveText('First');
      // (Where list and mail take turns, the list is not drawn while a mail is open.)
      const listShown = size.width > 1100;
      if (listShown) await expect(rows).toHaveCount(2);
      await page.getByTestId('delete-mail').click();
      await expect(subject).toHaveText('Third');
      if (listShown) await expect(rows).toHaveCount(1);
    });
  }
}
