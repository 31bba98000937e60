import { spawnSync } from 'node:child_process';
import { Agent, fetch } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnHeadless, type SpawnedApp } from '../helpers/spawn-app.ts';
import { startTestApp } from '../helpers/test-app.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';

function cli(args: string[], dataDir: string) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src-main/cli.ts', 'keys', ...args, '--data-dir', dataDir],
    { encoding: 'utf8', timeout: 20_000 },
  );
  return { status: result.status, stdout: result.stdout.trim().split('\n'), stderr: result.stderr };
}

describe('API keys from the command line', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  function tempDir(): string {
    const dir = makeTempDir();
    cleanups.push(() => removeTempDir(dir));
    return dir;
  }

  const SIGN_IN_LINE =
    /^Sign in from a browser on this computer: (http:\/\/127\.0\.0\.1:\d+\/#\/sign-in\?code=[\w-]{22})$/;

  async function headless(dataDir: string): Promise<SpawnedApp> {
    const app = await spawnHeadless(dataDir);
    cleanups.push(async () => {
      app.child.kill('SIGTERM');
      await app.exited;
    });
    return app;
  }

  it('a first run prints one new key after the two listening lines; later runs print none; each prints a one-time sign-in link last', async () => {
    const dataDir = tempDir();
    const first = await headless(dataDir);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.stdout).toHaveLength(4);
    expect(first.stdout[0]).toMatch(/^HTTP listening on /);
    expect(first.stdout[1]).toMatch(/^SMTP listening on /);
    const key = /^API key \(shown once\): (eph_[\w-]{43})$/.exec(first.stdout[2] ?? '')?.[1];
    expect(key).toBeDefined();
    expect(first.stdout[3]).toMatch(SIGN_IN_LINE);

    const second = await headless(dataDir);
    const url = (second.stdout[0] ?? '').replace('HTTP listening on ', '');
    const res = await fetch(`${url}/api/generate`, { headers: { 'x-api-key': key ?? '' } });
    expect(res.status).toBe(200);
    // The sign-in link: its code (in the fragment) is exchanged once, by POST, for a new key.
    const link = SIGN_IN_LINE.exec(second.stdout[2] ?? '')?.[1] ?? '';
    expect(new URL(link).origin).toBe(url);
    const code = new URLSearchParams(new URL(link).hash.split('?')[1]).get('code') ?? '';
    const exchange = (): Promise<Response> =>
      fetch(`${url}/api/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
    const signedIn = await exchange();
    expect(signedIn.status).toBe(200);
    const created = (await signedIn.json()) as { key: string; name: string };
    expect(created.name).toBe('Browser sign-in');
    const withNew = await fetch(`${url}/api/generate`, { headers: { 'x-api-key': created.key } });
    expect(withNew.status).toBe(200);
    expect((await exchange()).status).toBe(404);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.stdout).toHaveLength(3);
    // Two cold starts of the headless app.
  }, 60_000);

  it('create prints the key last; list shows no key; disable and delete act on a running server', async () => {
    const dataDir = tempDir();
    const t = await startTestApp({ dataDir });
    cleanups.push(() => t.close());
    const created = cli(['create', '--name', 'phone'], dataDir);
    expect(created.status).toBe(0);
    const key = created.stdout.at(-1) ?? '';
    expect(key).toMatch(/^eph_[\w-]{43}$/);
    // A fresh connection per request: spawnSync blocks the event loop past the server's
    // keep-alive timeout, so a pooled socket could be reused just as the server closes it.
    const oneShot = new Agent({ pipelining: 0 });
    cleanups.push(() => oneShot.close());
    const generate = () =>
      fetch(t.url('/api/generate'), {
        headers: { authorization: `Bearer ${key}` },
        dispatcher: oneShot,
      });
    expect((await generate()).status).toBe(200);

    const list = cli(['list'], dataDir);
    expect(list.status).toBe(0);
    const row = list.stdout.find((l) => l.includes('\tphone\t')) ?? '';
    expect(row).toMatch(/^\d+\tphone\t….{4}\tcreated \S+Z\tenabled$/);
    expect(list.stdout.join('\n')).not.toContain(key.slice(4, 20));
    const id = row.split('\t')[0] ?? '';

    expect(cli(['disable', id], dataDir).status).toBe(0);
    expect((await generate()).status).toBe(401);
    expect(cli(['list'], dataDir).stdout.find((l) => l.startsWith(`${id}\t`))).toMatch(
      /\tdisabled \S+Z$/,
    );
    const enabled = cli(['enable', id], dataDir);
    expect(enabled.status).toBe(0);
    expect(enabled.stdout).toContain(`Key ${id} enabled.`);
    expect((await generate()).status).toBe(200);
    expect(cli(['delete', id], dataDir).status).toBe(0);
    expect(cli(['list'], dataDir).stdout.some((l) => l.startsWith(`${id}\t`))).toBe(false);
    expect((await generate()).status).toBe(401);
    // Seven CLI processes, each a cold tsx start.
  }, 100_000);

  it.each([
    [[]],
    [['frob']],
    [['disable']],
    [['disable', 'abc']],
    [['enable']],
    [['list', 'extra']],
    [['create', '--bogus']],
  ])('exits 2 with usage for %j', (args) => {
    const result = cli(args, tempDir());
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/keys|Unknown option/);
  });

  it('exits 1 for a key id that does not exist', () => {
    const result = cli(['delete', '999'], tempDir());
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('No API key with id 999');
  });
});
