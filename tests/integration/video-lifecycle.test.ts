import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TaskCreatedSchema, TaskSchema, type Task } from '../../src-shared/video/schemas.ts';
import { simBytes } from '../fixtures/platform-sim/sim-server.ts';
import { ManualClock } from '../helpers/manual-clock.ts';
import { publishVideo } from '../helpers/sim-posts.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const SIZE = 3 * 1024 * 1024 + 17;

describe('video task lifecycle', () => {
  let t: TestApp;
  let clock: ManualClock;

  beforeEach(async () => {
    clock = new ManualClock();
    t = await startTestApp({ clock });
  });
  afterEach(() => t.close());

  async function createCompleted(): Promise<Task> {
    const video = publishVideo(t.sim, { size: SIZE }, { title: '刘备遇到水镜 / 第一集' });
    const res = await t.postShare(`7.17 pDH:/ 看看 ${video.shareUrl} 复制此链接，打开Dou音搜索`);
    expect(res.status).toBe(202);
    const created = TaskCreatedSchema.parse(await res.json());
    return t.waitFor(created.task_id, ['completed', 'failed']);
  }

  it('creates a queued task with Location and the documented body', async () => {
    const video = publishVideo(t.sim, { size: 1000 });
    const res = await t.postShare(video.shareUrl);
    expect(res.status).toBe(202);
    const body = TaskCreatedSchema.strict().parse(await res.json());
    expect(body).toMatchObject({ status: 'queued', platform: 'douyin', ttl_seconds: 180 });
    expect(body.task_id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(Buffer.from(body.task_id, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(res.headers.get('location')).toBe(`/api/tasks/${body.task_id}`);
    expect(body.status_url).toBe(`/api/tasks/${body.task_id}`);
    expect(body.server_time).toBe(Math.floor(clock.now() / 1000));
  });

  it('completes with metadata and serves the exact bytes the CDN sent', async () => {
    const task = TaskSchema.strict().parse(await createCompleted());
    expect(task.status).toBe('completed');
    expect(task.title).toBe('刘备遇到水镜 / 第一集');
    expect(task.author).toBe('Sim Author');
    expect(task.error).toBeNull();
    expect(task.progress).toBeNull();
    expect(task.media).toMatchObject({
      width: 1080,
      height: 1920,
      resolution: '1080x1920',
      duration: 12.5,
      size: SIZE,
      mime_type: 'video/mp4',
      download_url: `/api/tasks/${task.task_id}/download`,
      preview_url: `/api/tasks/${task.task_id}/preview`,
      cover_url: `/api/tasks/${task.task_id}/cover`,
    });
    expect(task.expires_at).toBe((task.ready_at as number) + 180);
    const dl = await t.request(task.media?.download_url ?? '');
    expect(dl.status).toBe(200);
    expect(Buffer.from(await dl.arrayBuffer()).equals(simBytes(0, SIZE))).toBe(true);
    expect(dl.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(dl.headers.get('cache-control')).toBe('no-store');
    expect(dl.headers.get('accept-ranges')).toBe('bytes');
    const cover = await t.request(task.media?.cover_url ?? '');
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/jpeg');
  });

  it("speaks with the platform's User-Agent and the media source's headers", async () => {
    await createCompleted();
    const media = t.sim.requests.filter((r) => r.path.startsWith('/media/'));
    const pages = t.sim.requests.filter((r) => r.path.startsWith('/s'));
    expect(media).toHaveLength(1);
    expect(pages).toHaveLength(1);
    for (const r of [...media, ...pages])
      expect(r.headers['user-agent']).toBe('ephemera-sim-douyin');
    expect(media[0]?.headers.referer).toBe('https://v.douyin.com');
  });

  it('counts slots while completed and frees them at expiry, 180 s after ready', async () => {
    const task = await createCompleted();
    const cap = await (await t.request('/api/capacity')).json();
    expect(cap).toMatchObject({ total: 10, used: 1, available: 9 });
    clock.advance(179_999);
    t.app.scheduler.sweep();
    expect((await t.request(`/api/tasks/${task.task_id}`)).status).toBe(200);
    clock.advance(1);
    t.app.scheduler.sweep();
    expect((await t.request(`/api/tasks/${task.task_id}`)).status).toBe(410);
    expect((await t.request(`/api/tasks/${task.task_id}/download`)).status).toBe(410);
    expect(fs.readdirSync(path.join(t.dataDir, 'media'))).toEqual([]);
    expect(await (await t.request('/api/capacity')).json()).toMatchObject({
      used: 0,
      available: 10,
    });
  });

  it('fills size and duration from the MP4 when the platform gives none', async () => {
    const bytes = fs.readFileSync(
      path.join(import.meta.dirname, '../fixtures/media/h264-360x640-2s.mp4'),
    );
    const video = publishVideo(t.sim, { bytes }, { width: null, height: null, duration: null });
    const { task_id } = (await (await t.postShare(video.shareUrl)).json()) as { task_id: string };
    const task = await t.waitFor(task_id, ['completed', 'failed']);
    expect(task.media).toMatchObject({
      width: 360,
      height: 640,
      resolution: '360x640',
      duration: 2,
    });
  });

  it('retries a CDN that fails with 503 once, and completes', async () => {
    let calls = 0;
    t.sim.handle('flaky.douyinvod.com', '/', (_req, res) => {
      calls++;
      if (calls === 1) return void res.writeHead(503).end('busy');
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': '4' }).end('abcd');
    });
    const video = publishVideo(
      t.sim,
      { size: 1 },
      { media: ['https://flaky.douyinvod.com/v.mp4'] },
    );
    const { task_id } = (await (await t.postShare(video.shareUrl)).json()) as { task_id: string };
    const task = await t.waitFor(task_id, ['completed', 'failed']);
    expect(task.status).toBe('completed');
    expect(task.media?.size).toBe(4);
    expect(calls).toBe(2);
  });

  it('does not retry a CDN answer that means gone (404), and tries the next mirror', async () => {
    let gone = 0;
    t.sim.handle('gone.douyinvod.com', '/', (_req, res) => {
      gone++;
      res.writeHead(404).end();
    });
    const mirror = publishVideo(t.sim, { size: 10 });
    const two = publishVideo(
      t.sim,
      { size: 10 },
      { media: ['https://gone.douyinvod.com/a.mp4', mirror.mediaUrl] },
    );
    const { task_id } = (await (await t.postShare(two.shareUrl)).json()) as { task_id: string };
    const task = await t.waitFor(task_id, ['completed', 'failed']);
    expect(task.status).toBe('completed');
    expect(gone).toBe(1);
  });
});
