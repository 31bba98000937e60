import http from 'node:http';
import { expect, test } from './support/fixtures.ts';

/** The address tests/e2e/support/e2e-server.ts gives the server's network interface. */
const LAN_HOST = '192.168.1.20';

test.describe('settings', () => {
  test.beforeEach(async ({ page, server }) => {
    await page.addInitScript((key) => localStorage.setItem('ephemera.apiKey', key), server.apiKey);
  });

  test('LAN toggle on the real server shows the address and where to pair, then turns off', async ({
    page,
    server,
    shot,
  }) => {
    const port = new URL(server.url).port;
    const lanUrl = `http://${LAN_HOST}:${port}`;
    await page.goto(`${server.url}/#/settings`);
    const toggle = page.getByTestId('lan-toggle');
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText('Only this computer can reach Ephemera now.')).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true', { timeout: 15_000 });
    await expect(page.getByTestId('lan-url')).toHaveText(lanUrl);
    // No QR code of the bare address (it would land a phone at a key prompt): the one QR code
    // is Pair a phone's, which the section links to.
    await expect(page.getByTestId('qr-code')).toHaveCount(0);
    await expect(page.getByTestId('lan-pair-link')).toHaveAttribute('href', '#/phone');
    // The server really moved: its own settings say so.
    const settings = await fetch(`${server.url}/api/settings`, {
      headers: { 'x-api-key': server.apiKey },
    });
    expect(await settings.json()).toMatchObject({ lan_enabled: true, lan_url: lanUrl });

    // Keys: a new key is shown once, and it works.
    await page.getByPlaceholder('e.g. my phone').fill('my phone');
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByTestId('new-key');
    await expect(shown).toContainText('eph_');
    await shot('desktop-settings-lan-on');
    const key = (await shown.locator('code').textContent()) ?? '';
    const generated = await fetch(`${server.url}/api/generate`, { headers: { 'x-api-key': key } });
    expect(generated.status).toBe(200);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('new-key')).toHaveCount(0);

    // The phone page fills in the LAN address.
    await page.getByTestId('nav-phone').click();
    await expect(page.getByTestId('phone-base-url')).toHaveText(lanUrl);
    await shot('desktop-phone-setup');

    await page.getByTestId('nav-settings').click();
    await page.getByTestId('lan-toggle').click();
    await expect(page.getByTestId('lan-toggle')).toHaveAttribute('aria-checked', 'false', {
      timeout: 15_000,
    });
    await expect(page.getByText('Only this computer can reach Ephemera now.')).toBeVisible();
  });

  test('the phone page makes a key for a phone and fills it into the mail requests', async ({
    page,
    server,
  }) => {
    await page.goto(`${server.url}/#/phone`);
    await expect(page.getByText('X-API-Key: <your key>').first()).toBeVisible();
    await page.getByTestId('phone-create-key').click();
    await expect(page.getByTestId('phone-key-created')).toContainText('"phone"');
    const block = page.locator('pre', { hasText: '/api/generate' });
    const key = /X-API-Key: (eph_\S+)/.exec((await block.textContent()) ?? '')?.[1] ?? '';
    expect(key).toMatch(/^eph_/);
    const res = await fetch(`${server.url}/api/generate`, { headers: { 'x-api-key': key } });
    expect(res.status).toBe(200);
  });

  test('domains: add one, see its MX records, remove it', async ({ page, server }) => {
    await page.goto(`${server.url}/#/settings`);
    await page.getByLabel('Add domain').fill('Mail.Example.org');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await expect(page.getByText('mail.example.org', { exact: true })).toBeVisible();
    await expect(page.getByText(/mx\.example\.org \(10\)/)).toBeVisible();
    const info = (await (await fetch(`${server.url}/api/info`)).json()) as { domains: string[] };
    expect(info.domains).toContain('mail.example.org');
    await page.getByRole('button', { name: 'Remove mail.example.org' }).click();
    await expect(page.getByText('mail.example.org', { exact: true })).toHaveCount(0);
  });

  test('a proxy is saved and applies without a restart; a bad port is refused with the reason', async ({
    page,
    server,
  }) => {
    await page.goto(`${server.url}/#/settings`);
    await page.getByLabel('Proxy').fill('http://127.0.0.1:7890');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved', { exact: false }).first()).toBeVisible();
    const settings = async () =>
      (await (
        await fetch(`${server.url}/api/settings`, { headers: { 'x-api-key': server.apiKey } })
      ).json()) as { proxy: string | null; restart_required: boolean };
    await expect.poll(async () => (await settings()).proxy).toBe('http://127.0.0.1:7890');
    expect((await settings()).restart_required).toBe(false);
    await page.getByLabel('Proxy').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await settings()).proxy).toBeNull();

    await page.getByLabel('HTTP port').fill('70000');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toHaveText('Ports are numbers from 1 to 65535.');
  });

  test('allowed host names: add one, the server answers to it; a bad one is refused with the reason', async ({
    page,
    server,
  }) => {
    const port = new URL(server.url).port;
    /** GET /api/health as a reverse proxy would forward it, with its own name as the Host. */
    const viaProxy = (): Promise<number> =>
      new Promise((resolve, reject) => {
        const req = http.get(
          { host: '127.0.0.1', port, path: '/api/health', headers: { host: 'eph.example.org' } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.once('error', reject);
      });
    expect(await viaProxy()).toBe(403);
    await page.goto(`${server.url}/#/settings`);
    await expect(page.getByRole('heading', { name: 'Allowed host names' })).toBeVisible();
    await page.getByLabel('Add host name').fill('https://eph.example.org');
    await page.getByRole('button', { name: 'Add host name' }).click();
    await expect(page.getByRole('alert')).toContainText('is not a host name or IP address');
    // The refusal is kept as its reason, so a language switch re-renders it.
    await page.getByTestId('language').selectOption('zh-CN');
    await expect(page.getByRole('alert')).toHaveText(
      '这不是有效的主机名或 IP 地址。请去掉协议、端口和通配符，例如 mail.example.org。',
    );
    await page.getByTestId('language').selectOption('en');
    await page.getByLabel('Add host name').fill('Eph.Example.org');
    await page.getByRole('button', { name: 'Add host name' }).click();
    await expect(page.getByTestId('allowed-hosts')).toHaveText('eph.example.org');
    await expect.poll(viaProxy).toBe(200);
    await page.getByRole('button', { name: 'Remove eph.example.org' }).click();
    await expect(page.getByTestId('allowed-hosts').locator('li')).toHaveCount(0);
    await expect.poll(viaProxy).toBe(403);
  });

  test('appearance: theme and language apply at once', async ({ page, server, shot }) => {
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
