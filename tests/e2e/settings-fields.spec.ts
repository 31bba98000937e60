import type { Page } from '@playwright/test';
import { audit } from './support/axe-audit.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Issue 20 §5 and §6 against the real server: a refused port is said on its own field (the
 * same-port rule on the SMTP port, SMTP port 80 refused), and a failed video's proxy hint leads
 * to the proxy field. At 1280×800, 1920×1080 and 390×844, in English and Chinese, axe at 0.
 */

const SIZES = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '1920', viewport: { width: 1920, height: 1080 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const TEXT = {
  en: {
    smtp: 'SMTP port',
    http: 'HTTP port',
    save: 'Save',
    same: 'HTTP and SMTP need two different ports.',
    reserved: /belongs to another service/,
    proxy: 'Set a proxy',
  },
  'zh-CN': {
    smtp: 'SMTP 端口',
    http: 'HTTP 端口',
    save: '保存',
    same: 'HTTP 和 SMTP 不能使用同一个端口。',
    reserved: /属于其他服务/,
    proxy: '设置代理',
  },
} as const;

async function asDevice(page: Page, key: string, lang: string, theme = 'light'): Promise<void> {
  await page.addInitScript(
    ([k, l, th]) => {
      localStorage.setItem('ephemera.apiKey', k);
      localStorage.setItem(
        'ephemera.prefs',
        JSON.stringify({ state: { theme: th, lang: l }, version: 0 }),
      );
    },
    [key, lang, theme] as const,
  );
}

for (const size of SIZES) {
  for (const lang of ['en', 'zh-CN'] as const) {
    test.describe(`settings fields, ${size.name}, ${lang}`, () => {
      test.use({ viewport: size.viewport, reducedMotion: 'reduce' });
      const text = TEXT[lang];

      test('the same port and SMTP port 80 are refused on the SMTP port field itself', async ({
        page,
        server,
      }) => {
        await asDevice(page, server.apiKey, lang);
        await page.goto(`${server.url}/#/settings`);
        const smtp = page.getByLabel(text.smtp, { exact: true });
        const http = page.getByLabel(text.http, { exact: true });
        await expect(smtp).toHaveValue(String(server.smtpPort));
        const httpPort = await http.inputValue();

        // HTTP = SMTP: the sentence is under the SMTP port, both fields are marked, the focus
        // goes to the SMTP port, and nothing else on the form says it.
        await smtp.fill(httpPort);
        const saved = page.waitForResponse((r) => r.url().endsWith('/api/settings'));
        await page.getByRole('button', { name: text.save, exact: true }).click();
        const refusal = await saved;
        expect(refusal.status()).toBe(400);
        expect(await refusal.json()).toMatchObject({ reason: 'ports_same' });
        const error = page.getByTestId('smtp-port-error');
        await expect(error).toHaveText(text.same);
        await expect(smtp).toHaveAttribute('aria-invalid', 'true');
        await expect(http).toHaveAttribute('aria-invalid', 'true');
        const errorId = await error.getAttribute('id');
        for (const field of [smtp, http]) {
          const described = (await field.getAttribute('aria-describedby')) ?? '';
          expect(described.split(' ')).toContain(errorId);
        }
        await expect(smtp).toBeFocused();
        expect(await audit(page, 'settings, ports the same')).toEqual([]);

        // Typing in the field clears the mark.
        await smtp.fill('2526');
        await expect(error).toHaveCount(0);
        await expect(smtp).not.toHaveAttribute('aria-invalid', 'true');

        // Port 80 is HTTP's: refused on the field with the reason, and not saved.
        await smtp.fill('80');
        await page.getByRole('button', { name: text.save, exact: true }).click();
        await expect(error).toHaveText(text.reserved);
        await expect(smtp).toHaveAttribute('aria-invalid', 'true');
        await expect(http).not.toHaveAttribute('aria-invalid', 'true');
        expect(await audit(page, 'settings, SMTP port 80')).toEqual([]);
        const stored = (await (
          await fetch(`${server.url}/api/settings`, { headers: { 'x-api-key': server.apiKey } })
        ).json()) as { smtp_port: number };
        expect(stored.smtp_port).toBe(server.smtpPort);
      });

      test("a failed video's proxy hint opens Settings with the proxy field in focus", async ({
        page,
        server,
        publish,
      }) => {
        await asDevice(page, server.apiKey, lang);
        await page.goto(`${server.url}/#/video`);
        const blocked = await publish({ blocked: true });
        await page.getByTestId('share-text').fill(blocked.shareUrl);
        await page.getByTestId('share-text').press('Enter');
        const card = page.getByTestId('task-card').first();
        await expect(card).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
        const link = card.getByTestId('proxy-link');
        await expect(link).toHaveText(text.proxy);
        expect(await audit(page, 'video, blocked task')).toEqual([]);

        await link.click();
        const proxy = page.locator('#proxy');
        await expect(proxy).toBeFocused();
        await expect(proxy).toHaveClass(/is-highlighted/);
        await expect(proxy).toBeInViewport();
        // The address is the screen's, so Back, reload and a second click behave.
        expect(new URL(page.url()).hash).toBe('#/settings');
        expect(await audit(page, 'settings, proxy highlighted')).toEqual([]);
        await proxy.blur();
        await expect(proxy).not.toHaveClass(/is-highlighted/);
      });
    });
  }
}

test('a phone (not this computer) gets no proxy link: it cannot change settings', async ({
  browser,
  server,
  publish,
}) => {
  // The server counts loopback as this computer; the page's info is what decides, so a phone is
  // played by answering /api/info with client_is_local false.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.route('**/api/info', async (route) => {
    const res = await route.fetch();
    const info = (await res.json()) as Record<string, unknown>;
    await route.fulfill({ response: res, json: { ...info, client_is_local: false } });
  });
  await asDevice(page, server.apiKey, 'en');
  await page.goto(`${server.url}/#/video`);
  const blocked = await publish({ blocked: true });
  await page.getByTestId('share-text').fill(blocked.shareUrl);
  await page.getByTestId('share-text').press('Enter');
  const card = page.getByTestId('task-card').first();
  await expect(card).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
  await expect(card.getByTestId('task-error')).toContainText('use a proxy');
  await expect(card.getByTestId('proxy-link')).toHaveCount(0);
  await context.close();
});

for (const lang of ['en', 'zh-CN'] as const) {
  test(`dark theme: the proxy link and a refused field pass axe (${lang})`, async ({
    page,
    server,
    publish,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'dark' });
    await asDevice(page, server.apiKey, lang, 'dark');
    await page.goto(`${server.url}/#/video`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const blocked = await publish({ blocked: true });
    await page.getByTestId('share-text').fill(blocked.shareUrl);
    await page.getByTestId('share-text').press('Enter');
    const card = page.getByTestId('task-card').first();
    await expect(card).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
    await expect(card.getByTestId('proxy-link')).toBeVisible();
    expect(await audit(page, 'video, blocked task, dark')).toEqual([]);
    await card.getByTestId('proxy-link').click();
    await expect(page.locator('#proxy')).toBeFocused();
    await page.locator('#smtp-port').fill('443');
    await page.getByRole('button', { name: TEXT[lang].save, exact: true }).click();
    await expect(page.getByTestId('smtp-port-error')).toHaveText(TEXT[lang].reserved);
    expect(await audit(page, 'settings, SMTP port 443, dark')).toEqual([]);
  });
}
