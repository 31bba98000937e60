import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../src-shared/api/routes.ts';
import {
  TaskCreatedSchema,
  TaskDiagnosticsSchema,
  TaskSchema,
  type Task,
  type TaskErrorCode,
} from '../../src-shared/video/schemas.ts';
import type { OpenFile } from '../../src-main/video/downloader.ts';
import { simBytes } from '../fixtures/platform-sim/sim-server.ts';
import { CanaryServer } from '../helpers/canary-server.ts';
import { ConnectProxy } from '../helpers/connect-proxy.ts';
import { freePort } from '../helpers/free-ports.ts';
import { rawRequest } from '../helpers/raw-http.ts';
import { recordingDispatcher, type RecordingDispatcher } from '../helpers/recording-dispatcher.ts';
import { publishVideo } from '../helpers/sim-posts.ts';
import { startTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app.ts';

const SIZE = 300 * 1024 + 11;
const CDN = 'https://v3-dy-o.douyinvod.com';
const DOUYIN_HOSTS = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.(douyin\.com|iesdouyin\.com|douyinvod\.com)$/;

let n = 0;
const mirror = (tag: string): string => `${CDN}/faults-${tag}-${++n}.mp4`;

/** A disk that fills up after `room` bytes of video; every write past it fails with ENOSPC. */
function fullDisk(room = 0): OpenFile & { opened: string[] } {
  const opened: string[] = [];
  const open = (file: string): Writable => {
    opened.push(path.basename(file));
    let written = 0;
    return new Writable({
      write(chunk: Buffer, _enc, done) {
        written += chunk.length;
        if (!file.endsWith('.video.part') || written <= room) return done();
        const err: NodeJS.ErrnoException = new Error('ENOSPC: no space left on device, write');
        err.code = 'ENOSPC';
        err.syscall = 'write';
        done(err);
      },
    });
  };
  return Object.assign(open, { opened });
}

function expectFailure(task: Task, code: TaskErrorCode, retryable: boolean): void {
  expect(task.status).toBe('failed');
  expect({ error_code: task.error_code, retryable: task.retryable }).toEqual({
    error_code: code,
    retryable,
  });
  expect(task.error).toMatch(/^[A-Z].{10,}[.!]$/);
  expect(task.media).toBeNull();
}

describe('video fetch faults', () => {
  let t: TestApp | null = null;
  const cleanups: (() => Promise<void> | void)[] = [];

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await t?.close();
    t = null;
  });

  async function start(options: TestAppOptions = {}): Promise<TestApp> {
    t = await startTestApp(options);
    return t;
  }

  async function share(app: TestApp, text: string): Promise<Task> {
    const res = await app.postShare(text);
    expect(res.status).toBe(202);
    const created = TaskCreatedSchema.parse(await res.json());
    return TaskSchema.parse(await app.waitFor(created.task_id, ['completed', 'failed']));
  }

  const mediaFiles = (app: TestApp): string[] => fs.readdirSync(path.join(app.dataDir, 'media'));

  async function startRecording(): Promise<{ app: TestApp; transport: RecordingDispatcher }> {
    const app = await start();
    const transport = recordingDispatcher(app.sim.port);
    cleanups.push(() => transport.dispatcher.close());
    await app.restart({ dispatcher: transport.dispatcher });
    return { app, transport };
  }

  describe('every mirror failed: the most telling failure wins', () => {
    it('says the disk is full when mirror 1 hit ENOSPC and mirror 2 answered 404', async () => {
      const disk = fullDisk(64 * 1024);
      const app = await start({ openMediaFile: disk });
      const [first, second] = [mirror('enospc'), mirror('gone')];
      const video = publishVideo(app.sim, { size: SIZE }, { media: [first, second] });
      app.sim.file(first, { size: SIZE }).file(second, { status: 404 });
      const task = await share(app, `${video.shareUrl} 复制此链接`);
      expectFailure(task, 'disk_full', true);
      expect(task.error).toMatch(/disk is full/);
      // A full disk is full for every mirror: one try, no retry, no second mirror.
      expect(app.sim.hits(first)).toBe(1);
      expect(app.sim.hits(second)).toBe(0);
      expect(mediaFiles(app)).toEqual([]);
    });

    it('says the disk is full when the only mirror filled it, not that the connection broke', async () => {
      const app = await start({ openMediaFile: fullDisk(100 * 1024) });
      const video = publishVideo(app.sim, { size: SIZE });
      const task = await share(app, video.shareUrl);
      expectFailure(task, 'disk_full', true);
      expect(app.sim.hits(video.mediaUrl)).toBe(1);
      expect(mediaFiles(app)).toEqual([]);
    });

    it('reports mirror 1’s 404 rather than mirror 2’s dropped connection', async () => {
      const app = await start();
      const [first, second] = [mirror('gone'), mirror('reset')];
      const video = publishVideo(app.sim, { size: SIZE }, { media: [first, second] });
      app.sim.file(first, { status: 404 });
      app.sim.handle('v3-dy-o.douyinvod.com', new URL(second).pathname, (req) =>
        req.socket.destroy(),
      );
      const task = await share(app, video.shareUrl);
      expectFailure(task, 'unavailable', false);
      expect(task.error).toContain('404');
      // The reset mirror was retried (test retry budget: 2 tries); the 404 was not.
      expect(app.sim.hits(first)).toBe(1);
      expect(app.sim.hits(second)).toBe(2);
    });

    it('reports a server error rather than a later dropped connection', async () => {
      const app = await start();
      const [first, second] = [mirror('busy'), mirror('reset')];
      const video = publishVideo(app.sim, { size: SIZE }, { media: [first, second] });
      app.sim.file(first, { status: 503 });
      app.sim.handle('v3-dy-o.douyinvod.com', new URL(second).pathname, (req) =>
        req.socket.destroy(),
      );
      const task = await share(app, video.shareUrl);
      expectFailure(task, 'upstream_error', true);
      expect(task.error).toContain('503');
    });

    it('still downloads from mirror 2 when mirror 1 is gone', async () => {
      const app = await start();
      const [first, second] = [mirror('gone'), mirror('ok')];
      const video = publishVideo(app.sim, { size: SIZE }, { media: [first, second] });
      app.sim.file(first, { status: 404 }).file(second, { size: SIZE });
      const task = await share(app, video.shareUrl);
      expect(task.status).toBe('completed');
      const res = await rawRequest(app.url(`/api/tasks/${task.task_id}/download`));
      expect(res.body.equals(simBytes(0, SIZE))).toBe(true);
    });
  });

  describe('a proxy that cannot connect', () => {
    async function refusingProxy(app: TestApp, status: number): Promise<ConnectProxy> {
      const proxy = await new ConnectProxy(app.sim.port).start();
      cleanups.push(() => proxy.stop());
      proxy.refuseWith = status;
      await app.restart({ config: { proxy: proxy.url } });
      return proxy;
    }

    it.each([502, 503, 504])(
      'reports the proxy’s %i as a retryable network failure, not the platform’s error',
      async (status) => {
        const app = await start();
        const proxy = await refusingProxy(app, status);
        const video = publishVideo(app.sim, { size: SIZE });
        const task = await share(app, video.shareUrl);
        expectFailure(task, 'network', true);
        expect(task.error).toContain(`HTTP ${status} from the proxy`);
        expect(proxy.connects).toContain('v.douyin.com:443');
        expect(app.sim.requests).toEqual([]);
      },
    );

    it.each([
      ['refuses connections', (port: number) => `http://127.0.0.1:${port}`, 'ECONNREFUSED'],
      ['has a name that does not resolve', () => 'http://proxy.invalid:3128', 'ENOTFOUND'],
    ])(
      'names the proxy when nothing answers there (it %s), and the record says one was used',
      async (_case, proxyUrl, code) => {
        const app = await start();
        const proxy = proxyUrl(await freePort());
        await app.restart({ config: { proxy } });
        const task = await share(app, publishVideo(app.sim, { size: SIZE }).shareUrl);
        expectFailure(task, 'network', true);
        const host = new URL(proxy).host;
        expect(task.error).toBe(
          `Could not reach the proxy ${host} (${code}), set in Settings. Check that the proxy is running, or change or remove it, then try again.`,
        );
        expect(app.sim.requests).toEqual([]);
        const res = await app.request(routes.taskDiagnostics.url({ token: task.task_id }));
        const record = TaskDiagnosticsSchema.parse(await res.json());
        expect(record.proxy).toEqual({ host, from: 'settings' });
        expect(record.failure?.error_class).toBe('ProxyUnreachableError');
      },
    );

    it('keeps the record of a direct run free of any proxy', async () => {
      const app = await start();
      const task = await share(app, publishVideo(app.sim, { size: SIZE }).shareUrl);
      expect(task.status).toBe('completed');
      const res = await app.request(routes.taskDiagnostics.url({ token: task.task_id }));
      expect(TaskDiagnosticsSchema.parse(await res.json()).proxy).toBeNull();
    });

    it('asks for proxy credentials on 407, not retryable', async () => {
      const app = await start();
      await refusingProxy(app, 407);
      const task = await share(app, publishVideo(app.sim, { size: SIZE }).shareUrl);
      expectFailure(task, 'network', false);
      expect(task.error).toMatch(/user name and password/);
    });
  });

  describe('host spellings', () => {
    it.each([
      ['a trailing dot', (u: URL) => `https://${u.host}.${u.pathname}`],
      [
        'ideographic full stops',
        (u: URL) => `https://${u.host.replaceAll('.', '\u3002')}${u.pathname}`,
      ],
      [
        'full-width full stops',
        (u: URL) => `https://${u.host.replaceAll('.', '\uff0e')}${u.pathname}`,
      ],
      [
        'half-width ideographic stops',
        (u: URL) => `https://${u.host.replaceAll('.', '\uff61')}${u.pathname}`,
      ],
      ['upper case', (u: URL) => `https://${u.host.toUpperCase()}${u.pathname}`],
    ])('fetches a share link written with %s under its canonical name', async (_label, spell) => {
      const { app, transport } = await startRecording();
      const video = publishVideo(app.sim, { size: SIZE });
      const task = await share(
        app,
        `看看 ${spell(new URL(video.shareUrl))} 复制此链接，打开Dou音搜索。`,
      );
      expect(task.error).toBeNull();
      expect(task.status).toBe('completed');
      expect(task.source_url).toBe(video.shareUrl);
      for (const r of app.sim.requests) expect(r.host).toMatch(DOUYIN_HOSTS);
      for (const a of transport.attempts) expect(a.split(':')[0]).toMatch(DOUYIN_HOSTS);
    });

    it('follows a redirect to a platform host with a trailing dot under its canonical name', async () => {
      const { app, transport } = await startRecording();
      const final = mirror('dot');
      const video = publishVideo(app.sim, { redirectTo: final.replace('.com/', '.com./') });
      app.sim.file(final, { size: SIZE });
      const task = await share(app, video.shareUrl);
      expect(task.status).toBe('completed');
      expect(app.sim.hits(final)).toBe(1);
      for (const a of transport.attempts) expect(a.split(':')[0]).toMatch(DOUYIN_HOSTS);
    });

    it.each([
      ['127.0.0.1.', (port: number) => `http://127.0.0.1.:${port}/x`],
      ['localhost.', (port: number) => `http://localhost.:${port}/x`],
      // A header is ASCII, so the ideographic full stop arrives percent-encoded.
      ['localhost%E3%80%82', (port: number) => `http://localhost%E3%80%82:${port}/x`],
      ['two trailing dots', () => `${CDN}../x.mp4`],
      ['a platform name under a foreign one', () => 'https://douyinvod.com.evil.example./x'],
    ])('refuses a media redirect to %s and sends nothing there', async (_label, target) => {
      const { app, transport } = await startRecording();
      const canary = await new CanaryServer().start();
      cleanups.push(() => canary.stop());
      const video = publishVideo(app.sim, { redirectTo: target(canary.port) });
      const task = await share(app, video.shareUrl);
      expectFailure(task, 'upstream_error', false);
      expect(canary.connections).toBe(0);
      for (const a of transport.attempts) expect(a.split(':')[0]).toMatch(DOUYIN_HOSTS);
      expect(app.sim.requests.map((r) => r.path)).toHaveLength(3);
    });

    it.each(['http://127.0.0.1./x', 'http://localhost./x', 'https://v.douyin.com../x'])(
      'refuses the share link %s with 422 before any request',
      async (link) => {
        const app = await start();
        const res = await app.postShare(`看看 ${link} 复制`);
        expect(res.status).toBe(422);
        const body = (await res.json()) as { detail: { type: string }[] };
        expect(body.detail[0]?.type).toBe('platform_unsupported');
        expect(app.sim.requests).toEqual([]);
      },
    );
  });
});
