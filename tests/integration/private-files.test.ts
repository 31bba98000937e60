import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TaskCreated } from '../../src-shared/video/schemas.ts';
import { PlatformSim } from '../fixtures/platform-sim/sim-server.ts';
import { publishVideo } from '../helpers/sim-posts.ts';
import { spawnApp, type SpawnedApp } from '../helpers/spawn-app.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';

const CHILD_APP = path.resolve(import.meta.dirname, '../helpers/child-app.ts');

function modeOf(file: string): string {
  return (fs.lstatSync(file).mode & 0o777).toString(8).padStart(4, '0');
}

/**
 * Other accounts on the computer must not read the mail, keys and videos: the real app, started
 * under the loosest umask, keeps its data folder 0700 and its files 0600, and narrows an
 * install from before this rule at start. POSIX modes only: Windows keeps the folder private
 * by putting it in the user's profile.
 */
describe.skipIf(process.platform === 'win32')('private data folder', () => {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function startSim(): Promise<PlatformSim> {
    const sim = await new PlatformSim().start();
    cleanups.push(() => sim.stop());
    return sim;
  }

  /** The app in a child process started with `umask`, on `dataDir`. */
  async function startChild(
    dataDir: string,
    sim: PlatformSim,
    umask: string,
  ): Promise<{ app: SpawnedApp; url: string }> {
    const app = await spawnApp(
      ['-c', `umask ${umask} && exec "$0" --import tsx "$1"`, process.execPath, CHILD_APP],
      {
        command: 'sh',
        env: { DATA_DIR: dataDir, SIM_PORT: String(sim.port) },
        ready: /^HTTP listening on /,
      },
    );
    cleanups.push(async () => {
      app.child.kill('SIGKILL');
      await app.exited;
    });
    const url = /^HTTP listening on (\S+)/.exec(app.stdout.at(-1) ?? '')?.[1] ?? '';
    return { app, url };
  }

  async function downloadOne(url: string, sim: PlatformSim): Promise<string> {
    const video = publishVideo(sim, { size: 4096 });
    const res = await fetch(`${url}/api/tasks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: video.shareUrl }),
    });
    const { task_id } = (await res.json()) as TaskCreated;
    for (let round = 0; round < 20; round++) {
      const task = (await (await fetch(`${url}/api/tasks/${task_id}?wait=5`)).json()) as {
        status: string;
      };
      if (task.status === 'completed') return task_id;
    }
    throw new Error('the download never completed');
  }

  it('under umask 000 the folder becomes 0700 and every file the app writes 0600', async () => {
    const parent = makeTempDir();
    cleanups.push(() => removeTempDir(parent));
    const dataDir = path.join(parent, 'nested', 'data');
    const sim = await startSim();
    // A settings.json with a bad field makes the app keep the original aside and write a
    // clean one: two files the app writes under this umask.
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o777 });
    fs.chmodSync(dataDir, 0o777);
    fs.writeFileSync(path.join(dataDir, 'settings.json'), '{"lanSharing": "yes"}', {
      mode: 0o600,
    });
    const { url } = await startChild(dataDir, sim, '000');
    const taskId = await downloadOne(url, sim);
    const aside = fs.readdirSync(dataDir).find((n) => n.startsWith('settings.json.invalid-'));

    expect(modeOf(dataDir)).toBe('0700');
    expect(modeOf(path.join(dataDir, 'media'))).toBe('0700');
    const files = [
      'ephemera.db',
      'ephemera.db-wal',
      'ephemera.db-shm',
      'settings.json',
      'server.json',
      aside ?? 'settings.json.invalid-*',
      `media/${taskId}.video`,
    ];
    for (const name of files) {
      expect([name, modeOf(path.join(dataDir, name))]).toEqual([name, '0600']);
    }
  });

  it('an older install with 0755 folders and 0644 files is narrowed at start', async () => {
    const dataDir = makeTempDir();
    cleanups.push(() => removeTempDir(dataDir));
    const sim = await startSim();
    const first = await startChild(dataDir, sim, '022');
    const taskId = await downloadOne(first.url, sim);
    first.app.child.kill('SIGKILL');
    await first.app.exited;

    // What an install from before the rule looks like, with a file of the user's own beside.
    fs.writeFileSync(path.join(dataDir, 'settings.json'), '{}\n');
    fs.writeFileSync(path.join(dataDir, 'notes.txt'), 'mine');
    const loose: [string, number][] = [
      ['.', 0o755],
      ['media', 0o755],
      ['ephemera.db', 0o644],
      ['ephemera.db-wal', 0o644],
      ['ephemera.db-shm', 0o666],
      ['settings.json', 0o644],
      [`media/${taskId}.video`, 0o644],
      ['notes.txt', 0o644],
    ];
    for (const [name, mode] of loose) fs.chmodSync(path.join(dataDir, name), mode);

    const second = await startChild(dataDir, sim, '022');
    expect((await fetch(`${second.url}/api/tasks/${taskId}`)).status).toBe(200);
    const expected: Record<string, string> = {
      '.': '0700',
      media: '0700',
      'ephemera.db': '0600',
      'ephemera.db-wal': '0600',
      'ephemera.db-shm': '0600',
      'settings.json': '0600',
      [`media/${taskId}.video`]: '0600',
      // Not Ephemera's: never touched.
      'notes.txt': '0644',
    };
    const actual = Object.fromEntries(
      Object.keys(expected).map((name) => [name, modeOf(path.join(dataDir, name))]),
    );
    expect(actual).toEqual(expected);
  });
});
