import { OAuthServer } from '../helpers/oauth-server.ts';
import { audit } from './support/axe-audit.ts';
import { expect, test, type E2eServer } from './support/fixtures.ts';

/** An OAuth source on a port nothing listens on: the sign-in is what these tests look at. */
async function addOAuthSource(server: E2eServer, oauth: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${server.url}/api/sources`, {
    method: 'POST',
    headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      kind: 'imap',
      host: '127.0.0.1',
      port: 9,
      tls: 'none',
      username: 'me@example.org',
      oauth,
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A device-code description against the test server. */
const device = (oauth: OAuthServer) => ({
  flow: 'device',
  client_id: 'e2e',
  token_endpoint: oauth.tokenEndpoint,
  device_authorization_endpoint: oauth.deviceEndpoint,
  scopes: ['offline_access', 'imap'],
});

async function removeSource(server: E2eServer, id: string): Promise<void> {
  await fetch(`${server.url}/api/sources/${id}`, {
    method: 'DELETE',
    headers: { 'x-api-key': server.apiKey },
  });
}

for (const viewport of [
  { width: 1920, height: 1080 },
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`settings → receive mail: OAuth sign-in (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport });
    let oauth: OAuthServer;
    test.beforeAll(async () => {
      oauth = await OAuthServer.start({ username: 'me@example.org', interval: 1 });
    });
    test.afterAll(() => oauth.close());
    test.beforeEach(async ({ page, server }) => {
      await page.addInitScript(
        (key) => localStorage.setItem('ephemera.apiKey', key),
        server.apiKey,
      );
    });

    test('the Outlook preset signs in by code: no password field, a client id of ones own', async ({
      page,
      server,
    }) => {
      await page.goto(`${server.url}/#/settings`);
      const section = page.getByTestId('receive-mail-section');
      await section.getByLabel('Provider').selectOption('outlook');
      await expect(section.getByLabel('Sign in with')).toHaveValue('oauth');
      await expect(section.getByLabel('Password')).toHaveCount(0);
      await expect(section.getByLabel('Client ID (optional)')).toBeVisible();
      await expect(section.getByText(/sign in with your Microsoft account/)).toBeVisible();
      // Gmail keeps the app password, with account sign-in to choose.
      await section.getByLabel('Provider').selectOption('gmail');
      await expect(section.getByLabel('Sign in with')).toHaveValue('password');
      await expect(section.getByLabel('Password')).toBeVisible();
    });

    test('device code: the code, its link, Copy and a countdown; it moves on by itself', async ({
      page,
      server,
    }) => {
      const id = await addOAuthSource(server, device(oauth));
      try {
        await page.goto(`${server.url}/#/settings`);
        const row = page.getByTestId('source-row').filter({ hasText: 'me@example.org' });
        await expect(row.getByTestId('source-status')).toContainText('not signed in yet');
        await row.getByRole('button', { name: 'Sign in again' }).click();
        const panel = page.getByTestId('source-sign-in');
        await expect(panel.getByText('Sign in with a code')).toBeVisible();
        const code = (await panel.getByTestId('sign-in-code').textContent()) ?? '';
        expect(code).toMatch(/^[0-9A-F]{8}$/);
        await expect(panel.getByTestId('sign-in-link')).toHaveAttribute(
          'href',
          `${oauth.url}/devicelogin`,
        );
        await expect(panel.getByTestId('sign-in-copy')).toBeVisible();
        const countdown = panel.getByTestId('sign-in-countdown');
        await expect(countdown).toContainText(/expires in 1[45]:\d\d/);
        const first = await countdown.textContent();
        await expect(countdown).not.toHaveText(first ?? '');
        await expect(row.getByTestId('source-status')).toContainText('Waiting for sign-in');
        expect(await audit(page, 'settings, device code sign-in')).toEqual([]);
        await page.screenshot({
          path: `test-results/screenshots/oauth-device-${viewport.width}.png`,
        });

        oauth.approveDevice(code);
        await expect(panel).toHaveCount(0, { timeout: 10_000 });
        await expect(page.getByText('Signed in: the mailbox is connecting.')).toBeVisible();
        await expect(row.getByRole('button', { name: 'Sign in again' })).toHaveCount(0);
      } finally {
        await removeSource(server, id);
      }
    });

    test('in Chinese: the code panel, its countdown and the source state read in Chinese', async ({
      page,
      server,
    }) => {
      await page.addInitScript(() =>
        localStorage.setItem(
          'ephemera.prefs',
          JSON.stringify({ state: { theme: 'light', lang: 'zh-CN' }, version: 0 }),
        ),
      );
      const id = await addOAuthSource(server, device(oauth));
      try {
        await page.goto(`${server.url}/#/settings`);
        const row = page.getByTestId('source-row').filter({ hasText: 'me@example.org' });
        await expect(row.getByTestId('source-status')).toContainText('尚未登录');
        await row.getByRole('button', { name: '重新登录' }).click();
        const panel = page.getByTestId('source-sign-in');
        await expect(panel.getByText('使用代码登录')).toBeVisible();
        await expect(panel.getByText('打开此页面并输入下面的代码：')).toBeVisible();
        await expect(panel.getByTestId('sign-in-countdown')).toContainText(
          /代码将在 1[45]:\d\d 后过期/,
        );
        await expect(row.getByTestId('source-status')).toContainText('等待登录');
        // Nothing spills out of a phone's width.
        const box = await panel.boundingBox();
        expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= viewport.width).toBe(
          true,
        );
        expect(await audit(page, 'settings, device code sign-in, zh-CN')).toEqual([]);
        await page.screenshot({
          path: `test-results/screenshots/oauth-device-${viewport.width}-zh.png`,
        });
        await panel.getByRole('button', { name: '取消' }).click();
        await expect(panel).toHaveCount(0);
      } finally {
        await removeSource(server, id);
      }
    });

    test('Cancel ends the sign-in on the server, not only the panel', async ({ page, server }) => {
      const id = await addOAuthSource(server, device(oauth));
      const state = async () => {
        const res = await fetch(`${server.url}/api/sources`, {
          headers: { 'x-api-key': server.apiKey },
        });
        return ((await res.json()) as { id: string; state: string }[]).find((x) => x.id === id)
          ?.state;
      };
      try {
        await page.goto(`${server.url}/#/settings`);
        const row = page.getByTestId('source-row').filter({ hasText: 'me@example.org' });
        await row.getByRole('button', { name: 'Sign in again' }).click();
        const panel = page.getByTestId('source-sign-in');
        await expect(panel.getByTestId('sign-in-code')).toBeVisible();
        expect(await state()).toBe('authorizing');
        await panel.getByRole('button', { name: 'Cancel' }).click();
        await expect(panel).toHaveCount(0);
        await expect.poll(state).toBe('error');
        await expect(row.getByTestId('source-status')).toContainText('not signed in yet');
        await expect(row.getByRole('button', { name: 'Sign in again' })).toBeVisible();
      } finally {
        await removeSource(server, id);
      }
    });

    test('browser sign-in: the URL to open; consent there closes the panel', async ({
      page,
      server,
    }) => {
      const id = await addOAuthSource(server, {
        flow: 'loopback',
        client_id: 'e2e',
        token_endpoint: oauth.tokenEndpoint,
        authorization_endpoint: oauth.authorizationEndpoint,
        scopes: ['https://mail.google.com/'],
      });
      try {
        await page.goto(`${server.url}/#/settings`);
        const row = page.getByTestId('source-row').filter({ hasText: 'me@example.org' });
        await row.getByRole('button', { name: 'Sign in again' }).click();
        const panel = page.getByTestId('source-sign-in');
        await expect(panel.getByText('Sign in in your browser')).toBeVisible();
        const url = (await panel.getByTestId('sign-in-url').getAttribute('href')) ?? '';
        expect(url.startsWith(`${oauth.authorizationEndpoint}?`)).toBe(true);
        expect((await oauth.consent(url)).status).toBe(200);
        await expect(panel).toHaveCount(0, { timeout: 10_000 });
        await expect(row.getByRole('button', { name: 'Sign in again' })).toHaveCount(0);
      } finally {
        await removeSource(server, id);
      }
    });
  });
}
