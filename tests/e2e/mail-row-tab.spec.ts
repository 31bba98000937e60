import { sendMail } from '../helpers/smtp-client.ts';
import { audit } from './support/axe-audit.ts';
import { expect, test } from './support/fixtures.ts';
import { makeMailboxes, rememberMailboxes } from './support/mail-seed.ts';
import { rememberKeyAndLang, THREE_SIZES } from './support/screen-seed.ts';

/**
 * One Tab stop per mail row (issue 33, screen-reader names): the row's code or link chip is
 * for the pointer; from the keyboard Tab goes row to row, and "c" copies the code.
 */
for (const lang of ['en', 'zh-CN'] as const) {
  for (const size of THREE_SIZES) {
    test(`Tab goes from mail row to mail row, past their chips (${size.width}×${size.height}, ${lang})`, async ({
      page,
      server,
    }) => {
      const [lease] = await makeMailboxes(server, 1);
      if (!lease) throw new Error('no mailbox');
      await sendMail(server.smtpPort, {
        to: lease.email,
        subject: 'Confirm your Acme account',
        text: 'Please confirm your email address: https://acme.example/confirm?token=9f8e7d6c5b4a',
      });
      await sendMail(server.smtpPort, {
        to: lease.email,
        subject: 'Your code',
        text: 'Your verification code is 482913.',
      });
      await page.setViewportSize(size);
      await rememberKeyAndLang(page, server, lang);
      await rememberMailboxes(page, server, [lease]);
      await page.goto(`${server.url}/#/mail`);
      await page.getByTestId('mailbox').first().click();
      const rows = page.getByTestId('mail-row');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0).getByTestId('code-chip')).toBeVisible();
      await expect(rows.nth(1).getByTestId('link-chip')).toBeVisible();

      await rows.nth(0).locator('.mail-row-open').focus();
      await page.keyboard.press('Tab');
      await expect(rows.nth(1).locator('.mail-row-open')).toBeFocused();
      // The chips still work by pointer.
      await expect(rows.nth(0).getByTestId('code-chip')).toHaveAttribute('tabindex', '-1');
      await expect(rows.nth(1).getByTestId('link-chip')).toHaveAttribute('tabindex', '-1');
      expect(await audit(page, `mail rows ${size.width} ${lang}`)).toEqual([]);
    });
  }
}
