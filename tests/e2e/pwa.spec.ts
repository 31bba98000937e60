import type { Page, Request } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

/** Waits until /sw.js is active and, after a reload, controls the page. */
async function controlledBySw(page: Page, origin: string): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toBe(`${origin}/sw.js`);
}

/** POST /api/tasks requests the page sends, from now on. */
function taskPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/tasks') {
      posts.push(request);
    }
  });
  return posts;
}

test.describe('installable web app', () => {
  test('the page links a manifest that Chromium parses, with a GET share target', async ({
    page,
    server,
  }) => {
    await page.goto(`${server.url}/`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await page.request.get(`${server.url}${href}`);
    expect(res.headers()['content-type']).toBe('application/manifest+json');
    const manifest = (await res.json()) as Record<string, unknown>;
    expect(manifest.display).toBe('standalone');
    expect(manifest.share_target).toEqual({
      action: '/share-target',
      method: 'GET',
      enctype: 'application/x-www-form-urlencoded',
      params: { title: 'title', text: 'text', url: 'url' },
    });
    // Chromium's own parser: no errors, and it read the share target.
    const cdp = await page.context().newCDPSession(page);
    const parsed = await cdp.send('Page.getAppManifest', {});
    expect(parsed.errors).toEqual([]);
    expect(parsed.url).toBe(`${server.url}/manifest.webmanifest`);
    // Installable but for Playwright's incognito profile: icons, display, start_url all pass.
    const installability = async (): Promise<string[]> =>
      (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors
        .map((e) => e.errorId)
        .filter((id) => id !== 'in-incognito');
    await expect.poll(installability).toEqual([]);
  });

  test('the service worker controls the page and leaves /api to the network', async ({
    page,
    server,
    publish,
  }) => {
    await page.goto(`${server.url}/#/video`);
    const apiResponses: { url: string; fromSw: boolean }[] = [];
    let shellFromSw = false;
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/')) {
        apiResponses.push({ url: url.pathname, fromSw: response.fromServiceWorker() });
      } else if (url.pathname.startsWith('/assets/') && response.fromServiceWorker()) {
        shellFromSw = true;
      }
    });
    await controlledBySw(page, server.url);
    // The check below can fail: the app's own files do go through the worker.
    expect(shellFromSw).toBe(true);

    const video = await publish({ slow: true, title: 'Cached? No' });
    const taskPath = await page.evaluate(async (text) => {
      const res = await fetch('/api/tasks', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      });
      return ((await res.json()) as { status_url: string }).status_url;
    }, video.shareUrl);
    const status = (): Promise<number | string> =>
      page.evaluate(async (url) => {
        const res = await fetch(url);
        return res.ok ? ((await res.json()) as { status: string }).status : res.status;
      }, taskPath);
    expect(await status()).toMatch(/^(queued|processing)$/);
    // Cancelled on the server: a cached copy would still say "processing".
    const deleted = await page.request.delete(`${server.url}${taskPath}`);
    expect(deleted.ok()).toBe(true);
    expect(await status()).toBe(410);

    expect(apiResponses.length).toBeGreaterThan(0);
    expect(apiResponses.filter((r) => r.fromSw)).toEqual([]);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        urls.push(...(await cache.keys()).map((r) => new URL(r.url).pathname));
      }
      return urls;
    });
    expect(cached).toContain('/');
    expect(cached.filter((p) => /^\/(api|ws)\//.test(p))).toEqual([]);
  });

  test('offline, the app shell still opens', async ({ page, server, context }) => {
    await page.goto(`${server.url}/#/video`);
    await controlledBySw(page, server.url);
    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Video grab' })).toBeVisible();
      await page.goto(`${server.url}/share-target`);
      await expect(page.getByRole('navigation').first()).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });

  test('in a browser tab a shared link is filled in and waits for one tap', async ({
    page,
    server,
    publish,
  }) => {
    const video = await publish({ title: 'Shared from the sheet' });
    const shareText = `7.17 pDH:/ 看看 ${video.shareUrl} 复制此链接`;
    const posts = taskPosts(page);
    await page.goto(`${server.url}/?text=${encodeURIComponent(shareText)}`);

    await expect(page.getByTestId('share-text')).toHaveValue(shareText);
    await expect(page.getByTestId('grab')).toBeFocused();
    await expect(page.getByTestId('share-hint')).toHaveText(/Shared from another app/);
    expect(page.url()).toBe(`${server.url}/#/video`);
    await expect(page.getByTestId('task-card')).toHaveCount(0);

    // The tap: exactly one POST, so none was sent before it.
    await page.keyboard.press('Enter');
    const card = page.getByTestId('task-card').first();
    await expect(card).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
    expect(posts).toHaveLength(1);
    await expect(page.getByTestId('share-text')).toHaveValue('');

    // The query is gone: a reload shares nothing again.
    await page.reload();
    await expect(page.getByTestId('task-card')).toHaveCount(1);
    await expect(page.getByTestId('share-text')).toHaveValue('');
    expect(posts).toHaveLength(1);
  });

  test('the share target joins text and link', async ({ page, server }) => {
    const posts = taskPosts(page);
    const link = 'https://v.douyin.com/abcdEFG/';
    await page.goto(
      `${server.url}/share-target?title=Douyin&text=${encodeURIComponent('看看这个')}&url=${encodeURIComponent(link)}`,
    );
    await expect(page.getByTestId('share-text')).toHaveValue(`看看这个 ${link}`);
    await expect(page.getByTestId('grab')).toBeFocused();
    expect(page.url()).toBe(`${server.url}/#/video`);
    expect(posts).toEqual([]);
  });

  test('the installed app starts the shared link by itself', async ({ page, server, publish }) => {
    // What Chromium reports in a window opened from the home screen or the share sheet.
    await page.addInitScript(() => {
      const real = window.matchMedia.bind(window);
      window.matchMedia = (query: string): MediaQueryList =>
        query.includes('display-mode: standalone')
          ? ({
              matches: true,
              media: query,
              onchange: null,
              addEventListener: () => undefined,
              removeEventListener: () => undefined,
              addListener: () => undefined,
              removeListener: () => undefined,
              dispatchEvent: () => false,
            } as MediaQueryList)
          : real(query);
    });
    const video = await publish({ title: 'Straight from the share sheet' });
    const shareText = `7.17 pDH:/ 看看 ${video.shareUrl} 复制此链接`;
    const posts = taskPosts(page);
    await page.goto(`${server.url}/?text=${encodeURIComponent(shareText)}`);

    const card = page.getByTestId('task-card').first();
    await expect(card).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
    await expect(card.getByRole('heading')).toHaveText('Straight from the share sheet');
    expect(posts).toHaveLength(1);
    await expect(page.getByTestId('share-text')).toHaveValue('');
    expect(page.url()).toBe(`${server.url}/#/video`);
  });
});
