import { execFile } from 'node:child_process';
import { spawnHeadless, type SpawnedApp } from '../helpers/spawn-app.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';
import { expect, test } from './support/fixtures.ts';

/** `npm run cli -- sign-in --data-dir D` (from source): the link, its last stdout line. */
function cliSignIn(dataDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src-main/cli.ts', 'sign-in', '--data-dir', dataDir],
      { encoding: 'utf8', timeout: 20_000 },
      (err, stdout) => {
        if (err) reject(new Error(err.message));
        else resolve(stdout.trim().split('\n').at(-1) ?? '');
      },
    );
  });
}

test.describe('a fresh link from npm run cli -- sign-in', () => {
  let app: SpawnedApp;
  let dataDir = '';
  test.beforeAll(async () => {
    dataDir = makeTempDir();
    app = await spawnHeadless(dataDir);
  });
  test.afterAll(async () => {
    app.child.kill('SIGTERM');
    await app.exited;
    removeTempDir(dataDir);
  });

  for (const lang of ['en', 'zh-CN'] as const) {
    test(`signs a browser in once; used again, the page (${lang}) names the command and the tray items`, async ({
      browser,
    }) => {
      const link = await cliSignIn(dataDir);
      expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#\/sign-in\?code=[\w-]{22}$/);

      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(link);
      await expect(page).toHaveURL(/#\/mail$/);
      await expect(page.getByTestId('mailbox')).toHaveCount(1);
      await expect(page.getByTestId('key-dialog')).toBeHidden();
      expect(await page.evaluate(() => localStorage.getItem('ephemera.apiKey'))).toMatch(/^eph_/);
      await context.close();

      const other = await browser.newContext();
      const later = await other.newPage();
      await later.addInitScript((l) => {
        localStorage.setItem(
          'ephemera.prefs',
          JSON.stringify({ state: { theme: 'light', lang: l }, version: 0 }),
        );
      }, lang);
      await later.goto(link);
      const dead = later.getByRole('alert').filter({
        hasText: lang === 'en' ? 'already used or has expired' : '已被使用或已过期',
      });
      await expect(dead).toBeVisible();
      await expect(dead).toContainText('npm run cli -- sign-in');
      await expect(dead).toContainText('Copy sign-in link');
      expect(await later.evaluate(() => localStorage.getItem('ephemera.apiKey'))).toBeNull();
      await other.close();
    });
  }
});
