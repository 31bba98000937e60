import fs from 'node:fs';
import path from 'node:path';
import type { LookupAddress } from 'node:dns';
import { afterEach, describe, expect, it } from 'vitest';
import {
  TaskCreatedSchema,
  TaskErrorCodeSchema,
  TaskSchema,
  type Task,
  type TaskErrorCode,
} from '../../src-shared/video/schemas.ts';
import type { Resolver } from '../../src-main/video/outbound/address-guard.ts';
import { simBytes, type PlatformSim, type SimMedia } from '../fixtures/platform-sim/sim-server.ts';
import { CanaryServer } from '../helpers/canary-server.ts';
import { ConnectProxy } from '../helpers/connect-proxy.ts';
import { ConnectionLog } from '../helpers/connection-log.ts';
import { rawRequest } from '../helpers/raw-http.ts';
import { recordingDispatcher, type RecordingDispatcher } from '../helpers/recording-dispatcher.ts';
import { publishVideo } from '../helpers/sim-posts.ts';
import { startTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app.ts';

const SIZE = 200 * 1024 + 77;
const CDN = 'https://v3-dy-o.douyinvod.com';
/** Every host the Douyin simulator may legitimately be asked for. */
const DOUYIN_HOSTS = /(^|\.)(douyin\.com|iesdouyin\.com|douyinvod\.com)$/;

/** A person's sentence: no 'undefined', no stack frames, no file paths, no raw error dumps. */
function expectCleanSentence(sentence: string | null): void {
  expect(sentence).toEqual(expect.any(String));
  const text = sentence as string;
  expect(text.trim().length).toBeGreaterThan(10);
  expect(text).not.toMatch(/undefined|\[object Object\]|NaN/);
  expect(text).not.toMatch(/\n\s*at\s|\bat .+:\d+:\d+|file:\/\/|node:internal|\.[cm]?[jt]s:\d+/);
  expect(text).not.toMatch(/\b[A-Z][A-Za-z]*Error\b/);
  expect(text).toMatch(/[.!]$/);
}

function expectFailure(
  task: Task,
  code: TaskErrorCode,
  retryable: boolean,
): asserts task is Task & { error: string } {
  expect(task.status).toBe('failed');
  expect({ error_code: task.error_code, retryable: task.retryable }).toEqual({
    error_code: code,
    retryable,
  });
  expect(TaskErrorCodeSchema.safeParse(task.error_code).success).toBe(true);
  expect(task.media).toBeNull();
  expectCleanSentence(task.error);
}

async function runTask(t: TestApp, shareUrl: string): Promise<Task> {
  const res = await t.postShare(`${shareUrl} 复制此链接，打开Dou音搜索`);
  expect(res.status).toBe(202);
  const created = TaskCreatedSchema.parse(await res.json());
  return TaskSchema.parse(await t.waitFor(created.task_id, ['completed', 'failed']));
}

function mediaFiles(t: TestApp): string[] {
  return fs.readdirSync(path.join(t.dataDir, 'media'));
}

let plainCounter = 0;

/**
 * Publishes a Douyin video whose share link, post and media all use http:// (the simulator
 * speaks no TLS), so a test proxy can tunnel plain HTTP. Paths differ from publishVideo's.
 */
function publishPlainHttpVideo(sim: PlatformSim, media: SimMedia) {
  const n = ++plainCounter;
  const shareUrl = `http://v.douyin.com/plain${n}/`;
  const postUrl = `http://v.douyin.com/plain-post/${n}`;
  const mediaUrl = `http://v3-dy-o.douyinvod.com/plain-media/${n}.mp4`;
  const coverUrl = `http://v3-dy-o.douyinvod.com/plain-cover/${n}.jpg`;
  sim.redirect(shareUrl, postUrl).file(mediaUrl, media);
  sim.post(postUrl, {
    id: String(7_600_000_000_000_000_000 + n),
    kind: 'video',
    title: `Plain ${n}`,
    author: 'Sim Author',
    media: [mediaUrl],
    cover: coverUrl,
    duration: 3,
    width: 720,
    height: 1280,
  });
  sim.file(coverUrl, {
    bytes: Buffer.from('\xff\xd8\xff\xe0jpeg', 'latin1'),
    contentType: 'image/jpeg',
  });
  return { shareUrl, mediaUrl };
}

/** A resolver that answers every name with the same addresses and remembers the names. */
function hostileResolver(...addresses: string[]): Resolver & { names: string[] } {
  const names: string[] = [];
  const resolver = async (hostname: string): Promise<LookupAddress[]> => {
    names.push(hostname);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolver, { names });
}

describe('outbound safety and transport', () => {
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

  /** The app, restarted on a transport that records connections and reaches real 127.0.0.1. */
  async function startRecording(): Promise<{ app: TestApp; transport: RecordingDispatcher }> {
    const app = await start();
    const transport = recordingDispatcher(app.sim.port);
    cleanups.push(() => transport.dispatcher.close());
    await app.restart({ dispatcher: transport.dispatcher });
    return { app, transport };
  }

  async function canary(): Promise<CanaryServer> {
    const server = await new CanaryServer().start();
    cleanups.push(() => server.stop());
    return server;
  }

  function connectionLog(): ConnectionLog {
    const log = new ConnectionLog().start();
    cleanups.push(() => log.stop());
    return log;
  }

  function expectOnlyPlatformHosts(app: TestApp, transport?: RecordingDispatcher): void {
    for (const r of app.sim.requests) expect(r.host).toMatch(DOUYIN_HOSTS);
    for (const a of transport?.attempts ?? []) expect(a).toMatch(/^[a-z0-9.-]+:(80|443)$/);
    for (const a of transport?.attempts ?? []) expect(a.split(':')[0]).toMatch(DOUYIN_HOSTS);
  }

  describe('redirects', () => {
    it.each([
      ['an IPv4 literal', (port: number) => `http://127.0.0.1:${port}/x`],
      ['localhost', (port: number) => `http://localhost:${port}/x`],
      ['a decimal IPv4 literal', (port: number) => `http://2130706433:${port}/x`],
      ['a hex IPv4 literal', (port: number) => `http://0x7f.1:${port}/x`],
      ['an IPv4-mapped IPv6 literal', (port: number) => `http://[::ffff:127.0.0.1]:${port}/x`],
    ])(
      'refuses a media redirect to this machine (%s): upstream_error, nothing sent there',
      async (_label, target) => {
        const { app, transport } = await startRecording();
        const box = await canary();
        const video = publishVideo(app.sim, { redirectTo: target(box.port) });
        const task = await runTask(app, video.shareUrl);
        expectFailure(task, 'upstream_error', false);
        expect(box.connections).toBe(0);
        expect(box.requests).toEqual([]);
        expect(app.sim.hits(video.mediaUrl)).toBe(1);
        expectOnlyPlatformHosts(app, transport);
        expect(mediaFiles(app)).toEqual([]);
      },
    );

    it('refuses a share link that redirects to this machine', async () => {
      const { app, transport } = await startRecording();
      const box = await canary();
      const shareUrl = 'https://v.douyin.com/to-loopback/';
      app.sim.redirect(shareUrl, `http://127.0.0.1:${box.port}/post`);
      const task = await runTask(app, shareUrl);
      expectFailure(task, 'upstream_error', false);
      expect(box.connections).toBe(0);
      expectOnlyPlatformHosts(app, transport);
    });

    it.each([
      'https://evil.example/x',
      'https://douyinvod.com.evil.example/x',
      'https://evil.example\\@v3-dy-o.douyinvod.com/x',
      'https://user:pw@v3-dy-o.douyinvod.com/x',
      'ftp://v3-dy-o.douyinvod.com/x',
      'file:///etc/passwd',
    ])(
      'refuses a media redirect off the platform (%s): upstream_error, never requested',
      async (target) => {
        const { app, transport } = await startRecording();
        const video = publishVideo(app.sim, { redirectTo: target });
        const task = await runTask(app, video.shareUrl);
        expectFailure(task, 'upstream_error', false);
        expect(app.sim.requests.some((r) => r.host.includes('evil'))).toBe(false);
        expect(app.sim.hits(video.mediaUrl)).toBe(1);
        expectOnlyPlatformHosts(app, transport);
        // Only the share link, the post and the media URL were fetched: no request after the 302.
        expect(app.sim.requests.map((r) => r.path)).toHaveLength(3);
      },
    );

    /** media → hop1 → … → final, with `redirects` redirects in all; the final URL serves the file. */
    function publishChain(sim: PlatformSim, redirects: number, tag: string) {
      const final = `${CDN}/chain-${tag}/final.mp4`;
      const hops = Array.from({ length: redirects - 1 }, (_, i) => `${CDN}/chain-${tag}/${i + 1}`);
      const targets = [...hops, final];
      const video = publishVideo(sim, { redirectTo: targets[0] });
      hops.forEach((hop, i) => sim.file(hop, { redirectTo: targets[i + 1] }));
      sim.file(final, { size: SIZE });
      return { video, final, hops };
    }

    it('follows exactly 5 redirects to the file', async () => {
      const app = await start();
      const { video, final, hops } = publishChain(app.sim, 5, 'five');
      expect(hops).toHaveLength(4);
      const task = await runTask(app, video.shareUrl);
      expect(task.error).toBeNull();
      expect(task.status).toBe('completed');
      expect(app.sim.hits(final)).toBe(1);
      const res = await rawRequest(app.url(`/api/tasks/${task.task_id}/download`));
      expect(res.body.equals(simBytes(0, SIZE))).toBe(true);
    });

    it('gives up after more than 5 redirects without fetching the end of the chain', async () => {
      const app = await start();
      const { video, final } = publishChain(app.sim, 6, 'six');
      const task = await runTask(app, video.shareUrl);
      expectFailure(task, 'upstream_error', false);
      expect(task.error).toMatch(/redirect/i);
      expect(app.sim.hits(final)).toBe(0);
      expect(mediaFiles(app)).toEqual([]);
    });

    it('does not loop forever on a redirect cycle', async () => {
      const app = await start();
      const a = `${CDN}/cycle/a.mp4`;
      const b = `${CDN}/cycle/b.mp4`;
      const video = publishVideo(app.sim, { redirectTo: a });
      app.sim.file(a, { redirectTo: b }).file(b, { redirectTo: a });
      const task = await runTask(app, video.shareUrl);
      expectFailure(task, 'upstream_error', false);
      expect(app.sim.hits(a) + app.sim.hits(b)).toBe(5);
    });
  });

  describe('DNS answers that point home', () => {
    // Loopback, private and "this host" answers only: should the guard ever regress, the
    // attempted connection still stays on this machine or a private range, never the internet.
    it.each(['127.0.0.1', '127.8.9.10', '0.0.0.0', '10.0.0.7', '::1', '::ffff:127.0.0.1'])(
      'refuses to connect when a platform host resolves to %s: network, not retryable',
      async (address) => {
        const log = connectionLog();
        const resolver = hostileResolver(address);
        const app = await start({ resolver });
        const task = await runTask(app, 'https://v.douyin.com/dns-rebind/');
        expectFailure(task, 'network', false);
        expect(task.error).toMatch(/DNS|private|local/i);
        expect(resolver.names).toContain('v.douyin.com');
        // No socket was ever connected for the platform host; the lookup itself failed.
        expect(log.connected.filter((h) => DOUYIN_HOSTS.test(h))).toEqual([]);
        expect(log.failed.map((f) => f.hostname)).toContain('v.douyin.com');
        expect(app.sim.requests).toEqual([]);
        expect(mediaFiles(app)).toEqual([]);
      },
    );
  });

  describe('proxies', () => {
    const ENV_KEYS = [
      'HTTP_PROXY',
      'http_proxy',
      'HTTPS_PROXY',
      'https_proxy',
      'NO_PROXY',
      'no_proxy',
    ];

    async function proxy(app: TestApp): Promise<ConnectProxy> {
      const server = await new ConnectProxy(app.sim.port).start();
      cleanups.push(() => server.stop());
      return server;
    }

    function setEnv(values: Record<string, string>): void {
      const saved = new Map(ENV_KEYS.map((k) => [k, process.env[k]]));
      cleanups.push(() => {
        for (const [k, v] of saved) {
          if (v === undefined) delete process.env[k];
          else process.env[k] = v;
        }
      });
      for (const k of ENV_KEYS) delete process.env[k];
      Object.assign(process.env, values);
    }

    it('tunnels through the configured proxy, trusted although it is on loopback', async () => {
      const app = await start();
      const tunnel = await proxy(app);
      const resolver = hostileResolver('127.0.0.1');
      await app.restart({ config: { proxy: tunnel.url }, resolver });
      const video = publishPlainHttpVideo(app.sim, { size: SIZE });
      const task = await runTask(app, video.shareUrl);
      expect(task.error).toBeNull();
      expect(task.status).toBe('completed');
      expect(tunnel.connects).toContain('v.douyin.com:80');
      expect(tunnel.connects).toContain('v3-dy-o.douyinvod.com:80');
      expect(tunnel.forwards).toEqual([]);
      // The proxy resolves names; Ephemera looked none up itself.
      expect(resolver.names).toEqual([]);
      const res = await rawRequest(app.url(`/api/tasks/${task.task_id}/download`));
      expect(res.body.equals(simBytes(0, SIZE))).toBe(true);
    });

    it('a proxy set in the settings takes the next task at once, and removing it goes direct', async () => {
      const app = await start();
      const tunnel = await proxy(app);
      // Direct connections resolve to 127.0.0.1 here, which the guard refuses: only the proxy works.
      const resolver = hostileResolver('127.0.0.1');
      await app.restart({ resolver });
      const key = app.app.mail.keys.create('settings').key;
      const setProxy = (value: string | null) =>
        app.request('/api/settings', {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', 'x-api-key': key },
          body: JSON.stringify({ proxy: value }),
        });
      const direct = await runTask(app, publishPlainHttpVideo(app.sim, { size: SIZE }).shareUrl);
      expect(direct.status).toBe('failed');
      expect(tunnel.connects).toEqual([]);

      const set = await setProxy(tunnel.url);
      expect(set.status).toBe(200);
      expect(await set.json()).toMatchObject({ proxy: tunnel.url, restart_required: false });
      const proxied = await runTask(app, publishPlainHttpVideo(app.sim, { size: SIZE }).shareUrl);
      expect(proxied.error).toBeNull();
      expect(proxied.status).toBe('completed');
      expect(tunnel.connects).toContain('v3-dy-o.douyinvod.com:80');

      expect((await setProxy(null)).status).toBe(200);
      const connects = tunnel.connects.length;
      const again = await runTask(app, publishPlainHttpVideo(app.sim, { size: SIZE }).shareUrl);
      expect(again.status).toBe('failed');
      expect(tunnel.connects).toHaveLength(connects);
    });

    it('a proxy password set in the settings is used, never answered or written to settings.json', async () => {
      const app = await start();
      const tunnel = await proxy(app);
      const secret = 'pr0xy-s3cret-36';
      tunnel.requireAuthorization = `Basic ${Buffer.from(`sam:${secret}`).toString('base64')}`;
      const resolver = hostileResolver('127.0.0.1');
      await app.restart({ resolver });
      const key = app.app.mail.keys.create('settings').key;
      const api = (init?: RequestInit) =>
        app.request('/api/settings', {
          ...init,
          headers: { 'content-type': 'application/json', 'x-api-key': key },
        });
      const endpoint = `http://sam@127.0.0.1:${tunnel.port}`;
      const set = await api({
        method: 'PATCH',
        body: JSON.stringify({ proxy: `http://sam:${secret}@127.0.0.1:${tunnel.port}` }),
      });
      const settingsFile = () => fs.readFileSync(path.join(app.dataDir, 'settings.json'), 'utf8');
      for (const answer of [await set.text(), await (await api()).text(), settingsFile()]) {
        expect(answer).not.toContain(secret);
        expect(answer).toContain(endpoint);
      }
      expect(await (await api()).json()).toMatchObject({
        proxy: endpoint,
        proxy_password_set: true,
      });
      const proxied = await runTask(app, publishPlainHttpVideo(app.sim, { size: SIZE }).shareUrl);
      expect(proxied.error).toBeNull();
      expect(tunnel.authorizations.at(-1)).toBe(tunnel.requireAuthorization);

      // The form sends back the URL it was shown: the same proxy and user keep the password.
      expect(
        (await api({ method: 'PATCH', body: JSON.stringify({ proxy: endpoint }) })).status,
      ).toBe(200);
      // After a restart the password comes from the database, sealed beside the mail.
      await app.restart({ resolver });
      const again = await runTask(app, publishPlainHttpVideo(app.sim, { size: SIZE }).shareUrl);
      expect(again.error).toBeNull();
      expect(settingsFile()).not.toContain(secret);

      // Another proxy (here: another user name) never gets the stored password.
      const other = `http://kim@127.0.0.1:${tunnel.port}`;
      const moved = await api({ method: 'PATCH', body: JSON.stringify({ proxy: other }) });
      expect(await moved.json()).toMatchObject({ proxy: other, proxy_password_set: false });
      const sent = tunnel.authorizations.length;
      const refused = await runTask(app, publishPlainHttpVideo(app.sim, { size: SIZE }).shareUrl);
      expect(refused.status).toBe('failed');
      const after = tunnel.authorizations.slice(sent);
      expect(after.length).toBeGreaterThan(0);
      expect(
        after.some((a) =>
          Buffer.from(a.replace(/^Basic /, ''), 'base64')
            .toString()
            .includes(secret),
        ),
      ).toBe(false);
    });

    it('a settings.json holding a proxy password is rewritten without it at start', async () => {
      const app = await start();
      const tunnel = await proxy(app);
      const secret = 'old-file-s3cret';
      tunnel.requireAuthorization = `Basic ${Buffer.from(`sam:${secret}`).toString('base64')}`;
      const file = path.join(app.dataDir, 'settings.json');
      fs.writeFileSync(
        file,
        JSON.stringify({ proxy: `http://sam:${secret}@127.0.0.1:${tunnel.port}` }),
      );
      await app.restart({ resolver: hostileResolver('127.0.0.1') });
      expect(fs.readFileSync(file, 'utf8')).not.toContain(secret);
      const task = await runTask(app, publishPlainHttpVideo(app.sim, { size: SIZE }).shareUrl);
      expect(task.error).toBeNull();
    });

    it('trusts a configured proxy named localhost', async () => {
      const app = await start();
      const tunnel = await proxy(app);
      await app.restart({ config: { proxy: `http://localhost:${tunnel.port}` } });
      const video = publishPlainHttpVideo(app.sim, { size: SIZE });
      const task = await runTask(app, video.shareUrl);
      expect(task.error).toBeNull();
      expect(task.status).toBe('completed');
      expect(tunnel.connects).toContain('v3-dy-o.douyinvod.com:80');
    });

    it('still applies the host allowlist to proxied requests', async () => {
      const app = await start();
      const tunnel = await proxy(app);
      await app.restart({ config: { proxy: tunnel.url } });
      const video = publishPlainHttpVideo(app.sim, { redirectTo: 'http://evil.example/x' });
      const task = await runTask(app, video.shareUrl);
      expectFailure(task, 'upstream_error', false);
      expect(tunnel.connects.some((c) => c.startsWith('evil.example'))).toBe(false);
      expect(tunnel.connects.every((c) => DOUYIN_HOSTS.test(c.replace(/:\d+$/, '')))).toBe(true);
    });

    it('honours HTTP_PROXY from the environment', async () => {
      const app = await start();
      const tunnel = await proxy(app);
      setEnv({ HTTP_PROXY: tunnel.url });
      const resolver = hostileResolver('127.0.0.1');
      await app.restart({ resolver });
      const video = publishPlainHttpVideo(app.sim, { size: SIZE });
      const task = await runTask(app, video.shareUrl);
      expect(task.error).toBeNull();
      expect(task.status).toBe('completed');
      expect(tunnel.connects).toContain('v.douyin.com:80');
      expect(tunnel.connects).toContain('v3-dy-o.douyinvod.com:80');
      expect(resolver.names).toEqual([]);
    });

    it('honours HTTPS_PROXY from the environment for https links', async () => {
      const app = await start();
      const tunnel = await proxy(app);
      setEnv({ HTTPS_PROXY: tunnel.url });
      const resolver = hostileResolver('127.0.0.1');
      await app.restart({ resolver });
      const video = publishVideo(app.sim, { size: SIZE });
      const task = await runTask(app, video.shareUrl);
      // The simulator speaks no TLS, so the handshake inside the tunnel fails; what matters is
      // that the request went to the proxy as CONNECT host:443 and no name was resolved here.
      expect(task.status).toBe('failed');
      expectCleanSentence(task.error);
      expect(tunnel.connects).toContain('v.douyin.com:443');
      expect(resolver.names).toEqual([]);
    });

    it('honours NO_PROXY, and direct connections still go through the address guard', async () => {
      const app = await start();
      const tunnel = await proxy(app);
      setEnv({ HTTP_PROXY: tunnel.url, NO_PROXY: '.douyinvod.com' });
      const resolver = hostileResolver('127.0.0.1');
      await app.restart({ resolver });
      const video = publishPlainHttpVideo(app.sim, { size: SIZE });
      const task = await runTask(app, video.shareUrl);
      // The share link and post went through the proxy; the CDN was to be reached directly,
      // and its name resolved to loopback, so nothing was fetched from it.
      expectFailure(task, 'network', false);
      expect(tunnel.connects).toContain('v.douyin.com:80');
      expect(tunnel.connects.some((c) => c.includes('douyinvod'))).toBe(false);
      expect(resolver.names).toEqual(['v3-dy-o.douyinvod.com']);
      expect(app.sim.hits(video.mediaUrl)).toBe(0);
    });
  });

  describe('CDN faults', () => {
    it('fails a download whose Content-Length lies, as a network error, leaving no file', async () => {
      const app = await start();
      const video = publishVideo(app.sim, { size: SIZE, declaredLength: SIZE * 2 });
      const task = await runTask(app, video.shareUrl);
      expectFailure(task, 'network', true);
      expect(mediaFiles(app)).toEqual([]);
    });

    it.each([
      [403, 'blocked_by_platform', true],
      [401, 'blocked_by_platform', true],
      [429, 'blocked_by_platform', true],
      [404, 'unavailable', false],
      [410, 'unavailable', false],
      [500, 'upstream_error', true],
      [503, 'upstream_error', true],
    ] as const)(
      'maps CDN status %i to %s (retryable %s), leaving no file',
      async (status, code, retryable) => {
        const app = await start();
        const video = publishVideo(app.sim, { status });
        const task = await runTask(app, video.shareUrl);
        expectFailure(task, code, retryable);
        expect(task.error).toContain(String(status));
        expect(mediaFiles(app)).toEqual([]);
        const capacity = (await (await app.request('/api/capacity')).json()) as { used: number };
        expect(capacity.used).toBe(0);
      },
    );
  });
});
