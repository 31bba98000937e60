import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { spawnFirstRun, type FirstRunApp } from '../helpers/spawn-app.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';
import { expect, test } from './support/fixtures.ts';

/** More than the 300 requests a minute one bucket gets (http/rate-limit.ts). */
const FLOOD = 320;

/**
 * A page of another site: served from another loopback origin, it fires `no-cors` requests at
 * Ephemera as fast as the browser lets it (a page cannot read the answers, but each one counts).
 */
function floodPage(target: string): string {
  return `<!doctype html><title>Some other site</title><script>
    window.flood = async () => {
      const all = [];
      for (let i = 0; i < ${FLOOD}; i++) {
        all.push(fetch(${JSON.stringify(target)} + '/api/health?n=' + i, { mode: 'no-cors', cache: 'no-store' })
          .then(() => 1, () => 0));
      }
      return (await Promise.all(all)).reduce((a, b) => a + b, 0);
    };
  </script>`;
}

test.describe('a web page cannot use up the rate limit of the UI and the user’s scripts', () => {
  let app: FirstRunApp;
  let dataDir = '';
  let evil: http.Server;
  let evilUrl = '';

  test.beforeAll(async () => {
    dataDir = makeTempDir();
    // The real headless app with its real limits (300 requests a minute per bucket).
    app = await spawnFirstRun(dataDir);
    evil = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end(floodPage(app.base));
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}/`;
  });
  test.afterAll(async () => {
    app.app.child.kill('SIGTERM');
    await app.app.exited;
    await new Promise((resolve) => evil.close(resolve));
    removeTempDir(dataDir);
  });

  test('after 320 no-cors requests from another origin, the UI and keyed and keyless scripts get 200', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext();
    const attacker = await context.newPage();
    await attacker.goto(evilUrl);
    const sent = await attacker.evaluate(() =>
      (window as unknown as { flood(): Promise<number> }).flood(),
    );
    expect(sent).toBe(FLOOD);
    // The page's own bucket is spent: one more request from it is refused.
    const more = await fetch(`${app.base}/api/health`, {
      headers: { 'sec-fetch-site': 'same-site' },
    });
    expect(more.status).toBe(429);

    // A keyed script, a script without a key: still served.
    const keyed = await fetch(`${app.base}/api/generate`, { headers: { 'x-api-key': app.key } });
    expect(keyed.status).toBe(200);
    const keyless = await fetch(`${app.base}/api/health`);
    expect(keyless.status).toBe(200);

    // The user's UI in the same browser: every API answer it gets is a 200.
    const ui = await context.newPage();
    await ui.addInitScript((key) => localStorage.setItem('ephemera.apiKey', key), app.key);
    const statuses: number[] = [];
    ui.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/')) statuses.push(response.status());
    });
    await ui.goto(`${app.base}/#/mail`);
    const generated = ui.waitForResponse((r) => new URL(r.url()).pathname === '/api/generate');
    await ui.getByTestId('new-mailbox').click();
    expect((await generated).status()).toBe(200);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    await context.close();
  });
});
