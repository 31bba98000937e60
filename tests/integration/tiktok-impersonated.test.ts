import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TaskCreatedSchema, TaskSchema } from '../../src-shared/video/schemas.ts';
import { downloadToFile } from '../../src-main/video/downloader.ts';
import { OutboundClient } from '../../src-main/video/outbound/outbound-client.ts';
import { PlatformRegistry } from '../../src-main/video/platforms/registry.ts';
import { createTiktokExtractor } from '../../src-main/video/platforms/tiktok/tiktok-extractor.ts';
import { PlatformSim } from '../fixtures/platform-sim/sim-server.ts';
import { SAMPLE_POST } from '../fixtures/platform-sim/tiktok/tiktok-sample.ts';
import { TiktokSim } from '../fixtures/platform-sim/tiktok/tiktok-sim.ts';
import { isGrease, type ClientHello } from '../helpers/client-hello.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startTlsSimFront, type TlsSimFront } from '../helpers/tls-sim-front.ts';
import { readyDispatcher } from '../../src-main/video/outbound/dispatcher.ts';

function expectChrome(hellos: readonly ClientHello[]): void {
  expect(hellos.length).toBeGreaterThan(0);
  for (const hello of hellos) {
    expect(isGrease(hello.cipherSuites[0] ?? 0)).toBe(true);
    expect(hello.alpn).toEqual(['h2', 'http/1.1']);
  }
}

function expectNode(hellos: readonly ClientHello[]): void {
  expect(hellos.length).toBeGreaterThan(0);
  for (const hello of hellos) {
    expect(hello.cipherSuites.some(isGrease)).toBe(false);
    expect(hello.alpn).not.toContain('h2');
  }
}

/**
 * The TikTok extractor through the transports the app uses (impit for pages behind the guard
 * proxy, undici for media), against the simulator behind a loopback TLS front that records each
 * connection's hello: pages arrive as Chrome over HTTP/2, the video as Node over HTTP/1.1.
 */
describe('TikTok through the impersonating page transport', () => {
  let sim: PlatformSim;
  let tiktok: TiktokSim;
  let tls: TlsSimFront;
  let dir: string;

  beforeAll(async () => {
    sim = await new PlatformSim().start();
    tiktok = new TiktokSim(sim);
    tls = await startTlsSimFront(sim);
    dir = makeTempDir();
  });

  afterAll(async () => {
    await tls.close();
    await sim.stop();
    removeTempDir(dir);
  });

  it('resolves a short link and downloads the video: pages as Chrome, media on the fast path', async () => {
    const post = tiktok.publish({ detailKey: 'webapp.reflow.video.detail' });
    const extractor = createTiktokExtractor({ retry: { attempts: 1, baseDelayMs: 1 } });
    const http = new OutboundClient(readyDispatcher(tls.media), tls.pages).scoped({
      allowHost: (host) => extractor.ownsHost(host),
      userAgent: extractor.userAgent,
    });
    const signal = new AbortController().signal;
    const resolved = await extractor.resolve(new URL(post.shortUrl), { http, signal });
    expect(resolved).toMatchObject({ id: post.id, kind: 'video', author: SAMPLE_POST.author });
    const pageHellos = tls.front.hellos.length;
    expectChrome(tls.front.hellos);
    const pageRequests = tls.front.requests;
    expect(pageRequests.map((r) => r.httpVersion)).toEqual(pageRequests.map(() => '2.0'));
    const page = pageRequests.find((r) => r.path.startsWith(`/@${post.user}/video/`));
    expect(Object.fromEntries(page?.headers ?? [])['sec-ch-ua-platform']).toBe('"Windows"');

    const source = resolved.media[0];
    if (!source) throw new Error('no media');
    const path = `${dir}/video.mp4`;
    const result = await downloadToFile({
      http,
      source,
      path,
      partPath: `${path}.part`,
      maxBytes: 10 * 1024 * 1024,
      signal,
    });
    expect(result.size).toBe(post.bytes('normal_540_0').length);
    expect(fs.readFileSync(path)).toEqual(post.bytes('normal_540_0'));
    expectNode(tls.front.hellos.slice(pageHellos));
  });
});

/** The same through the whole app: the page transport injected at the composition root. */
describe('TikTok through the app with the page transport injected (AppOverrides)', () => {
  let t: TestApp;
  let tls: TlsSimFront;

  afterEach(async () => {
    await t.close();
    await tls.close();
  });

  it('a share text completes: pages as Chrome over HTTP/2, the video as Node', async () => {
    t = await startTestApp();
    tls = await startTlsSimFront(t.sim);
    const tiktok = new TiktokSim(t.sim);
    const extractor = createTiktokExtractor({ retry: { attempts: 1, baseDelayMs: 1 } });
    await t.restart({
      registry: new PlatformRegistry().register(extractor),
      dispatcher: tls.media,
      pageTransport: tls.pages,
    });
    const post = tiktok.publish();
    const res = await t.postShare(`look ${post.shortUrl}`);
    expect(res.status).toBe(202);
    const id = TaskCreatedSchema.parse(await res.json()).task_id;
    const task = TaskSchema.parse(await t.waitFor(id, ['completed', 'failed']));
    expect(task).toMatchObject({ status: 'completed', author: SAMPLE_POST.author, error: null });
    const seen = tls.front.requests;
    const pages = seen.filter(
      (r) => r.authority === 'www.tiktok.com' || r.authority === 'vm.tiktok.com',
    );
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.every((r) => r.httpVersion === '2.0')).toBe(true);
    const media = seen.filter((r) => r.authority.endsWith('webapp-prime.tiktok.com'));
    expect(media.length).toBeGreaterThan(0);
    expect(media.every((r) => r.httpVersion === '1.1')).toBe(true);
  });
});
