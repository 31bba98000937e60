import { sendMail } from '../helpers/smtp-client.ts';
import { expect, test } from './support/fixtures.ts';
import { openNewMailbox } from './support/mail-seed.ts';

/** Every row of the help overlay: one per entry of SHORTCUTS in src-renderer/app/shortcuts.ts. */
const SHORTCUT_COUNT = 13;

test.describe('keyboard shortcuts', () => {
  test('j/k open mails, ↑/↓ and Enter still work, c copies the code, / searches', async ({
    page,
    server,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const email = await openNewMailbox(page, server);
    // Sent one after another, so the list (newest first) is 3, 2, 1.
    const mails = [
      { subject: 'First: code 111111', text: 'Your verification code is 111111.' },
      { subject: 'Second: no code', text: 'Nothing to copy here.' },
      { subject: 'Third: code 333333', text: 'Your verification code is 333333.' },
    ];
    for (const mail of mails) {
      await sendMail(server.smtpPort, { from: '"Shop" <hello@shop.example>', to: email, ...mail });
    }
    const rows = page.getByTestId('mail-row');
    await expect(rows).toHaveCount(3);
    const view = page.getByTestId('mail-view');
    const openRow = page.locator('.mail-row-open[aria-current="true"]');

    // j from nothing open: the newest; j again: the next older; k: back.
    await page.keyboard.press('j');
    await expect(view.getByRole('heading', { name: 'Third: code 333333' })).toBeVisible();
    await expect(openRow).toContainText('Third: code 333333');
    await page.keyboard.press('j');
    await expect(view.getByRole('heading', { name: 'Second: no code' })).toBeVisible();
    await expect(openRow).toBeFocused();
    await page.keyboard.press('j');
    await expect(view.getByRole('heading', { name: 'First: code 111111' })).toBeVisible();
    await page.keyboard.press('k');
    await expect(view.getByRole('heading', { name: 'Second: no code' })).toBeVisible();

    // Alt+j is the browser's, not ours: the next k steps from "Second", not from "First".
    await page.keyboard.press('Alt+j');
    await page.keyboard.press('k');
    await expect(view.getByRole('heading', { name: 'Third: code 333333' })).toBeVisible();

    // The arrow keys still move the focus along the rows, and Enter opens.
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(1).locator('.mail-row-open')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(2).locator('.mail-row-open')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(view.getByRole('heading', { name: 'First: code 111111' })).toBeVisible();

    // c copies the code of the mail being read…
    await page.keyboard.press('c');
    await expect(page.getByText('Code 111111 copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('111111');
    // …and the newest one when the open mail has none.
    await page.keyboard.press('k');
    await expect(view.getByRole('heading', { name: 'Second: no code' })).toBeVisible();
    await page.keyboard.press('c');
    await expect(page.getByText('Code 333333 copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('333333');

    // / focuses the search box without typing a slash; letters typed there are text.
    const search = page.getByTestId('mail-search');
    await page.keyboard.press('/');
    await expect(search).toBeFocused();
    await expect(search).toHaveValue('');
    await page.keyboard.type('jk');
    await expect(search).toHaveValue('jk');
    await expect(openRow).toContainText('Second: no code');
    await page.keyboard.press('Enter');
    await expect(page.getByText('No mail matches')).toBeVisible();
  });

  test('g then a letter switches screens; v goes to Video ready to paste', async ({
    page,
    server,
  }) => {
    await page.addInitScript((key) => localStorage.setItem('ephemera.apiKey', key), server.apiKey);
    await page.goto(`${server.url}/#/video`);
    await expect(page.locator('#main')).toBeFocused();

    for (const [letter, route, title] of [
      ['m', 'mail', 'Mail'],
      ['p', 'phone', 'Phone'],
      ['s', 'settings', 'Settings'],
      ['v', 'video', 'Video'],
    ] as const) {
      await page.keyboard.press('g');
      await page.keyboard.press(letter);
      await expect(page).toHaveURL(new RegExp(`#/${route}$`));
      await expect(page).toHaveTitle(`${title} · Ephemera`);
      await expect(page.locator('#main')).toBeFocused();
    }

    await page.keyboard.press('g');
    await page.keyboard.press('m');
    await expect(page).toHaveURL(/#\/mail$/);
    // The visit reopens the last mailbox; press on once that screen has settled.
    await expect(page.getByTestId('mailbox')).toHaveCount(1);
    await expect(page.getByTestId('inbox')).toBeVisible();
    await expect(page.locator('#main')).toBeFocused();
    const share = page.getByTestId('share-text');
    await page.keyboard.press('v');
    await expect(page).toHaveURL(/#\/video$/);
    await expect(share).toBeFocused();
    await expect(share).toHaveValue('');
    await page.keyboard.type('gm');
    await expect(share).toHaveValue('gm');
    await expect(page).toHaveURL(/#\/video$/);
  });

  test('? lists every shortcut in English and Chinese; Escape closes and gives the focus back', async ({
    page,
    server,
    shot,
  }) => {
    await page.goto(`${server.url}/#/video`);
    const dialog = page.getByTestId('shortcuts-dialog');
    const grab = page.getByTestId('grab');
    await grab.focus();

    await page.keyboard.press('?');
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    const rows = dialog.getByTestId('shortcut');
    await expect(rows).toHaveCount(SHORTCUT_COUNT);
    await expect(rows.filter({ hasText: 'Copy the latest verification code' })).toContainText('c');
    await expect(rows.filter({ hasText: 'Open the next (older) mail' }).locator('kbd')).toHaveText(
      'j',
    );
    await expect(rows.filter({ hasText: 'Search the mailbox' }).locator('kbd')).toHaveText('/');
    await expect(rows.filter({ hasText: 'Show this list' }).locator('kbd')).toHaveText('?');
    await expect(rows.filter({ hasText: /^g then m\s*Mail$/ })).toHaveCount(1);
    await shot('desktop-shortcuts-overlay');

    // Shortcuts wait while the overlay is open: "g m" does not change the screen behind it.
    await page.keyboard.press('g');
    await page.keyboard.press('m');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(grab).toBeFocused();
    await expect(page).toHaveURL(/#\/video$/);

    // In Chinese, opened with the mouse from the app bar; the focus goes back to that button.
    await page.getByTestId('lang-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    const button = page.getByTestId('shortcuts-button');
    await expect(button).toHaveAccessibleName('键盘快捷键');
    await button.click();
    await expect(page.getByRole('dialog', { name: '键盘快捷键' })).toBeVisible();
    await expect(rows).toHaveCount(SHORTCUT_COUNT);
    await expect(rows.filter({ hasText: '复制最新验证码' }).locator('kbd')).toHaveText('c');
    await expect(rows.filter({ hasText: '打开下一封（较早的）邮件' }).locator('kbd')).toHaveText(
      'j',
    );
    await expect(dialog.getByText('Copy the latest verification code')).toHaveCount(0);
    await shot('desktop-shortcuts-overlay-zh');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    // The close button closes it too.
    await page.keyboard.press('?');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('shortcuts-close').click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });
});
