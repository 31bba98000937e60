import type { Page } from '@playwright/test';
import { audit } from './support/axe-audit.ts';
import { expect, test, type E2eServer } from './support/fixtures.ts';

/** The e2e server's resolver gives mail.example.org an MX record (support/e2e-server.ts). */
const RECEIVING = 'mail.example.org';
const LOCAL = 'ephemera.localhost';

async function setPool(server: E2eServer, domains: string[]): Promise<void> {
  const res = await fetch(`${server.url}/api/settings`, {
    method: 'PATCH',
    headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ domains }),
  });
  expect(res.status).toBe(200);
}

async function defaultDomain(server: E2eServer): Promise<string | null> {
  const info = (await (await fetch(`${server.url}/api/info`)).json()) as {
    default_domain: string | null;
  };
  return info.default_domain;
}

async function seed(page: Page, server: E2eServer, lang: 'en' | 'zh-CN', firstMade: boolean) {
  await page.addInitScript(
    ([key, l, made]) => {
      if (sessionStorage.getItem('seeded')) return;
      localStorage.setItem('ephemera.apiKey', key);
      localStorage.setItem(
        'ephemera.prefs',
        JSON.stringify({ state: { theme: 'light', lang: l }, version: 0 }),
      );
      if (made) localStorage.setItem('ephemera.firstAddressMade', new Date().toISOString());
      sessionStorage.setItem('seeded', '1');
    },
    [server.apiKey, lang, firstMade] as const,
  );
}

test.describe('New address: the domain is chosen, preselected where mail from outside arrives', () => {
  test.beforeEach(async ({ server }) => {
    // The default domain first, as on a fresh install: the random pick would often be it.
    await setPool(server, [LOCAL, RECEIVING]);
    await expect.poll(() => defaultDomain(server)).toBe(RECEIVING);
  });
  test.afterEach(async ({ server }) => {
    await setPool(server, [LOCAL]);
  });

  test('the first visit makes its address on the domain whose MX check says it receives mail', async ({
    page,
    server,
  }) => {
    await seed(page, server, 'en', false);
    await page.goto(`${server.url}/#/mail`);
    await expect(page.getByTestId('inbox-address')).toHaveText(/^[a-z0-9]{10}@mail\.example\.org$/);
    await expect(page.getByTestId('new-mailbox-domain')).toHaveValue(RECEIVING);
  });

  for (const lang of ['en', 'zh-CN'] as const) {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      test(`${lang} at ${viewport.width}×${viewport.height}: picked, used, kept after a reload`, async ({
        page,
        server,
        shot,
      }) => {
        await page.setViewportSize(viewport);
        await seed(page, server, lang, true);
        await page.goto(`${server.url}/#/mail`);
        const select = page.getByTestId('new-mailbox-domain');
        await expect(select).toHaveValue(RECEIVING);
        await expect(select.locator('option')).toHaveText([LOCAL, RECEIVING]);
        // Labelled in the page's language, and inside the screen.
        await expect(
          page.getByLabel(lang === 'en' ? 'Domain for new addresses' : '新地址的域名'),
        ).toHaveCount(1);
        const box = await select.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
        await shot(`new-address-domain-${viewport.width}-${lang}`);
        expect(await audit(page, `mail, domain choice, ${lang} ${viewport.width}`)).toEqual([]);

        await page.getByTestId('new-mailbox').click();
        await expect(page.getByTestId('inbox-address')).toHaveText(/@mail\.example\.org$/);

        // Another domain, picked: the next address goes there, and the choice stays. (No
        // mailbox reopened on reload: a phone then shows the list, where the choice is.)
        const reload = async (): Promise<void> => {
          await page.evaluate(() => localStorage.removeItem('ephemera.mailSelected'));
          await page.reload();
        };
        await reload();
        await page.getByTestId('new-mailbox-domain').selectOption(LOCAL);
        await page.getByTestId('new-mailbox').click();
        await expect(page.getByTestId('inbox-address')).toHaveText(/@ephemera\.localhost$/);
        await reload();
        await expect(page.getByTestId('new-mailbox-domain')).toHaveValue(LOCAL);
      });
    }
  }

  test('a receiving domain added while the page is open is used by the next New address', async ({
    page,
    server,
  }) => {
    await setPool(server, [LOCAL]);
    await seed(page, server, 'en', true);
    await page.goto(`${server.url}/#/mail`);
    await expect(page.getByTestId('new-mailbox-domain')).toHaveCount(0);
    // Another tab (or a script) adds it; the server's MX answer comes after this page loaded.
    await setPool(server, [LOCAL, RECEIVING]);
    await expect.poll(() => defaultDomain(server)).toBe(RECEIVING);
    await page.getByTestId('new-mailbox').click();
    await expect(page.getByTestId('inbox-address')).toHaveText(/@mail\.example\.org$/);
    await expect(page.getByTestId('new-mailbox-domain')).toHaveValue(RECEIVING);
  });

  test('one domain in the pool: no choice is offered', async ({ page, server }) => {
    await setPool(server, [LOCAL]);
    await seed(page, server, 'en', true);
    await page.goto(`${server.url}/#/mail`);
    await expect(page.getByTestId('new-mailbox')).toBeVisible();
    await expect(page.getByTestId('new-mailbox-domain')).toHaveCount(0);
  });
});
