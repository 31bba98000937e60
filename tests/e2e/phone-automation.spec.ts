import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { audit } from './support/axe-audit.ts';
import { expect, test } from './support/fixtures.ts';
import { setLan } from './support/lan.ts';

/**
 * Issue 20 §5: the Phone page offers a ready-to-import HTTP Shortcuts file with this server's
 * address (and the key made for a phone, never another) and shows the iOS steps with the values
 * filled in, each with a Copy button. 1280×800, 1920×1080 and 390×844, English and Chinese,
 * axe at 0; screenshots in test-results/screenshots/.
 */

const SIZES = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '1920', viewport: { width: 1920, height: 1080 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const WORDS = {
  en: {
    download: 'Download the import file',
    grab: 'Grab video',
    create: 'Create a key for a phone',
  },
  'zh-CN': { download: '下载导入文件', grab: '抓取视频', create: '为手机创建密钥' },
} as const;

interface ImportFile {
  version: number;
  categories: { shortcuts: { name: string; url: string; headers?: { key: string }[] }[] }[];
  variables: { key: string; type: string; value: string }[];
}

async function asDevice(page: Page, key: string, lang: string): Promise<void> {
  await page.addInitScript(
    ([k, l]) => {
      localStorage.setItem('ephemera.apiKey', k);
      localStorage.setItem(
        'ephemera.prefs',
        JSON.stringify({ state: { theme: 'light', lang: l }, version: 0 }),
      );
    },
    [key, lang] as const,
  );
}

async function downloadImport(page: Page, label: string): Promise<ImportFile> {
  const download = page.waitForEvent('download');
  await page.getByTestId('hs-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('ephemera-http-shortcuts.json');
  await expect(page.getByTestId('hs-download')).toHaveText(label);
  return JSON.parse(fs.readFileSync(await file.path(), 'utf8')) as ImportFile;
}

// The file and the values need an address a phone can reach: LAN sharing on (then off again,
// as the other specs expect it).
test.beforeEach(async ({ server }) => setLan(server, true));
test.afterEach(async ({ server }) => setLan(server, false));

for (const size of SIZES) {
  for (const lang of ['en', 'zh-CN'] as const) {
    test(`Phone page: HTTP Shortcuts file and iOS values (${size.name}, ${lang})`, async ({
      page,
      server,
      shot,
    }) => {
      await page.setViewportSize(size.viewport);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await asDevice(page, server.apiKey, lang);
      await page.goto(`${server.url}/#/phone`);
      const words = WORDS[lang];
      // The LAN address once the server's info is in (the page's own origin until then).
      await expect(page.getByTestId('phone-base-url')).toHaveText(/^http:\/\/192\.168\.1\.20:\d+$/);
      const base = await page.getByTestId('phone-base-url').innerText();

      // The file: this server's address in every request, the names in the UI's language, and
      // no key (this browser's own key is never put in it): the app will ask for one.
      const file = await downloadImport(page, words.download);
      const shortcuts = file.categories.flatMap((c) => c.shortcuts);
      expect(shortcuts.map((s) => s.name)).toContain(words.grab);
      for (const s of shortcuts) expect(s.url.startsWith(`${base}/api/`)).toBe(true);
      const key = file.variables.find((v) => v.key === 'ephemera_key');
      expect(key).toMatchObject({ type: 'password', value: '' });
      expect(JSON.stringify(file)).not.toContain(server.apiKey);

      // iOS: every value has its own Copy button, and copying gives exactly the value.
      const steps = page.getByTestId('ios-steps');
      await expect(steps).toContainText(`${base}/api/tasks`);
      await expect(steps).toContainText('X-API-Key');
      const copies = steps.getByTestId('ios-copy');
      expect(await copies.count()).toBeGreaterThanOrEqual(10);
      expect(await audit(page, `phone ${size.name} ${lang}`)).toEqual([]);
      await shot(`phone-automation-${size.name}-${lang.toLowerCase()}`);
      // The two new sections themselves (a phone's screenshot shows only its first screen).
      for (const part of ['android-import', 'ios-steps'] as const) {
        await page.getByTestId(part).screenshot({
          path: `test-results/screenshots/phone-${part}-${size.name}-${lang.toLowerCase()}.png`,
          animations: 'disabled',
        });
      }
    });
  }
}

test('a key made for a phone goes into the file; the iOS Copy button copies the exact value', async ({
  page,
  context,
  server,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await asDevice(page, server.apiKey, 'en');
  await page.goto(`${server.url}/#/phone`);
  await page.getByTestId('phone-create-key').click();
  await expect(page.getByTestId('phone-key-created')).toBeVisible();
  await expect(page.getByTestId('hs-key-note')).toContainText('holds the key');
  const file = await downloadImport(page, 'Download the import file');
  const key = file.variables.find((v) => v.key === 'ephemera_key');
  expect(key?.type).toBe('constant');
  expect(key?.value).toMatch(/^eph_/);
  expect(key?.value).not.toBe(server.apiKey);
  // That key works for the mail shortcuts' request.
  const generated = await fetch(`${server.url}/api/generate`, {
    headers: { 'x-api-key': key?.value ?? '' },
  });
  expect(generated.status).toBe(200);

  // The header value shown for iOS is that key too, and Copy puts it on the clipboard.
  const headerValue = page
    .getByTestId('ios-steps')
    .locator('.ios-value')
    .filter({ hasText: 'Header value' });
  await expect(headerValue.locator('code')).toHaveText(key?.value ?? '');
  await headerValue.getByTestId('ios-copy').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key?.value);
});

test("on a phone the file never carries the phone's own key, and the note asks for nothing it cannot do", async ({
  browser,
  server,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // A phone on the LAN: the page's info says it is not this computer.
  await page.route('**/api/info', async (route) => {
    const res = await route.fetch();
    const info = (await res.json()) as Record<string, unknown>;
    await route.fulfill({ response: res, json: { ...info, client_is_local: false } });
  });
  await asDevice(page, server.apiKey, 'en');
  await page.goto(`${server.url}/#/phone`);
  await expect(page.getByTestId('hs-key-note')).toHaveText(
    'Without a key in it: the mail shortcuts ask for one the first time and remember it.',
  );
  const file = await downloadImport(page, 'Download the import file');
  expect(JSON.stringify(file)).not.toContain(server.apiKey);
  expect(file.variables.find((v) => v.key === 'ephemera_key')).toMatchObject({
    type: 'password',
    value: '',
  });
  expect(await audit(page, 'phone page on a phone')).toEqual([]);
  await context.close();
});
