import fs from 'node:fs';
import path from 'node:path';
import { execFile, spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { SIGN_IN_COMMAND_KEY_NAME } from '../../src-main/cli/sign-in-command.ts';
import { ManualClock } from '../helpers/manual-clock.ts';
import { startMailTestApp } from '../helpers/mail-app.ts';
import { spawnHeadless } from '../helpers/spawn-app.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';

const LINK = /^http:\/\/127\.0\.0\.1:\d+\/#\/sign-in\?code=([\w-]{22})$/;

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run cli -- sign-in` from source, as a child process (the built CLI is run once below).
 * Not spawnSync: the server under test runs in this process and must answer meanwhile.
 */
function signIn(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src-main/cli.ts', 'sign-in', ...args],
      { encoding: 'utf8', timeout: 20_000, env: { ...process.env, ...env } },
      (err, stdout, stderr) => {
        const status = err ? (typeof err.code === 'number' ? err.code : null) : 0;
        resolve({ status, stdout, stderr });
      },
    );
  });
}

function codeOf(stdout: string): string {
  const line = stdout.trim().split('\n').at(-1) ?? '';
  const code = LINK.exec(line)?.[1];
  if (!code) throw new Error(`no sign-in link in ${JSON.stringify(stdout)}`);
  return code;
}

const exchange = (base: string, code: string): Promise<Response> =>
  fetch(`${base}/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });

describe('npm run cli -- sign-in', () => {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  function tempDir(): string {
    const dir = makeTempDir();
    cleanups.push(() => removeTempDir(dir));
    return dir;
  }

  it('prints a fresh link of the server on --data-dir: it signs in once, a second use and an expired one are refused, and no key is left behind', async () => {
    const dataDir = tempDir();
    const clock = new ManualClock();
    const m = await startMailTestApp({ dataDir, clock });
    cleanups.push(() => m.close());
    const keysBefore = m.t.app.mail.keys.list().map((k) => k.name);
    const base = m.t.url('').replace(/\/$/, '');

    const first = await signIn(['--data-dir', dataDir]);
    expect(first.status).toBe(0);
    expect(first.stderr).toContain('within 10 minutes; it works once');
    const code = codeOf(first.stdout);
    expect(first.stdout.trim().split('\n').at(-1)).toMatch(new RegExp(`^${base}/#/sign-in`));

    const signedIn = await exchange(base, code);
    expect(signedIn.status).toBe(200);
    const made = (await signedIn.json()) as { key: string; name: string };
    expect(made.name).toBe('Browser sign-in');
    const generate = await m.api('/api/generate', { headers: { 'x-api-key': made.key } });
    expect(generate.status).toBe(200);
    expect((await exchange(base, code)).status).toBe(404);

    // Each run makes another code; one left 10 minutes (the server's clock) is dead.
    const late = codeOf((await signIn(['--data-dir', dataDir])).stdout);
    clock.advance(10 * 60_000);
    expect((await exchange(base, late)).status).toBe(404);

    // The command's own key lived only while it asked.
    const names = m.t.app.mail.keys.list().map((k) => k.name);
    expect(names).not.toContain(SIGN_IN_COMMAND_KEY_NAME);
    expect(names).toEqual([...keysBefore, 'Browser sign-in']);
  }, 60_000);

  it('EPHEMERA_DATA_DIR names the folder when --data-dir is not given', async () => {
    const dataDir = tempDir();
    const m = await startMailTestApp({ dataDir });
    cleanups.push(() => m.close());
    const run = await signIn([], { EPHEMERA_DATA_DIR: dataDir });
    expect(run.status).toBe(0);
    expect((await exchange(m.t.url('').replace(/\/$/, ''), codeOf(run.stdout))).status).toBe(200);
  }, 30_000);

  it('with no server on the folder (never started, stopped, killed, or another folder on its port) it says so and exits 1', async () => {
    const noServer = async (dataDir: string): Promise<void> => {
      const run = await signIn(['--data-dir', dataDir]);
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(`No Ephemera server is running on the data folder ${dataDir}.`);
      expect(run.stderr).toContain('npm start -- --headless');
    };
    // Never used.
    await noServer(tempDir());

    // Stopped cleanly: its server.json goes with it.
    const stoppedDir = tempDir();
    const stopped = await startMailTestApp({ dataDir: stoppedDir });
    expect(fs.existsSync(path.join(stoppedDir, 'server.json'))).toBe(true);
    await stopped.close();
    expect(fs.existsSync(path.join(stoppedDir, 'server.json'))).toBe(false);
    await noServer(stoppedDir);

    // Killed: the file stays, nothing answers at its address.
    const killedDir = tempDir();
    const killed = await spawnHeadless(killedDir);
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(fs.existsSync(path.join(killedDir, 'server.json'))).toBe(true);
    await noServer(killedDir);

    // A stale file pointing at a server of another data folder: that server refuses the key.
    const other = await startMailTestApp();
    cleanups.push(() => other.close());
    fs.writeFileSync(
      path.join(killedDir, 'server.json'),
      JSON.stringify({ pid: 1, url: other.t.url('') }),
    );
    await noServer(killedDir);
    expect(other.t.app.mail.keys.list().map((k) => k.name)).not.toContain(SIGN_IN_COMMAND_KEY_NAME);
  }, 60_000);

  it('the built CLI (npm run cli) against a headless server started with --data-dir', async () => {
    const dataDir = tempDir();
    const app = await spawnHeadless(dataDir);
    cleanups.push(async () => {
      app.child.kill('SIGTERM');
      await app.exited;
    });
    const base = (app.stdout[0] ?? '').replace('HTTP listening on ', '');
    const run = spawnSync(
      'npm',
      ['run', '--silent', 'cli', '--', 'sign-in', '--data-dir', dataDir],
      {
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(run.status).toBe(0);
    const code = codeOf(run.stdout);
    expect((await exchange(base, code)).status).toBe(200);
    expect((await exchange(base, code)).status).toBe(404);
    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
    // A clean stop removes the file the command reads.
    expect(fs.existsSync(path.join(dataDir, 'server.json'))).toBe(false);
  }, 90_000);

  it('a wrong option is a usage error (exit 2)', async () => {
    const run = await signIn(['--frobnicate']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('npm run cli -- sign-in [--data-dir D]');
  });
});
