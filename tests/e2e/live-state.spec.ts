import type { Page } from '@playwright/test';
import { sendMail } from '../helpers/smtp-client.ts';
import { expect, test } from './support/fixtures.ts';
import { makeMailboxes, rememberMailboxes } from './support/mail-seed.ts';

const focusWindow = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

test.describe("the server's state, live", () => {
  test('an extension made by a script shows after focus and after a reload; the last mailbox reopens', async ({
    page,
    server,
  }) => {
    const [lease] = await makeMailboxes(server, 1);
    if (!lease) throw new Error('no mailbox');
    await rememberMailboxes(page, server, [lease]);
    await page.goto(`${server.url}/#/mail`);
    await page.getByTestId('mailbox').first().click();
    await expect(page.getByText('Extended 0/12')).toBeVisible();

    const extend = () =>
      fetch(`${server.url}/api/mailboxes/${lease.email}/extend`, {
        method: 'POST',
        headers: { 'x-api-key': server.apiKey },
      });
    expect((await extend()).status).toBe(200);
    await focusWindow(page);
    await expect(page.getByText('Extended 1/12')).toBeVisible();

    expect((await extend()).status).toBe(200);
    await page.reload();
    // The inbox open before the reload is open again, with the server's lease.
    await expect(page.getByTestId('inbox-address')).toHaveText(lease.email);
    await expect(page.getByText('Extended 2/12')).toBeVisible();
  });

  test("a device clock 40 minutes ahead still counts the lease on the server's clock", async ({
    page,
    server,
  }) => {
    const [lease] = await makeMailboxes(server, 1);
    if (!lease) throw new Error('no mailbox');
    await rememberMailboxes(page, server, [lease]);
    await page.clock.install({ time: Date.now() + 40 * 60_000 });
    await page.goto(`${server.url}/#/mail`);
    const row = page.getByTestId('mailbox').first();
    await expect(row.locator('.countdown')).toBeVisible();
    await expect(row).not.toContainText('Expired');
  });

  for (const lang of ['en', 'zh-CN'] as const) {
    test(`unread counts per mailbox and in the title; preview, attachment mark, search as you type (${lang})`, async ({
      page,
      server,
    }) => {
      const [a, b] = await makeMailboxes(server, 2);
      if (!a || !b) throw new Error('no mailboxes');
      await page.addInitScript((l) => {
        localStorage.setItem(
          'ephemera.prefs',
          JSON.stringify({ state: { theme: 'light', lang: l }, version: 0 }),
        );
      }, lang);
      await rememberMailboxes(page, server, [a, b]);
      await page.goto(`${server.url}/#/mail`);
      await page.getByTestId('mailbox').filter({ hasText: a.email }).click();
      const title = lang === 'en' ? 'Mail · Ephemera' : '邮箱 · Ephemera';

      await sendMail(server.smtpPort, {
        to: b.email,
        from: '"Acme News" <news@acme.example>',
        subject: 'Autumn digest',
        text: 'The first line of the digest,\n\nthen more.',
      });
      await sendMail(server.smtpPort, {
        to: b.email,
        from: 'billing@shop.example',
        subject: 'Invoice',
        text: 'Attached.',
        attachments: [
          {
            filename: 'invoice.pdf',
            content: Buffer.from('%PDF-1.4'),
            contentType: 'application/pdf',
          },
        ],
      });
      const badge = page
        .getByTestId('mailbox')
        .filter({ hasText: b.email })
        .getByTestId('mailbox-unread');
      // The mails are parsed a moment after SMTP's 250: focus until the server lists both.
      await expect
        .poll(async () => {
          await focusWindow(page);
          return (await badge.count()) > 0 ? await badge.textContent() : '';
        })
        .toContain('2');
      await expect(page).toHaveTitle(lang === 'en' ? `(2) ${title}` : `（2）${title}`);

      // The other mailbox: a preview line and the attachment mark in the list.
      await page.getByTestId('mailbox').filter({ hasText: b.email }).click();
      await expect(page.getByTestId('mail-row')).toHaveCount(2);
      await expect(page.getByTestId('mail-row-preview').last()).toHaveText(
        'The first line of the digest, then more.',
      );
      await expect(page.getByTestId('mail-row-attachment')).toHaveCount(1);

      // Reading one lowers both counts at once.
      await page
        .getByTestId('mail-row')
        .filter({ hasText: 'Invoice' })
        .locator('.mail-row-open')
        .click();
      // The mailbox column has folded to give the mail room; its rail and the title still count.
      await expect(page.getByTestId('rail-unread')).toContainText('1');
      await expect(page).toHaveTitle(lang === 'en' ? `(1) ${title}` : `（1）${title}`);

      // Search as you type, with operators: no Enter needed.
      const search = page.getByTestId('mail-search');
      await search.fill('from:acme');
      await expect(page.getByTestId('search-count')).toBeVisible();
      await expect(page.getByTestId('mail-row')).toHaveCount(1);
      await expect(page.getByTestId('mail-row')).toContainText('Autumn digest');
      await search.fill('has:attachment');
      await expect(page.getByTestId('mail-row')).toHaveCount(1);
      await expect(page.getByTestId('mail-row')).toContainText('Invoice');
      await search.fill('is:unread');
      await expect(page.getByTestId('mail-row')).toHaveCount(1);
      await expect(page.getByTestId('mail-row')).toContainText('Autumn digest');
      await search.fill('');
      await expect(page.getByTestId('mail-row')).toHaveCount(2);

      // Mark all read: here at once, and on the server in one request (none per mail).
      const writes: string[] = [];
      page.on('request', (req) => {
        if (req.method() === 'POST' && /\/read(-all)?$/.test(new URL(req.url()).pathname)) {
          writes.push(new URL(req.url()).pathname);
        }
      });
      const readAll = page.waitForResponse((res) => res.url().endsWith('/read-all'));
      await page.getByTestId('mark-all-read').click();
      const answer = await readAll;
      expect(answer.status()).toBe(200);
      expect(await answer.json()).toEqual({ marked: 1 });
      expect(writes).toEqual([`/api/emails/${encodeURIComponent(b.email)}/read-all`]);
      await expect(page.locator('.mail-row.is-unread')).toHaveCount(0);
      await expect(page).toHaveTitle(title);
      await expect(page.getByTestId('mark-all-read')).toBeDisabled();
      await expect
        .poll(async () => {
          const res = await fetch(`${server.url}/api/emails/${b.email}?q=is%3Aunread`, {
            headers: { 'x-api-key': server.apiKey },
          });
          return ((await res.json()) as unknown[]).length;
        })
        .toBe(0);
    });
  }
});
