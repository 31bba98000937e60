import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Task, TaskCreated } from '../../src-shared/video/schemas.ts';
import { PlatformSim, simBytes } from '../fixtures/platform-sim/sim-server.ts';
import { deferred } from '../helpers/deferred.ts';
import { ManualClock } from '../helpers/manual-clock.ts';
import { publishVideo } from '../helpers/sim-posts.ts';
import { spawnApp } from '../helpers/spawn-app.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const MiB = 1024 * 1024;

describe('restarts', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function boot(dataDir: string, clock: ManualClock): Promise<TestApp> {
    const t = await startTestApp({ dataDir, clock });
    cleanups.push(() => t.close());
    return t;
  }

  it('never extends an expiry, and keeps serving the file', async () => {
    const dataDir = makeTempDir();
    cleanups.push(() => removeTempDir(dataDir));
    const clock = new ManualClock();
    const first = await boot(dataDir, clock);
    const video = publishVideo(first.sim, { size: MiB });
    const { task_id } = (await (await first.postShare(video.shareUrl)).json()) as TaskCreated;
    const before = await first.waitFor(task_id, ['completed']);

    clock.advance(100_000);
    await first.restart();
    const after = (await (await first.request(`/api/tasks/${task_id}`)).json()) as Task;
    expect(after.status).toBe('completed');
    expect(after.expires_at).toBe(before.expires_at);
    expect(after.ready_at).toBe(before.ready_at);
    expect((after.expires_at ?? 0) - after.server_time).toBe(80);
    const dl = await first.request(`/api/tasks/${task_id}/download`);
    expect(Buffer.from(await dl.arrayBuffer()).equals(simBytes(0, MiB))).toBe(true);

    // Down past the expiry: the task is gone at the next start, files included.
    clock.advance(80_000);
    await first.restart();
    expect((await first.request(`/api/tasks/${task_id}`)).status).toBe(410);
    expect(fs.readdirSync(path.join(dataDir, 'media'))).toEqual([]);
  });

  it('brings tasks that were running at a clean stop back as failed (interrupted)', async () => {
    const dataDir = makeTempDir();
    cleanups.push(() => removeTempDir(dataDir));
    const t = await boot(dataDir, new ManualClock());
    const hold = deferred();
    cleanups.push(() => hold.resolve());
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const video = publishVideo(t.sim, { size: 100, hold: hold.promise });
      ids.push(((await (await t.postShare(video.shareUrl)).json()) as TaskCreated).task_id);
    }
    await t.restart();
    for (const id of ids) {
      const task = (await (await t.request(`/api/tasks/${id}`)).json()) as Task;
      expect(task).toMatchObject({ status: 'failed', error_code: 'interrupted', retryable: true });
    }
    expect(await (await t.request('/api/capacity')).json()).toMatchObject({ used: 0 });
  });

  it('after kill -9 mid-download: the task is failed, no partial file survives', async () => {
    const dataDir = makeTempDir();
    cleanups.push(() => removeTempDir(dataDir));
    const sim = await new PlatformSim().start();
    cleanups.push(() => sim.stop());
    const video = publishVideo(sim, { size: 64 * MiB, chunkBytes: MiB, chunkDelayMs: 100 });
    const child = await spawnApp(['tests/helpers/child-app.ts'], {
      env: { SIM_PORT: String(sim.port), DATA_DIR: dataDir },
      ready: /^HTTP listening on /,
    });
    cleanups.push(() => void child.child.kill('SIGKILL'));
    const base = (child.stdout[0] ?? '').replace('HTTP listening on ', '');
    const res = await fetch(`${base}/api/tasks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: video.shareUrl }),
    });
    const { task_id } = (await res.json()) as TaskCreated;
    // Wait until bytes are on disk, so the kill lands in the middle of the download.
    let progressed = false;
    for (let i = 0; i < 50 && !progressed; i++) {
      const task = (await (await fetch(`${base}/api/tasks/${task_id}?wait=1`)).json()) as Task;
      progressed = (task.progress?.downloaded_bytes ?? 0) > 0;
    }
    expect(progressed).toBe(true);
    const partials = fs.readdirSync(path.join(dataDir, 'media'));
    expect(partials.some((f) => f.endsWith('.part'))).toBe(true);
    child.child.kill('SIGKILL');
    expect(await child.exited).toBe('SIGKILL');

    const t = await boot(dataDir, new ManualClock(Date.now()));
    const task = (await (await t.request(`/api/tasks/${task_id}`)).json()) as Task;
    expect(task).toMatchObject({ status: 'failed', error_code: 'interrupted', media: null });
    expect(fs.readdirSync(path.join(dataDir, 'media'))).toEqual([]);
  });
});
