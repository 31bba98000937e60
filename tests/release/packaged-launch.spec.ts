import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { chromium, expect, test, type Page } from '@playwright/test';
import type { EphemeraBridge } from '../../src-shared/ipc/window-api.ts';
import { freePorts } from '../helpers/free-ports.ts';

declare global {
  interface Window {
    ephemera?: EphemeraBridge;
  }
}

/**
 * Starts the app `npm run package:dir` built (release/*-unpacked or the .app) as a user would,
 * and checks the window, the UI, /api/health, the IPC bridge and a clean quit.
 *
 * Playwright's `_electron.launch` drives Electron's main process through the Node inspector,
 * which the packaged app's fuses switch off (electron-builder.yml, enableNodeCliInspectArguments):
 * this test attaches to the window over Chromium's DevTools protocol instead, so it runs the
 * very binary that ships. EPHEMERA_APP overrides the executable: the release workflow points it
 * at the app the real installers installed (NSIS, the DMG's copy, the deb, the AppImage).
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** The shell's quit watchdog bound (src-main/electron/desktop.ts QUIT_TIMEOUT_MS). */
const QUIT_MS = 3_000;

function packagedExecutable(): string {
  if (process.env.EPHEMERA_APP) return process.env.EPHEMERA_APP;
  const release = path.join(ROOT, 'release');
  const dirs = fs.existsSync(release) ? fs.readdirSync(release) : [];
  const candidates = dirs.flatMap((dir) => {
    if (process.platform === 'darwin' && dir.startsWith('mac')) {
      return [path.join(release, dir, 'Ephemera.app', 'Contents', 'MacOS', 'Ephemera')];
    }
    if (process.platform === 'win32' && dir.startsWith('win')) {
      return [path.join(release, dir, 'Ephemera.exe')];
    }
    if (process.platform === 'linux' && dir.startsWith('linux')) {
      return [path.join(release, dir, 'ephemera')];
    }
    return [];
  });
  // A macOS runner builds x64 and arm64 (mac/, mac-arm64/): run the one of this machine's CPU.
  const native = (file: string): number => (file.includes(`-${process.arch}`) ? 0 : 1);
  const found = candidates.sort((a, b) => native(a) - native(b)).find((f) => fs.existsSync(f));
  if (!found) throw new Error(`no packaged app in ${release} (run npm run package:dir)`);
  return found;
}

async function waitFor<T>(what: string, probe: () => Promise<T | null>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    await delay(250);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * The last resort on every OS, so a failed quit never leaves the app (and its GPU and renderer
 * processes, which keep the install folder locked on Windows) behind for the next step.
 */
function killTree(child: ChildProcess): void {
  if (process.platform === 'win32' && child.pid !== undefined) {
    spawnSync('taskkill', ['/PID', String(child.pid), '/T', '/F'], { stdio: 'ignore' });
  } else {
    child.kill('SIGKILL');
  }
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

test('the packaged app opens its window, renders, answers HTTP and IPC, and quits cleanly', async () => {
  const executable = packagedExecutable();
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemera-launch-'));
  const [cdpPort = 0, httpPort = 0] = await freePorts(2);
  let output = '';
  const child = spawn(
    executable,
    // A Chromium switch (the app ignores it), and what a Linux launcher adds.
    [`--remote-debugging-port=${cdpPort}`, '--ozone-platform-hint=auto', '--lang=en-US'],
    {
      env: {
        ...process.env,
        EPHEMERA_DATA_DIR: path.join(home, 'data'),
        EPHEMERA_PORT: String(httpPort),
        EPHEMERA_SMTP_PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitFor('the DevTools endpoint', async () => {
      const res = await fetch(`http://127.0.0.1:${cdpPort}/json/version`);
      return res.ok ? true : null;
    });
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`);
    const page = await waitFor<Page>('the app window', () => {
      const pages = browser.contexts().flatMap((context) => context.pages());
      return Promise.resolve(pages.find((p) => !p.url().startsWith('devtools:')) ?? null);
    });

    // The UI renders: React filled #root.
    await expect(page.locator('#root > *').first()).toBeVisible();

    // The IPC bridge: window.ephemera exists and app:info answers.
    expect(await page.evaluate(() => typeof window.ephemera)).toBe('object');
    const info = await page.evaluate(() => window.ephemera!.invoke('app:info'));
    expect(info.ok).toBe(true);
    if (!info.ok) throw new Error(info.error.message);

    // The services: /api/health on the app's own address.
    const health = await fetch(new URL('/api/health', info.value.localUrl));
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });

    // Quit, the ways a user or the OS asks, each given QUIT_MS (the shell's watchdog bound):
    // DevTools' Browser.close (sent, never awaited: Electron may quit without answering it, or
    // not act on it at all), then the menu's Quit shortcut as a user presses it, then SIGTERM,
    // Electron's graceful quit on macOS and Linux. The first that ends the app must end it with
    // code 0 within QUIT_MS.
    const exited = exitOf(child);
    const waitExit = () => Promise.race([exited, delay(QUIT_MS).then(() => 'running' as const)]);
    const cdp = await browser.newBrowserCDPSession();
    const ways: [string, () => void][] = [
      ['Browser.close', () => void cdp.send('Browser.close').catch(() => undefined)],
      [
        'the Quit shortcut',
        () =>
          void page.keyboard
            .press(process.platform === 'darwin' ? 'Meta+KeyQ' : 'Control+KeyQ')
            .catch(() => undefined),
      ],
      ...(process.platform === 'win32'
        ? []
        : ([['SIGTERM', () => child.kill('SIGTERM')]] as [string, () => void][])),
    ];
    let code: number | null | 'running' = 'running';
    let took = 0;
    let how = 'nothing';
    for (const [name, ask] of ways) {
      const asked = Date.now();
      ask();
      code = await waitExit();
      took = Date.now() - asked;
      if (code !== 'running') {
        how = name;
        break;
      }
    }
    process.stdout.write(
      `${executable}: quit by ${how} took ${took} ms, exit code ${String(code)}\n`,
    );
    expect(code, output).toBe(0);
    expect(took).toBeLessThanOrEqual(QUIT_MS);
  } finally {
    if (child.exitCode === null) killTree(child);
    fs.rmSync(home, { recursive: true, force: true });
  }
});
