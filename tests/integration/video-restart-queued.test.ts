import { afterEach, describe, expect, it } from 'vitest';
import type { Task, TaskCreated } from '../../src-shared/video/schemas.ts';
import { PlatformSim } from '../fixtures/platform-sim/sim-server.ts';
import { deferred } from '../helpers/deferred.ts';
import { ManualClock } from '../helpers/manual-clock.ts';
import { publishVideo } from '../helpers/sim-posts.ts';
import { spawnApp } from '../helpers/spawn-app.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';
import { startTestApp } from '../helpers/test-app.ts';

const STARTED = /stopped while this task was running/;
const NEVER_STARTED =
  /stopped before this task started.*waiting in the queue.*nothing was downloaded/;

/** Two downloads run at once (the default), so the third of three held tasks stays queued. */
describe('a task still queued when Ephemera stopped', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  function expectInterrupted(task: Task, sentence: RegExp): void {
    expect(task).toMatchObject({ status: 'failed', error_code: 'interrupted', retryable: true });
    expect(task.error).toMatch(sentence);
  }

  it('says it never started after a clean stop; the running ones say they were running', async () => {
    const dataDir = makeTempDir();
    cleanups.push(() => removeTempDir(dataDir));
    const t = await startTestApp({ dataDir, clock: new ManualClock() });
    cleanups.push(() => t.close());
    const hold = deferred();
    cleanups.push(() => hold.resolve());
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const video = publishVideo(t.sim, { size: 100, hold: hold.promise });
      ids.push(((await (await t.postShare(video.shareUrl)).json()) as TaskCreated).task_id);
    }
    const before = await Promise.all(
      ids.map(async (id) => ((await (await t.request(`/api/tasks/${id}`)).json()) as Task).status),
    );
    expect(before).toEqual(['processing', 'processing', 'queued']);

    await t.restart();
    const after = await Promise.all(
      ids.map(async (id) => (await (await t.request(`/api/tasks/${id}`)).json()) as Task),
    );
    expectInterrupted(after[0] as Task, STARTED);
    expectInterrupted(after[1] as Task, STARTED);
    expectInterrupted(after[2] as Task, NEVER_STARTED);
    // Not re-queued: nothing runs after the restart and no slot is held.
    expect(await (await t.request('/api/capacity')).json()).toMatchObject({ used: 0 });
  });

  it('says it never started after kill -9', async () => {
    const dataDir = makeTempDir();
    cleanups.push(() => removeTempDir(dataDir));
    const sim = await new PlatformSim().start();
    cleanups.push(() => sim.stop());
    const hold = deferred();
    cleanups.push(() => hold.resolve());
    const child = await spawnApp(['tests/helpers/child-app.ts'], {
      env: { SIM_PORT: String(sim.port), DATA_DIR: dataDir },
      ready: /^HTTP listening on /,
    });
    cleanups.push(() => void child.child.kill('SIGKILL'));
    const base = (child.stdout[0] ?? '').replace('HTTP listening on ', '');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const video = publishVideo(sim, { size: 100, hold: hold.promise });
      const res = await fetch(`${base}/api/tasks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: video.shareUrl }),
      });
      ids.push(((await res.json()) as TaskCreated).task_id);
    }
    const read = async (id: string): Promise<Task> =>
      (await (await fetch(`${base}/api/tasks/${id}`)).json()) as Task;
    expect((await read(ids[2] as string)).status).toBe('queued');
    child.child.kill('SIGKILL');
    expect(await child.exited).toBe('SIGKILL');

    const t = await startTestApp({ dataDir, clock: new ManualClock(Date.now()) });
    cleanups.push(() => t.close());
    const queued = (await (await t.request(`/api/tasks/${ids[2] as string}`)).json()) as Task;
    expectInterrupted(queued, NEVER_STARTED);
    const first = (await (await t.request(`/api/tasks/${ids[0] as string}`)).json()) as Task;
    expectInterrupted(first, STARTED);
  });
});
