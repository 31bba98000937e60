import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundClient } from '../../src-main/video/outbound/outbound-client.ts';
import type { PlatformExtractor } from '../../src-main/video/platforms/platform.ts';
import { createDouyinExtractor } from '../../src-main/video/platforms/douyin/douyin-extractor.ts';
import { createKuaishouExtractor } from '../../src-main/video/platforms/kuaishou/kuaishou-extractor.ts';
import { PlatformSim } from '../fixtures/platform-sim/sim-server.ts';
import { DouyinSim } from '../fixtures/platform-sim/douyin/douyin-sim.ts';
import { KuaishouSim } from '../fixtures/platform-sim/kuaishou/kuaishou-sim.ts';
import { isGrease } from '../helpers/client-hello.ts';
import { startTlsSimFront, type TlsSimFront } from '../helpers/tls-sim-front.ts';
import { readyDispatcher } from '../../src-main/video/outbound/dispatcher.ts';

const RETRY = { retry: { attempts: 1, baseDelayMs: 1 } };

/**
 * Douyin and Kuaishou pages through the same page transport as TikTok's (kit/page-fetch, impit),
 * their extractors unchanged, against the simulator behind the loopback TLS front. Their phone
 * agents speak as Safari on iOS: no client hints, GREASE still in the hello.
 */
describe('Douyin and Kuaishou through the impersonating page transport', () => {
  let sim: PlatformSim;
  let tls: TlsSimFront;

  beforeAll(async () => {
    sim = await new PlatformSim().start();
    tls = await startTlsSimFront(sim);
  });
  afterAll(async () => {
    await tls.close();
    await sim.stop();
  });

  async function resolve(extractor: PlatformExtractor, link: string) {
    const http = new OutboundClient(readyDispatcher(tls.media), tls.pages).scoped({
      allowHost: (host) => extractor.ownsHost(host),
      userAgent: extractor.userAgent,
    });
    return extractor.resolve(new URL(link), { http, signal: new AbortController().signal });
  }

  it('resolves a Douyin short link, every page over HTTP/2 as Safari', async () => {
    const post = new DouyinSim(sim).publish();
    const before = tls.front.requests.length;
    const resolved = await resolve(createDouyinExtractor(RETRY), post.shortUrl);
    expect(resolved.kind).toBe('video');
    const seen = tls.front.requests.slice(before);
    expect(seen.length).toBeGreaterThan(0);
    for (const r of seen) {
      expect(r.httpVersion).toBe('2.0');
      const h = Object.fromEntries(r.headers);
      expect(h['user-agent']).toContain('iPhone');
      expect(h['sec-ch-ua']).toBeUndefined();
    }
  });

  it('resolves a Kuaishou short link through the same transport', async () => {
    const post = new KuaishouSim(sim).publish();
    const before = tls.front.requests.length;
    const resolved = await resolve(createKuaishouExtractor(RETRY), post.shortUrl);
    expect(resolved.kind).toBe('video');
    const seen = tls.front.requests.slice(before);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.httpVersion === '2.0')).toBe(true);
    expect(tls.front.hellos.every((h) => isGrease(h.cipherSuites[0] ?? 0))).toBe(true);
  });
});
