import type { Page } from '@playwright/test';
import { audit } from './support/axe-audit.ts';
import { expect, test, type E2eServer } from './support/fixtures.ts';

/** A fresh key made over REST with the server's own key (the server's stays untouched). */
async function makeKey(server: E2eServer, name: string): Promise<{ id: number; key: string }> {
  const res = await fetch(`${server.url}/api/keys`, {
    method: 'POST',
    headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; key: string };
}

async function useKey(page: Page, key: string, lang: 'en' | 'zh-CN' = 'en'): Promise<void> {
  await page.addInitScript(
    ([k, l]) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('ephemera.apiKey', k);
        localStorage.setItem(
          'ephemera.prefs',
          JSON.stringify({ state: { theme: 'light', lang: l }, version: 0 }),
        );
        sessionStorage.setItem('seeded', '1');
      }
    },
    [key, lang] as const,
  );
}

test.describe('keys that cannot lock the user out', () => {
  test("this browser's key is marked; disabling it asks first and says the way back; a disabled key comes back with Enable", async ({
    page,
    server,
    shot,
  }) => {
    const mine = await makeKey(server, 'this laptop');
    const other = await makeKey(server, 'script');
    await useKey(page, mine.key);
    await page.goto(`${server.url}/#/settings`);

    const rows = page.getByTestId('key-row');
    const own = rows.filter({ hasText: 'this laptop' });
    const script = rows.filter({ hasText: 'script' });
    await expect(own.getByTestId('key-current')).toHaveText('This browser');
    await expect(page.getByTestId('key-current')).toHaveCount(1);

    // Another key: disabled at once (it can come back), then enabled again.
    await script.getByTestId('key-disable').click();
    await expect(page.getByTestId('key-confirm')).not.toBeVisible();
    await expect(script).toContainText('disabled');
    // A disabled key's row stays readable (it was faded below the contrast minimum).
    expect(await audit(page, 'settings, a disabled key')).toEqual([]);
    expect(
      (await fetch(`${server.url}/api/generate`, { headers: { 'x-api-key': other.key } })).status,
    ).toBe(401);
    await script.getByTestId('key-enable').click();
    await expect(script).not.toContainText('disabled');
    expect(
      (await fetch(`${server.url}/api/generate`, { headers: { 'x-api-key': other.key } })).status,
    ).toBe(200);

    // Deleting asks, always; Cancel keeps it.
    await script.getByTestId('key-delete').click();
    const confirm = page.getByTestId('key-confirm');
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText('Delete "script"?');
    await expect(confirm).not.toContainText('This browser uses this key');
    await page.getByTestId('key-confirm-cancel').click();
    await expect(script).toBeVisible();

    // This browser's key: Disable asks, and says how to get back in.
    await own.getByTestId('key-disable').click();
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText('This browser uses this key');
    await expect(confirm).toContainText('make a fresh sign-in link');
    await expect(confirm).toContainText('npm run cli -- sign-in');
    await expect(confirm).toContainText(
      'Open in browser or Copy sign-in link in the Ephemera tray',
    );
    await shot('keys-confirm-own-1280');
    await page.keyboard.press('Escape');
    await expect(confirm).not.toBeVisible();
    await expect(own).not.toContainText('disabled');

    await own.getByTestId('key-disable').click();
    await page.getByTestId('key-confirm-ok').click();
    // The very next call is refused, so the key dialog asks at once, without a reload; another
    // key lets the browser in, and the disabled key is enabled again from here.
    await expect(page.getByTestId('key-dialog')).toBeVisible();
    await page.getByTestId('api-key-input').fill(server.apiKey);
    await page.getByTestId('api-key-save').click();
    await expect(own).toContainText('disabled');
    await expect(page.getByTestId('key-current')).toHaveCount(1);
    await expect(own.getByTestId('key-current')).toHaveCount(0);
    await own.getByTestId('key-enable').click();
    await expect(own).not.toContainText('disabled');
    expect(
      (await fetch(`${server.url}/api/generate`, { headers: { 'x-api-key': mine.key } })).status,
    ).toBe(200);

    // Delete, confirmed: gone.
    await script.getByTestId('key-delete').click();
    await page.getByTestId('key-confirm-ok').click();
    await expect(script).toHaveCount(0);
  });

  for (const viewport of [
    { width: 1920, height: 1080 },
    { width: 390, height: 844 },
  ]) {
    test(`in Chinese at ${viewport.width}×${viewport.height}: the mark and the warning`, async ({
      page,
      server,
      shot,
    }) => {
      await page.setViewportSize(viewport);
      const mine = await makeKey(server, `zh ${viewport.width}`);
      await useKey(page, mine.key, 'zh-CN');
      await page.goto(`${server.url}/#/settings`);
      const own = page.getByTestId('key-row').filter({ hasText: `zh ${viewport.width}` });
      await expect(own.getByTestId('key-current')).toHaveText('本浏览器');
      await own.getByTestId('key-disable').click();
      const confirm = page.getByTestId('key-confirm');
      await expect(confirm).toContainText('本浏览器正在使用此密钥');
      await expect(confirm).toContainText('新的登录链接');
      await expect(confirm).toContainText('npm run cli -- sign-in');
      await expect(confirm).toContainText('托盘菜单中选择“Open in browser”或“Copy sign-in link”');
      const box = await confirm.boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.width ?? 0) <= viewport.width).toBe(true);
      await shot(`keys-confirm-own-${viewport.width}-zh`);
      await page.getByTestId('key-confirm-cancel').click();
      await expect(own).not.toContainText('已停用');
    });
  }
});
