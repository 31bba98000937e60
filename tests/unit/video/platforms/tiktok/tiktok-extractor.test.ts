import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Dispatcher } from 'undici';
import { OutboundClient } from '../../../../../src-main/video/outbound/outbound-client.ts';
import type { PlatformExtractor } from '../../../../../src-main/video/platforms/platform.ts';
import { PlatformError } from '../../../../../src-main/video/platforms/platform.ts';
import { createTiktokExtractor } from '../../../../../src-main/video/platforms/tiktok/tiktok-extractor.ts';
import { simDispatcher } from '../../../../fixtures/platform-sim/sim-dispatcher.ts';
import { PlatformSim } from '../../../../fixtures/platform-sim/sim-server.ts';
import { SAMPLE_POST } from '../../../../fixtures/platform-sim/tiktok/tiktok-sample.ts';
import { TiktokSim } from '../../../../fixtures/platform-sim/tiktok/tiktok-sim.ts';
import { readyDispatcher } from '../../../../../src-main/video/outbound/dispatcher.ts';

/** The extractor against the simulator through the real outbound client, without the app. */
describe('createTiktokExtractor against simulated TikTok', () => {
  let sim: PlatformSim;
  let tiktok: TiktokSim;
  let dispatcher: Dispatcher;
  let extractor: PlatformExtractor;

  beforeEach(async () => {
    sim = await new PlatformSim().start();
    tiktok = new TiktokSim(sim);
    dispatcher = simDispatcher(sim.port);
    extractor = createTiktokExtractor({ retry: { attempts: 3, baseDelayMs: 1 } });
  });
  afterEach(async () => {
    await dispatcher.close();
    await sim.stop();
  });

  function resolve(link: string, signal = new AbortController().signal) {
    const http = new OutboundClient(readyDispatcher(dispatcher)).scoped({
      allowHost: (host) => extractor.ownsHost(host),
      userAgent: extractor.userAgent,
    });
    return extractor.resolve(new URL(link), { http, signal });
  }

  async function failure(link: string): Promise<PlatformError> {
    const err: unknown = await resolve(link).then(
      () => new Error('resolved'),
      (e: unknown) => e,
    );
    if (err instanceof PlatformError) return err;
    throw err;
  }

  const pageRequests = () => sim.requests.filter((r) => r.host === 'www.tiktok.com');

  it('every link form of docs/platforms/tiktok.md step 1 resolves to the right post', async () => {
    const post = tiktok.publish();
    const target = `${post.pageUrl}?_r=1&_t=8hUpBSwPUVC`;
    const links = [
      post.shortUrl,
      tiktok.shortLink('https://vm.tiktok.com/ZGeTo7tHd/?k=1', target),
      tiktok.shortLink('https://vt.tiktok.com/ZSRk8DQJB/', target),
      tiktok.shortLink('https://www.tiktok.com/t/ZTRC5xgJp', target),
      tiktok.shortLink('https://vm.tiktok.com/ZBodyOnly/', target, { bodyOnly: true }),
      target,
      `${post.pageUrl}?is_from_webapp=1&sender_device=pc`,
      `https://www.tiktok.com/@_/video/${post.id}`,
      `https://www.tiktokv.com/share/video/${post.id}/`,
      `https://www.tiktok.com/share/video/${post.id}`,
      `https://www.tiktok.com/i18n/share/video/${post.id}`,
      `https://www.tiktok.com/embed/${post.id}`,
      `https://m.tiktok.com/v/${post.id}.html`,
    ];
    for (const link of links) {
      const resolved = await resolve(link);
      expect({ link, id: resolved.id, title: resolved.title }).toEqual({
        link,
        id: post.id,
        title: SAMPLE_POST.title,
      });
    }
  });

  it('reads a page that keeps the detail under webapp.reflow.video.detail', async () => {
    const post = tiktok.publish({ detailKey: 'webapp.reflow.video.detail' });
    const resolved = await resolve(post.pageUrl);
    expect(resolved).toMatchObject({ id: post.id, kind: 'video', author: SAMPLE_POST.author });
  });

  it('downloads from the EU CDN (tiktokcdn-eu.com), which the page’s cookie does not reach', async () => {
    // tt_chain_token is set for .tiktok.com, so no request to another domain carries it.
    const post = tiktok.publish({
      mediaHost: 'v15m.tiktokcdn-eu.com',
      cdn: { normal_540_0: { chainToken: null } },
    });
    const resolved = await resolve(post.pageUrl);
    const first = resolved.media[0];
    expect(first && new URL(first.url).hostname).toBe('v15m.tiktokcdn-eu.com');
    const http = new OutboundClient(readyDispatcher(dispatcher)).scoped({
      allowHost: (host) => extractor.ownsHost(host),
      userAgent: extractor.userAgent,
    });
    const res = await http.fetch({ url: first?.url ?? '', headers: first?.headers });
    expect(res.statusCode).toBe(200);
    expect(first?.headers?.cookie).toBeUndefined();
    expect(Buffer.concat((await res.body.toArray()) as Buffer[])).toEqual(
      post.bytes('normal_540_0'),
    );
  });

  it('asks for the canonical page with a desktop agent, short links with the cut agent', async () => {
    const post = tiktok.publish();
    await resolve(post.shortUrl);
    const short = sim.requests.find((r) => r.host === 'vm.tiktok.com');
    const page = pageRequests()[0];
    expect(page?.path).toBe(`/@${post.user}/video/${post.id}`);
    expect(page?.headers['user-agent']).toMatch(/Chrome\/\d+.* Safari\/537\.36$/);
    expect(short?.headers['user-agent']).toBe(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)',
    );
  });

  it('keeps the cookie jar across hops and hands the page cookies to the media sources', async () => {
    const post = tiktok.publish();
    const link = tiktok.shortLink('https://vm.tiktok.com/ZJar/', post.pageUrl, {
      setCookie: 'from_short=1; Domain=.tiktok.com; Path=/',
    });
    const resolved = await resolve(link);
    expect(pageRequests()[0]?.headers.cookie).toBe('from_short=1');
    const cookie = resolved.media[0]?.headers?.cookie ?? '';
    expect(cookie.split('; ')).toEqual(
      expect.arrayContaining(['from_short=1', `tt_chain_token=${post.chainToken}`]),
    );
    expect(resolved.media[0]?.headers?.referer).toBe('https://www.tiktok.com/');
  });

  it('solves the proof-of-work page and fetches the page once more with the answer', async () => {
    const post = tiktok.publish({ page: 'challenge', challengeAnswer: 2024 });
    const resolved = await resolve(post.pageUrl);
    expect(resolved.id).toBe(post.id);
    expect(post.pageHits()).toBe(2);
    expect(pageRequests()[1]?.headers.cookie).toMatch(/_wafchallengeid=/);
  });

  it('gives up after one answered challenge when the page keeps asking', async () => {
    const post = tiktok.publish({ page: 'challenge-forever', challengeAnswer: 3 });
    expect(await failure(post.pageUrl)).toMatchObject({ code: 'blocked_by_platform' });
    expect(post.pageHits()).toBe(2);
  });

  it('a challenge without an answer in range is refused without a second fetch', async () => {
    const bounded = createTiktokExtractor({
      retry: { attempts: 1, baseDelayMs: 1 },
      maxChallengeHashes: 100,
    });
    extractor = bounded;
    const post = tiktok.publish({ page: 'challenge', challengeAnswer: 100 });
    const err = await failure(post.pageUrl);
    expect(err.code).toBe('blocked_by_platform');
    expect(err.message).toMatch(/could not solve/);
    expect(post.pageHits()).toBe(1);
  });

  it('retries a page that answers 5xx, then reads it', async () => {
    const post = tiktok.publish({ pageFailures: 2 });
    expect((await resolve(post.pageUrl)).id).toBe(post.id);
    expect(post.pageHits()).toBe(3);
  });

  it('stops retrying after the last try and says the server failed', async () => {
    const post = tiktok.publish({ pageFailures: 10 });
    expect(await failure(post.pageUrl)).toMatchObject({ code: 'upstream_error', retryable: true });
    expect(post.pageHits()).toBe(3);
  });

  it('does not retry a page that is gone (404)', async () => {
    const err = await failure('https://www.tiktok.com/@x/video/1234567890123456789');
    expect(err).toMatchObject({ code: 'unavailable', retryable: false });
    expect(pageRequests()).toHaveLength(1);
  });

  it('turns a cut connection into a network error that mentions the proxy', async () => {
    const post = tiktok.publish({ page: 'reset' });
    const err = await failure(post.pageUrl);
    expect(err).toMatchObject({ code: 'network', retryable: true });
    expect(err.message).toMatch(/mainland China without a proxy/);
    expect(post.pageHits()).toBe(3);
  });

  it('refuses a short link that redirects off TikTok before contacting that host', async () => {
    const link = tiktok.shortLink('https://vm.tiktok.com/ZEvil/', 'https://127.0.0.1/steal');
    const foreign = tiktok.shortLink('https://vt.tiktok.com/ZEvil2/', 'https://evil.example/x');
    expect(await failure(link)).toMatchObject({ code: 'upstream_error', retryable: false });
    const err = await failure(foreign);
    expect(err.message).toMatch(/evil\.example, which is not a TikTok address/);
    expect(sim.requests.map((r) => r.host)).toEqual(['vm.tiktok.com', 'vt.tiktok.com']);
  });

  it('refuses a page that redirects off TikTok', async () => {
    const post = tiktok.publish({ page: 'foreign' });
    expect((await failure(post.pageUrl)).message).toMatch(/not a TikTok address/);
    expect(sim.requests.some((r) => r.host.endsWith('.example'))).toBe(false);
  });

  it('a short link to a slideshow is a gallery, and its page is never fetched', async () => {
    const link = tiktok.shortLink(
      'https://vm.tiktok.com/ZPhoto/',
      `https://www.tiktok.com/@van/photo/${SAMPLE_POST.id}?_r=1`,
    );
    const resolved = await resolve(link);
    expect(resolved).toMatchObject({ kind: 'gallery', media: [], cover: null });
    expect(pageRequests()).toHaveLength(0);
  });

  it.each([
    ['an expired short link (404)', () => 'https://vm.tiktok.com/ZGone/', 'unavailable'],
    [
      'a short link to a profile',
      (t: TiktokSim) => t.shortLink('https://vm.tiktok.com/ZProf/', 'https://www.tiktok.com/@van'),
      'unavailable',
    ],
    [
      'a short link to the sign-in page',
      (t: TiktokSim) =>
        t.shortLink('https://vm.tiktok.com/ZLogin/', 'https://www.tiktok.com/login?r=1'),
      'login_required',
    ],
    ['a profile link', () => 'https://www.tiktok.com/@vantoan___', 'not_single_video'],
  ])('%s has its own error', async (_name, link, code) => {
    expect((await failure(link(tiktok))).code).toBe(code);
  });

  it('stops when the task is aborted', async () => {
    const post = tiktok.publish();
    const controller = new AbortController();
    const reason = new Error('cancelled');
    controller.abort(reason);
    await expect(resolve(post.pageUrl, controller.signal)).rejects.toBe(reason);
  });
});
