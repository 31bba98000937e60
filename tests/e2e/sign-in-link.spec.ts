import type { Page } from '@playwright/test';
import { spawnApp, type SpawnedApp } from '../helpers/spawn-app.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';
import { expect, test, type E2eServer } from './support/fixtures.ts';

/** A sign-in code made the way the desktop or the Phone screen makes one. */
async function makeCode(server: E2eServer, name: string): Promise<string> {
  const res = await fetch(`${server.url}/api/sign-in-codes`, {
    method: 'POST',
    headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ purpose: 'sign-in', name }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { code: string }).code;
}

async function codeIsAlive(server: E2eServer, code: string): Promise<boolean> {
  const res = await fetch(`${server.url}/api/sign-in/check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  return res.status === 200;
}

const storedKey = (page: Page): Promise<string | null> =>
  page.evaluate(() => localStorage.getItem('ephemera.apiKey'));

test.describe('a sign-in link never replaces a key without asking', () => {
  test('a planted link in a browser that holds a key: Keep (or Escape) changes nothing; Replace names both and swaps', async ({
    browser,
    server,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript((key) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('ephemera.apiKey', key);
        sessionStorage.setItem('seeded', '1');
      }
    }, server.apiKey);
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));

    // Someone plants a link (a mail, another page): the browser asks, naming both keys.
    const planted = await makeCode(server, 'Planted');
    await page.goto(`${server.url}/#/sign-in?code=${planted}`);
    const dialog = page.getByTestId('replace-key-dialog');
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/#/mail`);
    await expect(dialog.getByTestId('replace-key-current')).toHaveText(
      `This browser is signed in with a key ending in …${server.apiKey.slice(-4)}.`,
    );
    await expect(dialog.getByTestId('replace-key-offered')).toContainText('"Planted"');
    await expect(dialog).not.toContainText(server.apiKey.slice(0, 12));
    await dialog.getByTestId('replace-key-keep').click();
    await expect(page.getByText('Kept the key this browser already had')).toBeVisible();
    expect(await storedKey(page)).toBe(server.apiKey);
    // Declining used nothing up: the code is still alive, and no key was made from it.
    expect(await codeIsAlive(server, planted)).toBe(true);

    // Escape keeps it too.
    await page.evaluate((code) => {
      window.location.hash = `#/sign-in?code=${code}`;
    }, planted);
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await storedKey(page)).toBe(server.apiKey);

    // The person's own link, confirmed: the new key replaces the old one.
    const mine = await makeCode(server, 'My laptop');
    await page.evaluate((code) => {
      window.location.hash = `#/sign-in?code=${code}`;
    }, mine);
    await expect(dialog.getByTestId('replace-key-offered')).toContainText('"My laptop"');
    await dialog.getByTestId('replace-key-confirm').click();
    await expect(page.getByText('This device is paired as "My laptop"')).toBeVisible();
    const replaced = (await storedKey(page)) ?? '';
    expect(replaced).toMatch(/^eph_/);
    expect(replaced).not.toBe(server.apiKey);
    expect(await codeIsAlive(server, mine)).toBe(false);
    // No key in any request URL; the code went only in POST bodies.
    expect(urls.filter((u) => u.includes('eph_'))).toEqual([]);
    expect(urls.filter((u) => u.includes(mine) || u.includes(planted))).toEqual([]);
    await context.close();
  });
});

test.describe('the sign-in link a headless start prints', () => {
  let app: SpawnedApp;
  let dataDir = '';
  test.beforeAll(async () => {
    dataDir = makeTempDir();
    app = await spawnApp(
      ['src-main/start.ts', '--headless', '--port', '0', '--smtp-port', '0', '--data-dir', dataDir],
      { ready: /^Sign in from a browser on this computer: / },
    );
  });
  test.afterAll(async () => {
    app.child.kill('SIGTERM');
    await app.exited;
    removeTempDir(dataDir);
  });

  test('opening it is enough: signed in, no key dialog, nothing in the address bar or history; opened again it is dead', async ({
    browser,
  }) => {
    const line = app.stdout.find((l) => l.startsWith('Sign in from a browser on this computer: '));
    const link = (line ?? '').replace('Sign in from a browser on this computer: ', '');
    const base = new URL(link).origin;
    const code = new URLSearchParams(new URL(link).hash.split('?')[1]).get('code') ?? '';
    expect(code).toMatch(/^[\w-]{22}$/);

    const context = await browser.newContext();
    const page = await context.newPage();
    // The exchange is held until Mail is on screen, so Mail's first look finds no key yet (as
    // on a slow link): the first address must still be made once the key arrives.
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/sign-in', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(link);
    await expect(page.getByTestId('new-mailbox')).toBeVisible();
    release();
    await expect(page.getByText('This device is paired as "Browser sign-in"')).toBeVisible();
    await expect(page.getByTestId('inbox-address')).toHaveText(/@ephemera\.localhost$/);
    await expect(page.getByTestId('copy-address')).toBeVisible();
    await expect(page).toHaveURL(`${base}/#/mail`);
    expect(await page.evaluate(() => history.length)).toBe(2);
    await page.goBack();
    expect(page.url()).toBe('about:blank');
    await page.goForward();
    await expect(page).toHaveURL(`${base}/#/mail`);
    // Mail works at once, no key dialog: the same page is still there (the one that showed
    // no key), and it has the first visit's address made and open.
    await expect(page.getByTestId('mailbox')).toHaveCount(1);
    await expect(page.getByTestId('key-dialog')).toBeHidden();
    const key = (await storedKey(page)) ?? '';
    expect(key).toMatch(/^eph_/);
    expect(page.url()).not.toContain(key);

    // The link from the terminal (or browser history) is dead now.
    const other = await browser.newContext();
    const later = await other.newPage();
    await later.goto(link);
    const dead = later.getByRole('alert').filter({ hasText: 'already used or has expired' });
    await expect(dead).toBeVisible();
    // It names the ways to a fresh one.
    await expect(dead).toContainText('npm run cli -- sign-in');
    await expect(dead).toContainText('Open in browser or Copy sign-in link');
    expect(await storedKey(later)).toBeNull();
    await other.close();
    await context.close();
  });
});
