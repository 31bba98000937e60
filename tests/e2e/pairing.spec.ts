import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { sendMail } from '../helpers/smtp-client.ts';
import { expect, test, type E2eServer } from './support/fixtures.ts';
import { LAN_HOST, setLan } from './support/lan.ts';

/** A phone: its own browser context (own storage), phone-sized, recording every URL it asks for. */
async function openPhone(
  browser: Browser,
): Promise<{ context: BrowserContext; phone: Page; urls: string[] }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  const phone = await context.newPage();
  const urls: string[] = [];
  phone.on('request', (request) => {
    urls.push(request.url());
    const referer = request.headers().referer;
    if (referer) urls.push(referer);
  });
  phone.on('websocket', (ws) => urls.push(ws.url()));
  return { context, phone, urls };
}

/** The same link on loopback: the fake LAN address is not routable from the test machine. */
function onLoopback(server: E2eServer, link: string): string {
  return `${server.url}/${new URL(link).hash}`;
}

test.describe('pair a phone in one scan', () => {
  test.beforeEach(async ({ page, server }) => {
    await page.addInitScript((key) => localStorage.setItem('ephemera.apiKey', key), server.apiKey);
  });
  // Other specs share this server and expect LAN sharing off.
  test.afterEach(async ({ server }) => setLan(server, false));

  test('the desktop pairs "Pixel"; the phone stores the key, never sends it in a URL, and loses it when the key is disabled', async ({
    page,
    server,
    browser,
    shot,
  }) => {
    test.setTimeout(90_000);
    const port = new URL(server.url).port;
    await page.goto(`${server.url}/#/phone`);
    const panel = page.getByTestId('pair-panel');

    // LAN sharing off: the panel says so and turns it on.
    await expect(panel.getByTestId('pair-lan-off')).toContainText('turn on sharing');
    await panel.getByTestId('pair-lan-on').click();
    const name = panel.getByTestId('pair-name');
    await expect(name).toHaveValue(/^Phone( \d+)?$/, { timeout: 15_000 });
    await name.fill('Pixel');
    await panel.getByTestId('pair-create').click();

    const result = panel.getByTestId('pair-result');
    await expect(result.getByRole('img', { name: 'QR code that pairs "Pixel"' })).toBeVisible();
    await expect(result).toContainText('This code works once, within 10 minutes');
    const link = (await result.getAttribute('data-link')) ?? '';
    // A one-time code, never a key, and only in the fragment.
    expect(link).toMatch(new RegExp(`^http://${LAN_HOST}:${port}/#/pair\\?code=[\\w-]{22}$`));
    expect(link).not.toContain('eph_');
    await expect(result.getByTestId('pair-link')).toHaveText(link);
    expect(new URL(link).pathname + new URL(link).search).toBe('/');
    await shot('desktop-pair-phone');

    // The phone opens the link: the code is exchanged for a key of its own.
    const { context, phone, urls } = await openPhone(browser);
    await phone.goto(onLoopback(server, link));
    await expect(phone.getByText('This device is paired as "Pixel"')).toBeVisible();
    await expect(phone).toHaveURL(`${server.url}/#/mail`);
    const key = (await phone.evaluate(() => localStorage.getItem('ephemera.apiKey'))) ?? '';
    expect(key).toMatch(/^eph_[\w-]{43}$/);
    expect(await phone.evaluate(() => window.location.href)).not.toContain('code=');
    // History holds no code either: the link's entry was replaced before the first render.
    await phone.goBack();
    await phone.goForward();
    await expect(phone).toHaveURL(`${server.url}/#/mail`);

    // The link is dead now: opened again (another browser), it gives nothing.
    const again = await openPhone(browser);
    await again.phone.goto(onLoopback(server, link));
    await expect(
      again.phone.getByRole('alert').filter({ hasText: 'already used or has expired' }),
    ).toBeVisible();
    expect(await again.phone.evaluate(() => localStorage.getItem('ephemera.apiKey'))).toBeNull();
    await again.context.close();

    // Mail works without the key dialog: the first visit makes a mailbox, live, and mail arrives.
    const address = phone.getByTestId('inbox-address');
    await expect(address).toHaveText(/@ephemera\.localhost$/);
    await expect(phone.getByTestId('live-status')).toHaveText('Live');
    await sendMail(server.smtpPort, {
      from: '"Shop" <hello@shop.example>',
      to: (await address.textContent()) ?? '',
      subject: 'Sign-in code',
      text: 'Your code is 481516.',
    });
    await expect(phone.getByTestId('latest-code').getByTestId('code-chip')).toContainText('481516');
    await expect(phone.getByTestId('key-dialog')).toBeHidden();

    // Settings on the phone says which pairing the key came from.
    await phone.getByTestId('nav-settings').tap();
    await expect(phone.getByTestId('device-key-section')).toContainText(
      'This browser is paired as "Pixel"',
    );
    expect(urls.length).toBeGreaterThan(3);
    expect(urls.filter((url) => url.includes(key))).toEqual([]);

    // Done hides the code; another phone gets another key.
    await page.getByTestId('pair-done').click();
    await expect(result).toHaveCount(0);
    await panel.getByTestId('pair-name').fill('Tablet');
    await panel.getByTestId('pair-create').click();
    const second = (await panel.getByTestId('pair-result').getAttribute('data-link')) ?? '';
    expect(second).toMatch(/#\/pair\?code=[\w-]{22}$/);
    expect(second).not.toBe(link);

    // The desktop lists "Pixel"; disabling it locks the phone out.
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('pair-panel')).toHaveCount(0);
    const row = page.locator('.key-list li').filter({ hasText: 'Pixel' });
    await expect(row).toHaveCount(1);
    // "Tablet" never scanned its code: no key was made for it.
    await expect(page.locator('.key-list li').filter({ hasText: 'Tablet' })).toHaveCount(0);
    await row.getByRole('button', { name: 'Disable' }).click();
    await expect(row).toContainText('disabled');
    const refused: string[] = [];
    phone.on('response', (response) => {
      if (response.status() === 401) refused.push(response.url());
    });

    // The phone may hear of it at once (its live stream is closed with 4401 and the catch-up is
    // refused) and ask on the screen it is on; a reload (Settings reads the server again, the
    // last inbox reopens) makes sure a call is made. Refused (401): the key is dropped and the
    // dialog asks for another.
    await phone.reload();
    await expect(phone.getByTestId('key-dialog')).toBeVisible();
    expect(refused.length).toBeGreaterThan(0);
    expect(await phone.evaluate(() => localStorage.getItem('ephemera.apiKey'))).toBeNull();
    expect(urls.filter((url) => url.includes(key))).toEqual([]);
    await context.close();
  });

  test('a damaged pairing link stores nothing, says so, and leaves the address bar', async ({
    browser,
    server,
  }) => {
    const { context, phone } = await openPhone(browser);
    await phone.goto(`${server.url}/#/pair?code=garbled!`);
    await expect(
      phone.getByRole('alert').filter({ hasText: 'pairing link is incomplete' }),
    ).toBeVisible();
    await expect(phone).toHaveURL(`${server.url}/#/mail`);
    expect(await phone.evaluate(() => localStorage.getItem('ephemera.apiKey'))).toBeNull();

    // An old link with a real key in it is not used (and leaves the address bar too).
    await phone.evaluate((key) => {
      window.location.hash = `#/pair?key=${key}&name=Old`;
    }, server.apiKey);
    await expect(phone.getByRole('alert').filter({ hasText: 'older version' })).toBeVisible();
    await expect(phone).toHaveURL(`${server.url}/#/mail`);
    expect(await phone.evaluate(() => localStorage.getItem('ephemera.apiKey'))).toBeNull();

    // Opened in a tab already showing Ephemera: taken the same way, without a reload.
    await phone.evaluate(() => {
      window.location.hash = '#/pair?name=NoCode';
    });
    await expect(phone).toHaveURL(`${server.url}/#/mail`);
    await expect(
      phone.getByRole('alert').filter({ hasText: 'pairing link is incomplete' }),
    ).toHaveCount(2);
    await context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the pairing code passes axe (${theme})`, async ({ page, server }) => {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await setLan(server, true);
      await page.goto(`${server.url}/#/phone`);
      await page.getByTestId('pair-create').click();
      await expect(page.getByTestId('pair-result')).toBeVisible();
      const result = await new AxeBuilder({ page }).include('[data-testid="pair-panel"]').analyze();
      expect(result.violations.map((v) => v.id)).toEqual([]);
    });
  }
});
