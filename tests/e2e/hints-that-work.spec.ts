import path from 'node:path';
import config from '../../playwright.config.ts';
import { audit } from './support/axe-audit.ts';
import { expect, SCREENSHOT_DIR, test, type E2eServer } from './support/fixtures.ts';
import { setLan } from './support/lan.ts';
import { rememberKeyAndLang, THREE_SIZES } from './support/screen-seed.ts';

/**
 * Hints that can work (issue 33, "No dead ends"): nothing points a phone at 127.0.0.1 while LAN
 * sharing is off, the one QR code is the pairing one (it carries a key), and a plain-http page
 * from another machine gets no notifications switch that browsers would refuse, but the reason.
 */
const TEXT = {
  en: {
    lanFirst: 'Turn on LAN sharing first',
    insecure: (origin: string) =>
      `Browsers allow notifications only on https:// pages or on the computer itself, not on ${origin}.`,
  },
  'zh-CN': {
    lanFirst: '请先开启局域网共享',
    insecure: (origin: string) => `浏览器只允许 https:// 页面或本机页面发送通知，${origin} 不行。`,
  },
};

/** A name for this machine that is not "localhost": Chromium maps it to 127.0.0.1. */
const LAN_NAME = 'lan.test';

async function allowHosts(server: E2eServer, hosts: string[]): Promise<void> {
  const res = await fetch(`${server.url}/api/settings`, {
    method: 'PATCH',
    headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ allowed_hosts: hosts }),
  });
  expect(res.status).toBe(200);
}

// For the whole file (a browser's launch options cannot change within it); only the notify
// tests use the name.
const launch = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launch,
    args: [...(launch.args ?? []), `--host-resolver-rules=MAP ${LAN_NAME} 127.0.0.1`],
  },
});

test.describe('phone hints', () => {
  test.afterEach(async ({ server }) => setLan(server, false));

  for (const lang of ['en', 'zh-CN'] as const) {
    for (const size of THREE_SIZES) {
      test(`no 127.0.0.1 for a phone while LAN sharing is off; one QR code, the pairing one (${size.width}×${size.height}, ${lang})`, async ({
        page,
        server,
      }) => {
        const text = TEXT[lang];
        await page.setViewportSize(size);
        await rememberKeyAndLang(page, server, lang);
        await page.goto(`${server.url}/#/phone`);
        const android = page.getByTestId('android-import');
        const ios = page.getByTestId('ios-lan-off');
        await expect(android.getByTestId('android-lan-off')).toContainText(text.lanFirst);
        await expect(ios).toContainText(text.lanFirst);
        await expect(page.getByTestId('hs-download')).toHaveCount(0);
        await expect(page.getByTestId('ios-steps')).toHaveCount(0);
        await expect(android).not.toContainText('127.0.0.1');
        await expect(ios).not.toContainText('127.0.0.1');
        await expect(page.getByTestId('qr-code')).toHaveCount(0);
        expect(await audit(page, `phone, LAN off ${size.width} ${lang}`)).toEqual([]);
        await android.screenshot({
          path: path.join(SCREENSHOT_DIR, `hints-android-lan-off-${size.width}-${lang}.png`),
        });

        // Sharing on: the file and the values carry the network address; still no QR code
        // until a phone is paired, and then exactly one.
        await setLan(server, true);
        await page.reload();
        await expect(page.getByTestId('hs-download')).toBeVisible();
        await expect(page.getByTestId('ios-steps')).toContainText('192.168.1.20');
        await expect(page.getByTestId('ios-steps')).not.toContainText('127.0.0.1');
        await expect(page.getByTestId('qr-code')).toHaveCount(0);
        await page.getByTestId('pair-create').click();
        await expect(page.getByTestId('pair-result')).toBeVisible();
        await expect(page.getByTestId('qr-code')).toHaveCount(1);
        await expect(page.getByTestId('pair-result').getByTestId('qr-code')).toHaveCount(1);
        await page.getByTestId('pair-done').click();

        // Settings → LAN sharing: the address, and the way to the pairing code, no other QR.
        await page.goto(`${server.url}/#/settings`);
        await expect(page.getByTestId('lan-url')).toContainText('192.168.1.20');
        await expect(page.getByTestId('lan-pair-link')).toHaveAttribute('href', '#/phone');
        await expect(page.getByTestId('qr-code')).toHaveCount(0);
        expect(await audit(page, `settings, LAN on ${size.width} ${lang}`)).toEqual([]);
      });
    }
  }
});

test.describe('notifications on a plain-http page', () => {
  test.beforeEach(async ({ server }) => allowHosts(server, [LAN_NAME]));
  test.afterEach(async ({ server }) => allowHosts(server, []));

  for (const lang of ['en', 'zh-CN'] as const) {
    for (const size of THREE_SIZES) {
      test(`no switch browsers would refuse; the reason instead (${size.width}×${size.height}, ${lang})`, async ({
        page,
        server,
        shot,
      }) => {
        await page.setViewportSize(size);
        await rememberKeyAndLang(page, server, lang);
        // On the computer itself (a secure context) the switch is there.
        await page.goto(`${server.url}/#/settings`);
        await expect(page.getByTestId('notify-toggle')).toBeVisible();

        const origin = `http://${LAN_NAME}:${new URL(server.url).port}`;
        await page.goto(`${origin}/#/settings`);
        expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
        const section = page.getByTestId('browser-notify-section');
        await expect(section).toContainText(TEXT[lang].insecure(origin));
        await expect(page.getByTestId('notify-toggle')).toHaveCount(0);
        expect(await audit(page, `settings on http ${size.width} ${lang}`)).toEqual([]);
        await section.scrollIntoViewIfNeeded();
        await shot(`hints-notify-insecure-${size.width}-${lang}`);
      });
    }
  }
});
