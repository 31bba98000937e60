import type { Page } from '@playwright/test';
import { sendMail } from '../helpers/smtp-client.ts';
import { expect, test, type E2eServer } from './support/fixtures.ts';
import { makeMailboxes, rememberMailboxes } from './support/mail-seed.ts';

/** A 600-px newsletter, as senders lay them out: one fixed-width table. */
const NEWSLETTER = `<html><body style="margin:0"><table width="600" style="width:600px"><tr><td>
<h1>Autumn newsletter</h1>${'<p>A paragraph of the newsletter that fills the width.</p>'.repeat(20)}
</td></tr></table></body></html>`;

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

/** One mailbox with a code mail and the newsletter, remembered by the page; the inbox open. */
async function openInbox(page: Page, server: E2eServer): Promise<string> {
  const [lease] = await makeMailboxes(server, 1);
  if (!lease) throw new Error('no mailbox');
  await sendMail(server.smtpPort, {
    to: lease.email,
    subject: 'Your sign-in code',
    text: 'Your verification code is 482913.',
  });
  await sendMail(server.smtpPort, {
    to: lease.email,
    from: '"Acme News" <news@acme.example>',
    subject: 'Message #299: your complete autumn newsletter with every story of the season',
    html: NEWSLETTER,
  });
  await rememberMailboxes(page, server, [lease]);
  await page.goto(`${server.url}/#/mail`);
  await page.getByTestId('mailbox').first().click();
  await expect(page.getByTestId('mail-row')).toHaveCount(2);
  return lease.email;
}

async function frameBox(page: Page): Promise<{ width: number; height: number }> {
  const box = await page.getByTestId('mail-frame').boundingBox();
  if (!box) throw new Error('no mail frame');
  return { width: box.width, height: box.height };
}

for (const size of SIZES) {
  test.describe(`the mail screen at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('an open HTML mail gets the window: 600×450 at least, with the code strip slim', async ({
      page,
      server,
      shot,
    }) => {
      await openInbox(page, server);
      // Full width: the inbox card reaches near the window's right edge.
      const inbox = await page.locator('.inbox-pane').boundingBox();
      expect((inbox?.x ?? 0) + (inbox?.width ?? 0)).toBeGreaterThan(size.width - 40);
      // Before a mail is open the mailbox column is there, the code strip large.
      await expect(page.getByTestId('mailbox-list')).toBeVisible();
      // Every control of the column lies inside it (the fold toggle once stuck out, cut in half).
      const column = await page.locator('.mailboxes-pane').boundingBox();
      for (const id of ['mailboxes-collapse', 'new-mailbox', 'several-toggle']) {
        const control = await page.getByTestId(id).boundingBox();
        expect(control, id).not.toBeNull();
        expect(control?.x ?? 0, id).toBeGreaterThanOrEqual(column?.x ?? 0);
        expect((control?.x ?? 0) + (control?.width ?? 0), id).toBeLessThanOrEqual(
          (column?.x ?? 0) + (column?.width ?? 0) - 8,
        );
      }
      await expect(page.getByTestId('latest-code')).not.toHaveClass(/is-slim/);

      await page
        .getByText('Autumn newsletter')
        .first()
        .click()
        .catch(async () => {
          await page.getByTestId('mail-row').first().locator('.mail-row-open').click();
        });
      await expect(page.getByTestId('mail-frame')).toBeVisible();
      // The column folds to a rail; the code strip is one slim line.
      await expect(page.getByTestId('mailbox-list')).toBeHidden();
      await expect(page.getByTestId('mailboxes-expand')).toBeVisible();
      const strip = page.getByTestId('latest-code');
      await expect(strip).toHaveClass(/is-slim/);
      expect((await strip.boundingBox())?.height ?? 99).toBeLessThanOrEqual(48);

      const box = await frameBox(page);
      // The number the issue asks for, in the run's output.
      console.log(`HTML frame at ${size.width}×${size.height}: ${box.width}×${box.height} px`);
      expect(box.width).toBeGreaterThanOrEqual(600);
      expect(box.height).toBeGreaterThanOrEqual(450);
      // The 80-letter subject is not cut in the list: it takes a second line.
      const subject = page.locator('.mail-row.is-open .mail-row-subject');
      const cut = await subject.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
      expect(cut).toBe(false);
      await shot(`mail-window-${size.width}-open`);

      // Full view: the mail over the whole card; Escape goes back.
      await page.getByTestId('full-view').click();
      await expect(page.getByTestId('mail-list-scroll')).toBeHidden();
      const full = await frameBox(page);
      expect(full.width).toBeGreaterThan(box.width);
      expect(full.height).toBeGreaterThan(box.height);
      await shot(`mail-window-${size.width}-full`);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('mail-list-scroll')).toBeVisible();
      await expect(page.getByTestId('full-view')).toHaveAttribute('aria-pressed', 'false');
    });

    test('the list width follows the splitter and is remembered; the column choice too', async ({
      page,
      server,
    }) => {
      await openInbox(page, server);
      await page.getByTestId('mail-row').first().locator('.mail-row-open').click();
      const splitter = page.getByTestId('pane-splitter');
      const listPane = page.locator('#mail-list-pane');
      const before = (await listPane.boundingBox())?.width ?? 0;
      const frameBefore = (await frameBox(page)).width;

      // Drag 120 px to the right: the list widens, the reading pane narrows by as much.
      const grip = await splitter.boundingBox();
      if (!grip) throw new Error('no splitter');
      await page.mouse.move(grip.x + 0.5, grip.y + 100);
      await page.mouse.down();
      await page.mouse.move(grip.x + 120.5, grip.y + 100, { steps: 4 });
      await page.mouse.up();
      await expect
        .poll(async () => (await listPane.boundingBox())?.width ?? 0)
        .toBeCloseTo(before + 120, -1);
      expect((await frameBox(page)).width).toBeLessThan(frameBefore - 100);
      const dragged = Number(await splitter.getAttribute('aria-valuenow'));

      // Keyboard: ← narrows by a step, Home to the least, never below it.
      await splitter.focus();
      await page.keyboard.press('ArrowLeft');
      await expect(splitter).toHaveAttribute('aria-valuenow', String(dragged - 24));
      await page.keyboard.press('Home');
      await expect(splitter).toHaveAttribute('aria-valuenow', '240');
      await page.keyboard.press('ArrowLeft');
      await expect(splitter).toHaveAttribute('aria-valuenow', '240');

      // The column: shown again by choice, and the choice outlives a reload, as the width does.
      await page.getByTestId('mailboxes-expand').click();
      await expect(page.getByTestId('mailbox-list')).toBeVisible();
      await page.reload();
      await page.getByTestId('mailbox').first().click();
      await page.getByTestId('mail-row').first().locator('.mail-row-open').click();
      await expect(page.getByTestId('mailbox-list')).toBeVisible();
      await expect(page.getByTestId('pane-splitter')).toHaveAttribute('aria-valuenow', '240');
      await page.getByTestId('mailboxes-collapse').click();
      await expect(page.getByTestId('mailbox-list')).toBeHidden();
      await page.getByTestId('mail-row').first().locator('.mail-row-open').click();
      await expect(page.getByTestId('mailboxes-expand')).toBeVisible();
    });
  });
}

test.describe('the mail screen on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('one pane at a time; no splitter, no rail, no full-view button; nothing overflows', async ({
    page,
    server,
    shot,
  }) => {
    await openInbox(page, server);
    await expect(page.getByTestId('pane-splitter')).toBeHidden();
    await page.getByTestId('mail-row').first().locator('.mail-row-open').click();
    await expect(page.getByTestId('mail-frame')).toBeVisible();
    await expect(page.getByTestId('full-view')).toBeHidden();
    await expect(page.getByTestId('mailboxes-expand')).toHaveCount(0);
    const box = await frameBox(page);
    expect(box.width).toBeGreaterThan(320);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot('mail-window-390-open');
  });
});
