import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Task, TaskCreated } from '../../src-shared/video/schemas.ts';
import { deferred, type Deferred } from '../helpers/deferred.ts';
import { ManualClock } from '../helpers/manual-clock.ts';
import { publishVideo } from '../helpers/sim-posts.ts';
import { startTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app.ts';

const MiB = 1024 * 1024;
const LIMIT = 256 * MiB;

describe('video service limits', () => {
  let t: TestApp | undefined;
  const holds: Deferred[] = [];

  afterEach(async () => {
    for (const h of holds.splice(0)) h.resolve();
    await t?.close();
    t = undefined;
  });

  async function boot(options: TestAppOptions = {}): Promise<TestApp> {
    t = await startTestApp(options);
    return t;
  }

  /** Creates a task whose download waits on a deferred the test releases. */
  async function createHeld(app: TestApp): Promise<{ id: string; hold: Deferred }> {
    const hold = deferred();
    holds.push(hold);
    const video = publishVideo(app.sim, { size: 4096, hold: hold.promise });
    const res = await app.postShare(video.shareUrl);
    expect(res.status).toBe(202);
    return { id: ((await res.json()) as TaskCreated).task_id, hold };
  }

  async function status(app: TestApp, id: string): Promise<Task> {
    return (await (await app.request(`/api/tasks/${id}`)).json()) as Task;
  }

  async function capacity(app: TestApp) {
    return (await (await app.request('/api/capacity')).json()) as {
      used: number;
      available: number;
    };
  }

  it('takes 10 tasks and answers the 11th with 429, Retry-After and {detail}', async () => {
    const app = await boot();
    const tasks = [];
    for (let i = 0; i < 10; i++) tasks.push(await createHeld(app));
    expect(await capacity(app)).toMatchObject({ used: 10, available: 0 });
    const video = publishVideo(app.sim, { size: 10 });
    const res = await app.postShare(video.shareUrl);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await res.json()).toEqual({ detail: expect.stringContaining('slots') as unknown });
    const first = tasks[0];
    expect((await app.request(`/api/tasks/${first?.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await app.postShare(video.shareUrl)).status).toBe(202);
  });

  it('downloads at most 2 at once; the third waits queued', async () => {
    const app = await boot();
    const a = await createHeld(app);
    const b = await createHeld(app);
    const c = await createHeld(app);
    await app.waitFor(a.id, ['processing']);
    await app.waitFor(b.id, ['processing']);
    // Both running tasks are stuck on the CDN, so nothing can have promoted the third.
    expect((await status(app, c.id)).status).toBe('queued');
    a.hold.resolve();
    await app.waitFor(a.id, ['completed']);
    await app.waitFor(c.id, ['processing']);
    expect((await status(app, b.id)).status).toBe('processing');
  });

  it('refuses a file announced at 256 MiB + 1 byte without downloading it', async () => {
    const app = await boot();
    const video = publishVideo(app.sim, { size: LIMIT + 1 });
    const { task_id } = (await (await app.postShare(video.shareUrl)).json()) as TaskCreated;
    const task = await app.waitFor(task_id, ['failed', 'completed']);
    expect(task).toMatchObject({ status: 'failed', error_code: 'too_large', retryable: false });
    expect(task.error).toContain('256 MiB');
    expect(fs.readdirSync(path.join(app.dataDir, 'media'))).toEqual([]);
  });

  it('stops a chunked download at 256 MiB + 1 byte counted, and keeps exactly 256 MiB', async () => {
    const app = await boot();
    const over = publishVideo(app.sim, { size: LIMIT + 1, chunked: true, chunkBytes: MiB });
    const exact = publishVideo(app.sim, { size: LIMIT, chunked: true, chunkBytes: MiB });
    const overTask = (await (await app.postShare(over.shareUrl)).json()) as TaskCreated;
    const exactTask = (await (await app.postShare(exact.shareUrl)).json()) as TaskCreated;
    const failed = await app.waitFor(overTask.task_id, ['failed', 'completed']);
    expect(failed).toMatchObject({ status: 'failed', error_code: 'too_large' });
    const done = await app.waitFor(exactTask.task_id, ['failed', 'completed']);
    expect(done.status).toBe('completed');
    expect(done.media?.size).toBe(LIMIT);
    const files = fs.readdirSync(path.join(app.dataDir, 'media'));
    expect(files.filter((f) => f.startsWith(overTask.task_id))).toEqual([]);
  });

  it('times a download out after 240 s and frees its slot', async () => {
    const clock = new ManualClock();
    const app = await boot({ clock });
    const held = await createHeld(app);
    await app.waitFor(held.id, ['processing']);
    clock.advance(239_999);
    app.app.scheduler.sweep();
    expect((await status(app, held.id)).status).toBe('processing');
    clock.advance(1);
    app.app.scheduler.sweep();
    const task = await app.waitFor(held.id, ['failed']);
    expect(task).toMatchObject({ error_code: 'timeout', retryable: true });
    expect(task.error).toContain('240 seconds');
    expect(await capacity(app)).toMatchObject({ used: 0, available: 10 });
    expect(fs.readdirSync(path.join(app.dataDir, 'media'))).toEqual([]);
  });

  it('keeps a failed task readable for 180 s without a slot, then 410', async () => {
    const clock = new ManualClock();
    const app = await boot({ clock });
    const video = publishVideo(app.sim, { status: 404 });
    const { task_id } = (await (await app.postShare(video.shareUrl)).json()) as TaskCreated;
    const task = await app.waitFor(task_id, ['failed']);
    expect(task).toMatchObject({ error_code: 'unavailable', retryable: false, media: null });
    expect(await capacity(app)).toMatchObject({ used: 0 });
    const media = await app.request(`/api/tasks/${task_id}/download`);
    expect(media.status).toBe(409);
    expect(((await media.json()) as { detail: string }).detail).toContain(task.error ?? '?');
    clock.advance(180_000);
    app.app.scheduler.sweep();
    expect((await app.request(`/api/tasks/${task_id}`)).status).toBe(410);
  });

  it('cancels a running download: slot freed at once, partial file gone, queue moves', async () => {
    const app = await boot();
    const release = deferred();
    holds.push(release);
    // A slow CDN: the first chunk arrives, the rest waits.
    const video = publishVideo(app.sim, { size: 8 * MiB, chunkBytes: MiB, chunkDelayMs: 50 });
    const { task_id } = (await (await app.postShare(video.shareUrl)).json()) as TaskCreated;
    await app.waitFor(task_id, ['processing']);
    const res = await app.request(`/api/tasks/${task_id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ task_id, status: 'cancelled' });
    expect(await capacity(app)).toMatchObject({ used: 0 });
    expect(fs.readdirSync(path.join(app.dataDir, 'media'))).toEqual([]);
    expect((await app.request(`/api/tasks/${task_id}`)).status).toBe(410);
    expect((await app.request(`/api/tasks/${task_id}`, { method: 'DELETE' })).status).toBe(410);
  });

  it('cancels a queued task and a completed one', async () => {
    const app = await boot();
    const a = await createHeld(app);
    await createHeld(app);
    const c = await createHeld(app);
    expect((await app.request(`/api/tasks/${c.id}`, { method: 'DELETE' })).status).toBe(200);
    a.hold.resolve();
    await app.waitFor(a.id, ['completed']);
    expect((await app.request(`/api/tasks/${a.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await app.request(`/api/tasks/${a.id}/download`)).status).toBe(410);
    expect(await capacity(app)).toMatchObject({ used: 1 });
  });

  it('answers 507 when the disk is short of space', async () => {
    const app = await boot({ freeBytes: () => 100 * MiB });
    const res = await app.postShare('https://v.douyin.com/anything/');
    expect(res.status).toBe(507);
    expect(await res.json()).toEqual({ detail: expect.stringContaining('disk space') as unknown });
    expect(await capacity(app)).toMatchObject({ used: 0 });
  });

  it('limits task creations per client per minute with 429 and Retry-After', async () => {
    const app = await boot({ rateLimits: { createsPerMinute: 3, requestsPerMinute: 1000 } });
    for (let i = 0; i < 3; i++) {
      expect((await app.postShare(`https://v.douyin.com/r${i}/`)).status).toBe(202);
    }
    const res = await app.postShare('https://v.douyin.com/r4/');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({ detail: expect.stringContaining('Too many') as unknown });
  });

  it('limits all requests per client per minute', async () => {
    const app = await boot({ rateLimits: { createsPerMinute: 10, requestsPerMinute: 5 } });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await app.request('/api/capacity')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('does not count media requests: a player may ask for many ranges while it plays', async () => {
    const app = await boot({ rateLimits: { createsPerMinute: 10, requestsPerMinute: 4 } });
    const video = publishVideo(app.sim, { size: 4096 });
    const created = (await (await app.postShare(video.shareUrl)).json()) as { task_id: string };
    const task = await app.waitFor(created.task_id, ['completed', 'failed']);
    expect(task.status).toBe('completed');
    const ranges = [];
    for (let i = 0; i < 10; i++) {
      const res = await app.request(`/api/tasks/${task.task_id}/preview`, {
        headers: { range: `bytes=${i * 100}-${i * 100 + 99}` },
      });
      ranges.push(res.status);
      await res.arrayBuffer();
    }
    expect(ranges).toEqual(Array(10).fill(206));
    // The limit still holds for everything else: the POST and the polls already count, so a
    // 429 comes within four more requests.
    const others = [];
    for (let i = 0; i < 4; i++) others.push((await app.request('/api/capacity')).status);
    expect(others).toContain(429);
  });
});
