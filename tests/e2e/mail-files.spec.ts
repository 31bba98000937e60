import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { sendMail } from '../helpers/smtp-client.ts';
import { expect, test, type E2eServer } from './support/fixtures.ts';

/** A small PDF-looking attachment with bytes that break any text conversion (NUL, 0xFF, CR). */
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.from([0x00, 0xff, 0xfe, 0x0d, 0x0a, 0x80]),
  Buffer.alloc(3000, 0x42),
]);
const PDF_NAME = '发票 11.pdf';
const SPOOF_NAME = 'invoice\u202efdp.exe';

/** Opens a new mailbox, sends it a mail with an attachment over SMTP and opens the mail. */
async function openMailWithAttachment(
  page: Page,
  server: E2eServer,
  click: 'click' | 'tap',
): Promise<string> {
  await page.addInitScript((key) => localStorage.setItem('ephemera.apiKey', key), server.apiKey);
  // The first visit to Mail makes the first mailbox and opens it.
  await page.goto(`${server.url}/#/mail`);
  const address = page.getByTestId('inbox-address');
  await expect(page.getByTestId('live-status')).toHaveText('Live');
  const email = (await address.textContent()) ?? '';
  await sendMail(server.smtpPort, {
    from: '"Billing" <billing@shop.example>',
    to: email,
    subject: 'Your invoice',
    text: 'The invoice for November is attached.',
    html: '<p>The invoice for <b>November</b> is attached.</p>',
    attachments: [
      { filename: PDF_NAME, content: PDF, contentType: 'application/pdf' },
      // A right-to-left override would show this as "invoiceexe.pdf".
      { filename: SPOOF_NAME, content: 'MZ', contentType: 'application/octet-stream' },
    ],
  });
  await page.getByTestId('mail-row').first()[click]();
  await expect(page.getByTestId('mail-view')).toContainText('Your invoice');
  await expect(page.getByTestId('attachment').first()).toContainText(PDF_NAME);
  return email;
}

/** Runs `press` and returns the download it starts, with its bytes. */
async function downloadOf(page: Page, press: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), press()]);
  return { download, bytes: await bytesOf(download) };
}

async function bytesOf(download: Download): Promise<Buffer> {
  const file = await download.path();
  return fs.readFileSync(file);
}

/** The id of the one mail of `email`, as the REST API lists it. */
async function onlyMailId(server: E2eServer, email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/emails/${encodeURIComponent(email)}`, {
    headers: { 'x-api-key': server.apiKey },
  });
  const [mail] = (await res.json()) as { id: number }[];
  return String(mail?.id);
}

/** The raw message as the REST API serves it (what the .eml must equal). */
async function rawOverRest(server: E2eServer, email: string, id: string): Promise<Buffer> {
  const res = await fetch(`${server.url}/api/emails/${encodeURIComponent(email)}/${id}/raw`, {
    headers: { 'x-api-key': server.apiKey },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

test('download an attachment and the .eml, and read the source (desktop)', async ({
  page,
  server,
  shot,
}) => {
  const email = await openMailWithAttachment(page, server, 'click');
  await shot('desktop-mail-files');

  // The key travels in a header: the browser saves a blob, never a URL carrying the key.
  const attachment = await downloadOf(page, () =>
    page.getByRole('button', { name: `Download ${PDF_NAME}` }).click(),
  );
  expect(attachment.download.suggestedFilename()).toBe(PDF_NAME);
  expect(attachment.download.url()).toMatch(/^blob:/);
  expect(attachment.bytes.equals(PDF)).toBe(true);

  // Shown and saved without the override: what the list says is what is saved.
  const spoof = page.getByTestId('attachment').nth(1);
  await expect(spoof.locator('.attachment-name')).toHaveText('invoicefdp.exe');
  const exe = await downloadOf(page, () =>
    page.getByRole('button', { name: 'Download invoicefdp.exe' }).click(),
  );
  expect(exe.download.suggestedFilename()).toBe('invoicefdp.exe');
  expect(exe.bytes.toString()).toBe('MZ');

  const eml = await downloadOf(page, () => page.getByTestId('save-eml').click());
  // Named after the subject, as mail apps save a message.
  expect(eml.download.suggestedFilename()).toBe('Your invoice.eml');
  expect(eml.bytes.equals(await rawOverRest(server, email, await onlyMailId(server, email)))).toBe(
    true,
  );
  expect(eml.bytes.toString('latin1')).toContain('Subject: Your invoice');
  expect(eml.bytes.toString('latin1')).toContain(PDF.toString('base64').slice(0, 60));

  await page.getByTestId('mail-tab-source').click();
  const source = page.getByTestId('mail-source');
  await expect(source).toContainText('Subject: Your invoice');
  await expect(source).toContainText('Content-Type: application/pdf');
  await expect(page.getByTestId('source-truncated')).toHaveCount(0);
  await shot('desktop-mail-source');
});

test.describe('phone-size (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the reading pane fits and its downloads work', async ({ page, server, shot }) => {
    await openMailWithAttachment(page, server, 'tap');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    // The actions row keeps only its icons here: all of them stay on screen.
    for (const action of ['save-eml', 'mark-unread', 'delete-mail']) {
      await expect(page.getByTestId(action)).toBeInViewport({ ratio: 1 });
    }
    await shot('phone-mail-files');
    const attachment = await downloadOf(page, () =>
      page.getByRole('button', { name: `Download ${PDF_NAME}` }).tap(),
    );
    expect(attachment.bytes.equals(PDF)).toBe(true);
    const eml = await downloadOf(page, () => page.getByTestId('save-eml').tap());
    expect(eml.download.suggestedFilename()).toBe('Your invoice.eml');
  });
});
