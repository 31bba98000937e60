import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { test as base, expect, type Page } from '@playwright/test';

/** What the e2e server printed once ready. */
export interface E2eServer {
  url: string;
  control: string;
  smtpPort: number;
  apiKey: string;
}

export interface Published {
  shareUrl: string;
  size: number;
}

const ROOT = path.resolve(import.meta.dirname, '../../..');
export const SCREENSHOT_DIR = path.join(ROOT, 'test-results', 'screenshots');
export const VIDEO_FIXTURE = path.join(ROOT, 'tests/fixtures/media/h264-360x640-2s.mp4');

async function startServer(): Promise<{ child: ChildProcess; server: E2eServer }> {
  if (!fs.existsSync(path.join(ROOT, 'dist/renderer/index.html'))) {
    throw new Error(
      'The web UI is not built: run `npm run test:e2e` (or `npm run build:renderer`).',
    );
  }
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'e2e-server.ts')],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env } },
  );
  const errors: string[] = [];
  readline.createInterface({ input: child.stderr }).on('line', (line) => {
    errors.push(line);
    if (process.env.E2E_SERVER_LOG) process.stderr.write(`[server] ${line}\n`);
  });
  const server = await new Promise<E2eServer>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`e2e server not ready in 30 s:\n${errors.join('\n')}`)),
      30_000,
    );
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.startsWith('E2E_READY ')) return;
      clearTimeout(timer);
      resolve(JSON.parse(line.slice('E2E_READY '.length)) as E2eServer);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`e2e server exited with ${code}:\n${errors.join('\n')}`));
    });
  });
  return { child, server };
}

/**
 * `server`: one real app per worker (started before the first spec, stopped after the last).
 * `publish`: puts a video on the platform simulator and returns its share link.
 * `shot`: saves a full-page screenshot under test-results/screenshots/.
 */
export const test = base.extend<
  {
    publish: (options?: Record<string, unknown>) => Promise<Published>;
    shot: (name: string, page?: Page) => Promise<void>;
  },
  { server: E2eServer }
>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter.
    async ({}, use) => {
      const { child, server } = await startServer();
      await use(server);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  publish: async ({ server }, use) => {
    await use(async (options = {}) => {
      const res = await fetch(`${server.control}/publish`, {
        method: 'POST',
        body: JSON.stringify(options),
      });
      if (!res.ok) throw new Error(`publish answered ${res.status}`);
      return (await res.json()) as Published;
    });
  },
  shot: async ({ page }, use) => {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await use(async (name, target = page) => {
      // Let entrance animations settle so the picture shows the resting state.
      await target.evaluate(() => window.scrollTo(0, 0));
      await target.waitForTimeout(350);
      // Phones show one screen at a time (and mobile emulation misplaces fixed bars on a full-page
      // capture), so phone shots are what the phone's screen shows.
      const wide = (target.viewportSize()?.width ?? 1280) > 600;
      await target.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: wide });
    });
  },
});

export { expect };
