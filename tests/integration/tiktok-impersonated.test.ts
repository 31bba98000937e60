import http from 'node:http';
import fs from 'node:fs';
import { Agent, buildConnector } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuardProxy } from '../../src-main/video/outbound/guard-proxy.ts';
import { OutboundClient } from '../../src-main/video/outbound/outbound-client.ts';
import { impitPageTransport } from '../../src-main/video/outbound/page-transport.ts';
import { dispatcherTransport, type Transport } from '../../src-main/video/outbound/transport.ts';
import { createTiktokExtractor } from '../../src-main/video/platforms/tiktok/tiktok-extractor.ts';
import { downloadToFile } from '../../src-main/video/downloader.ts';
import { PlatformSim } from '../fixtures/platform-sim/sim-server.ts';
import { SAMPLE_POST } from '../fixtures/platform-sim/tiktok/tiktok-sample.ts';
import { TiktokSim } from '../fixtures/platform-sim/tiktok/tiktok-sim.ts';
import { isGrease } from '../helpers/client-hello.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';
import { TEST_CERT_FILE, TlsHelloServer } from '../helpers/tls-hello-server.ts';

process.env.SSL_CERT_FILE = TEST_CERT_FILE;

/**
 * The TikTok extractor through the transports the app uses (impit for pages behind the guard
 * proxy, undici for media), against the simulator behind a loopback TLS front that records each
 * connection's hello: pages arrive as Chrome over HTTP/2, the video as Node over HTTP/1.1.
 */
describe('TikTok through the impersonating page transport', () => {
  let sim: PlatformSim;
  let tiktok: TiktokSim;
  let front: TlsHelloServer;
  let guard: GuardProxy;
  let media: Agent;
  let pages: Transport;
  let dir: string;

  beforeAll(async () => {
    sim = await new PlatformSim().start();
    tiktok = new TiktokSim(sim);
    front = await new TlsHelloServer().start();
    // The front answers as the platform by handing each request to the simulator, Host kept.
    front.handle((req, res) => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => !name.startsWith(':')),
      );
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: sim.port,
          method: req.method,
          path: req.url,
          headers: { ...headers, host: req.authority || req.headers.host },
        },
        (answer) => {
          const out = Object.fromEntries(
            Object.entries(answer.headers).filter(
              ([name]) => !['connection', 'keep-alive', 'transfer-encoding'].includes(name),
            ),
          );
          res.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end();
    });
    guard = new GuardProxy({ connect: () => front.connect() });
    const connector = buildConnector({ ca: front.certificate });
    media = new Agent({
      connect: (options, callback) =>
        connector(
          {
            ...options,
            hostname: '127.0.0.1',
            port: String(front.port),
            servername: options.hostname,
          },
          callback,
        ),
    });
    pages = impitPageTransport({ proxy: null, guard, plain: dispatcherTransport(media), env: {} });
    dir = makeTempDir();
  });

  afterAll(async () => {
    await pages.close();
    await media.close();
    await guard.close();
    await front.stop();
    await sim.stop();
    removeTempDir(dir);
  });

  it('resolves a short link and downloads the video: pages as Chrome, media on the fast path', async () => {
    const post = tiktok.publish({ detailKey: 'webapp.reflow.video.detail' });
    const extractor = createTiktokExtractor({ retry: { attempts: 1, baseDelayMs: 1 } });
    const http = new OutboundClient(media, pages).scoped({
      allowHost: (host) => extractor.ownsHost(host),
      userAgent: extractor.userAgent,
    });
    const signal = new AbortController().signal;
    const resolved = await extractor.resolve(new URL(post.shortUrl), { http, signal });
    expect(resolved).toMatchObject({ id: post.id, kind: 'video', author: SAMPLE_POST.author });
    const pageHellos = front.hellos.length;
    expect(pageHellos).toBeGreaterThan(0);
    for (const hello of front.hellos) {
      expect(isGrease(hello.cipherSuites[0] ?? 0)).toBe(true);
      expect(hello.alpn).toEqual(['h2', 'http/1.1']);
    }
    const pageRequests = front.requests.filter((r) => r.authority.endsWith('tiktok.com'));
    expect(pageRequests.map((r) => r.httpVersion)).toEqual(pageRequests.map(() => '2.0'));
    const page = front.requests.find((r) => r.path.startsWith(`/@${post.user}/video/`));
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
    const mediaHellos = front.hellos.slice(pageHellos);
    expect(mediaHellos.length).toBeGreaterThan(0);
    for (const hello of mediaHellos) {
      expect(hello.cipherSuites.some(isGrease)).toBe(false);
      expect(hello.alpn).not.toContain('h2');
    }
  });
});
