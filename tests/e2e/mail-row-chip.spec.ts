import type { Locator } from '@playwright/test';
import { sendMail } from '../helpers/smtp-client.ts';
import { expect, test } from './support/fixtures.ts';
import { makeMailboxes, rememberMailboxes } from './support/mail-seed.ts';

/**
 * A list row's code or link chip sits at the end of the row's last line, beside what it
 * shares the line with rather than over it: the preview is cut before the chip, and a mail
 * without text has its chip beside the subject.
 */

const SIZES = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not laid out');
  return { left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height };
}

/** The chip lies inside its row, on the same line as `text`, and right of it. */
async function expectBeside(row: Locator, chip: Locator, text: Locator): Promise<void> {
  const [r, c, t] = await Promise.all([box(row), box(chip), box(text)]);
  expect(c.left).toBeGreaterThanOrEqual(r.left);
  expect(c.right).toBeLessThanOrEqual(r.right + 0.5);
  expect(c.bottom).toBeLessThanOrEqual(r.bottom + 0.5);
  // On the text's line: their vertical extents overlap.
  expect(c.top).toBeLessThan(t.bottom);
  expect(c.bottom).toBeGreaterThan(t.top);
  // Beside it, not over it.
  expect(t.right).toBeLessThanOrEqual(c.left + 0.5);
}

for (const size of SIZES) {
  test(`a row's chip sits beside its last line, not over it (${size.name})`, async ({
    page,
    server,
    shot,
  }) => {
    await page.setViewportSize(size.viewport);
    const [lease] = await makeMailboxes(server, 1);
    if (!lease) throw new Error('no mailbox');
    const filler = 'and a sentence long enough to run past the end of the row in any window. ';
    await sendMail(server.smtpPort, {
      to: lease.email,
      subject: 'Your sign-in code',
      text: `Your code is 482913, ${filler.repeat(3)}`,
    });
    await sendMail(server.smtpPort, {
      to: lease.email,
      subject: 'Confirm your Acme account',
      text: `Please confirm your email address: https://acme.example/confirm?token=9f8e7d6c5b4a ${filler.repeat(3)}`,
    });
    await sendMail(server.smtpPort, {
      to: lease.email,
      subject: 'Your one-time passcode is 551902',
      text: '',
    });
    await rememberMailboxes(page, server, [lease]);
    await page.goto(`${server.url}/#/mail`);
    await page.getByTestId('mailbox').filter({ hasText: lease.email }).click();
    const rows = page.getByTestId('mail-row');
    await expect(rows).toHaveCount(3);

    const coded = rows.filter({ hasText: 'Your sign-in code' });
    await expectBeside(
      coded,
      coded.locator(':scope > .code-chip'),
      coded.getByTestId('mail-row-preview'),
    );
    const linked = rows.filter({ hasText: 'Confirm your Acme account' });
    await expectBeside(
      linked,
      linked.locator(':scope > .link-chip'),
      linked.getByTestId('mail-row-preview'),
    );
    const bare = rows.filter({ hasText: 'Your one-time passcode' });
    await expect(bare.getByTestId('mail-row-preview')).toHaveCount(0);
    await expectBeside(
      bare,
      bare.locator(':scope > .code-chip'),
      bare.locator('.mail-row-subject'),
    );
    await shot(`mail-row-chips-${size.name}`);
  });
}
