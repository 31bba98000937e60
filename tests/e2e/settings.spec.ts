import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

const LAN_URL = 'http://192.168.1.20:8787';

/** Plays the planned settings endpoints (docs/ui.md) in the page, for the UI's own behaviour. */
async function fakeSettingsBackend(page: Page, origin: string): Promise<void> {
  let settings = {
    lan_enabled: false,
    lan_url: null as string | null,
    http_port: 8787,
    smtp_port: 2525,
    domains: ['ephemera.localhost'],
    domains_locked: false,
    proxy: null,
    data_dir: '/home/me/.local/share/ephemera',
    restart_required: false,
  };
  const keys = [
    {
      id: 1,
      name: 'first run',
      hint: 'Q2x9',
      created_at: '2026-11-22T10:00:00.000Z',
      disabled_at: null,
    },
  ];
  const json = (route: Route, body: unknown, status = 200) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route(`${origin}/api/info`, (route) =>
    json(route, {
      version: '0.1.0',
      http_url: origin,
      lan_url: settings.lan_url,
      lan_enabled: settings.lan_enabled,
      smtp_port: 2525,
      domains: settings.domains,
      client_is_local: true,
    }),
  );
  await page.route(`${origin}/api/settings`, async (route) => {
    if (route.request().method() === 'PATCH') {
      const patch = route.request().postDataJSON() as Partial<typeof settings>;
      settings = { ...settings, ...patch };
      settings.lan_url = settings.lan_enabled ? LAN_URL : null;
    }
    await json(route, settings);
  });
  await page.route(`${origin}/api/settings/mx?*`, (route) =>
    json(route, {
      domain: 'ephemera.localhost',
      records: [],
      error: 'ephemera.localhost has no MX record.',
    }),
  );
  await page.route(`${origin}/api/keys`, async (route) => {
    if (route.request().method() === 'POST') {
      const { name } = route.request().postDataJSON() as { name: string };
      const key = {
        id: 2,
        name,
        hint: 'abcd',
        created_at: '2026-11-22T12:00:00.000Z',
        disabled_at: null,
      };
      keys.push(key);
      return json(route, { ...key, key: 'eph_newkeyshownonce0000000000000000000000abcd' }, 201);
    }
    return json(route, { keys });
  });
}

test.describe('settings', () => {
  test.beforeEach(async ({ page, server }) => {
    await page.addInitScript((key) => localStorage.setItem('ephemera.apiKey', key), server.apiKey);
  });

  test('LAN toggle shows the address as text and QR code (UI against the documented API)', async ({
    page,
    server,
    shot,
  }) => {
    await fakeSettingsBackend(page, server.url);
    await page.goto(`${server.url}/#/settings`);
    const toggle = page.getByTestId('lan-toggle');
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText('Only this computer can reach Ephemera now.')).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('lan-url')).toHaveText(LAN_URL);
    const qr = page.getByTestId('qr-code').locator('img');
    await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await expect(qr).toHaveAttribute('alt', `QR code for ${LAN_URL}`);
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // Keys: a new key is shown once.
    await page.getByPlaceholder('e.g. my phone').fill('my phone');
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByTestId('new-key')).toContainText('eph_newkeyshownonce');
    await shot('desktop-settings-lan-on');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('new-key')).toHaveCount(0);

    // The phone page fills in the LAN address.
    await page.getByTestId('nav-phone').click();
    await expect(page.getByTestId('phone-base-url')).toHaveText(LAN_URL);
    await shot('desktop-phone-setup');
  });

  test('LAN toggle against the real server', async ({ page, server }) => {
    const info = await fetch(`${server.url}/api/info`);
    test.skip(
      info.status === 404,
      'GET /api/info and /api/settings are not registered in create-server.ts yet ' +
        '(src-main/http/settings-routes.ts is written; wiring pending)',
    );
    await page.goto(`${server.url}/#/settings`);
    const toggle = page.getByTestId('lan-toggle');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true', { timeout: 15_000 });
    await expect(page.getByTestId('lan-url')).toHaveText(/^http:\/\/[\d.]+:\d+$/);
    await expect(page.getByTestId('qr-code').locator('img')).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false', { timeout: 15_000 });
  });

  test('without settings endpoints the page explains it and appearance still works', async ({
    page,
    server,
    shot,
  }) => {
    await page.goto(`${server.url}/#/settings`);
    await expect(page.getByRole('heading', { name: 'Appearance' })).toBeVisible();
    await page.getByRole('radio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByTestId('language').selectOption('zh-CN');
    await expect(page.getByRole('heading', { name: '外观' })).toBeVisible();
    await expect(page.getByTestId('nav-video')).toHaveText('视频');
    await shot('desktop-settings-dark-zh');
    await page.getByTestId('language').selectOption('en');
    await page.getByRole('radio', { name: 'Light' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });
});
