import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaskFailure } from '../../../../../src-main/video/task-failure.ts';
import {
  startKuaishouHarness,
  type KuaishouHarness,
} from '../../../../fixtures/platform-sim/kuaishou/kuaishou-harness.ts';
import {
  atlasFields,
  CAPTCHA_2001_JSON,
  RATE_LIMIT_2_BARE_JSON,
  RATE_LIMIT_2_JSON,
  SIGN_FAIL_50_JSON,
  WITHHELD_RESULT,
} from '../../../../fixtures/platform-sim/kuaishou/kuaishou-samples.ts';
import { COVER_HOST } from '../../../../fixtures/platform-sim/kuaishou/kuaishou-sim.ts';

/** A sentence for a person: no stack, no "undefined", ends like a sentence. */
function expectReadable(f: TaskFailure): void {
  expect(f.message).not.toMatch(/undefined|null|\bat .*:\d+|Error:/);
  expect(f.message).toMatch(/[.!]$/);
}

describe('Kuaishou extractor against the simulator: failures', () => {
  let h: KuaishouHarness;
  beforeEach(async () => {
    h = await startKuaishouHarness();
  });
  afterEach(() => h.close());

  it('captcha on both routes (result 2001 page, captcha iframe) → blocked_by_platform', async () => {
    const post = h.ks.publish({
      mobile: { kind: 'result', entry: CAPTCHA_2001_JSON },
      desktop: { kind: 'captcha' },
    });
    const f = await h.failure(post.shortUrl);
    expect(f).toMatchObject({ code: 'blocked_by_platform', retryable: true });
    expect(f.message).toMatch(/captcha check .*\(result 2001\).*proxy/);
    expectReadable(f);
  });

  it.each([
    ['bare 2001 JSON', { kind: 'json', body: CAPTCHA_2001_JSON } as const, /result 2001/],
    ['bare 50 JSON', { kind: 'json', body: SIGN_FAIL_50_JSON } as const, /result 50, signature/],
    ['verification wall', { kind: 'verification' } as const, /security verification page/],
    [
      'HTTP 403',
      { kind: 'status', status: 403 } as const,
      /refused to show the video page \(HTTP 403\)/,
    ],
  ])('%s on the phone page, no desktop state → blocked_by_platform', async (_n, mobile, re) => {
    const post = h.ks.publish({ mobile, desktop: { kind: 'empty' } });
    const f = await h.failure(post.shortUrl);
    expect(f).toMatchObject({ code: 'blocked_by_platform', retryable: true });
    expect(f.message).toMatch(re);
    expectReadable(f);
    expect(h.ks.hits(post, 'desktop')).toBe(1);
  });

  it('result 2 on both routes → a retryable rate limit, not "deleted or private"', async () => {
    const post = h.ks.publish({
      mobile: { kind: 'result', entry: RATE_LIMIT_2_JSON },
      desktop: { kind: 'json', body: RATE_LIMIT_2_BARE_JSON },
    });
    const f = await h.failure(post.shortUrl);
    expect(f).toMatchObject({ code: 'blocked_by_platform', retryable: true });
    expect(f.message).toMatch(/limiting requests.*result 2.*nothing about the video.*try again/);
    expect(f.message).not.toMatch(/deleted|private/);
    expectReadable(f);
    expect(h.ks.hits(post, 'mobile')).toBe(1);
    expect(h.ks.hits(post, 'desktop')).toBe(1);
  });

  it('result 2 as bare JSON on the phone page: the desktop page is tried, and serves', async () => {
    const post = h.ks.publish({ mobile: { kind: 'json', body: RATE_LIMIT_2_BARE_JSON } });
    expect((await h.resolve(post.shortUrl)).id).toBe(post.photoId);
    expect(h.ks.hits(post, 'desktop')).toBe(1);
  });

  it('a rate limit on the phone page and a captcha on the desktop page: the phone page speaks', async () => {
    const post = h.ks.publish({
      mobile: { kind: 'json', body: RATE_LIMIT_2_JSON },
      desktop: { kind: 'captcha' },
    });
    const f = await h.failure(post.shortUrl);
    expect(f).toMatchObject({ code: 'blocked_by_platform', retryable: true });
    expect(f.message).toMatch(/limiting requests/);
  });

  it('a withheld post (result ≠ 1) → unavailable, naming the code', async () => {
    const post = h.ks.publish({
      mobile: { kind: 'result', entry: { result: WITHHELD_RESULT } },
      desktop: { kind: 'other-photo' },
    });
    const f = await h.failure(post.shortUrl);
    expect(f).toMatchObject({ code: 'unavailable', retryable: false });
    expect(f.message).toContain(`result ${WITHHELD_RESULT}`);
    expectReadable(f);
  });

  it('no state on either route → upstream_error saying the page changed', async () => {
    const post = h.ks.publish({ mobile: { kind: 'empty' }, desktop: { kind: 'empty' } });
    const f = await h.failure(post.shortUrl);
    expect(f).toMatchObject({ code: 'upstream_error', retryable: true });
    expect(f.message).toMatch(/did not contain the video details/);
  });

  it('a dead short link (404) → unavailable at once: no retry, no second route', async () => {
    const post = h.ks.publish({ short: { kind: 'status', status: 404 } });
    const f = await h.failure(post.shortUrl);
    expect(f).toMatchObject({ code: 'unavailable', retryable: false });
    expect(f.message).toMatch(/does not exist \(HTTP 404\)/);
    expect(h.ks.hits(post, 'short')).toBe(1);
    expect(h.sim.requests).toHaveLength(1);
  });

  it('a deleted page (410) is not retried either', async () => {
    const post = h.ks.publish({ mobile: { kind: 'status', status: 410 } });
    expect(await h.failure(post.mobileUrl)).toMatchObject({ code: 'unavailable' });
    expect(h.ks.hits(post, 'mobile')).toBe(1);
    expect(h.ks.hits(post, 'desktop')).toBe(0);
  });

  it('a region block (451) → region_blocked', async () => {
    const post = h.ks.publish({ mobile: { kind: 'status', status: 451 } });
    const f = await h.failure(post.shortUrl);
    expect(f).toMatchObject({ code: 'region_blocked', retryable: false });
    expect(f.message).toMatch(/your region.*proxy/);
  });

  it('5xx that never ends → upstream_error after every retry on both routes', async () => {
    const post = h.ks.publish({
      mobile: { kind: 'status', status: 502 },
      desktop: { kind: 'status', status: 503 },
    });
    const f = await h.failure(post.shortUrl);
    expect(f).toMatchObject({ code: 'upstream_error', retryable: true });
    expect(f.message).toMatch(/HTTP 502/);
    expect(h.ks.hits(post, 'mobile')).toBe(3);
    expect(h.ks.hits(post, 'desktop')).toBe(3);
  });

  it('refuses a short link that redirects off Kuaishou, sending nothing there', async () => {
    const post = h.ks.publish({
      short: { kind: 'redirect', location: 'https://evil.example.com/fw/photo/3xabc' },
    });
    const f = await h.failure(post.shortUrl);
    expect(f).toMatchObject({ code: 'upstream_error', retryable: false });
    expect(f.message).toMatch(/redirected to evil\.example\.com, which is not a Kuaishou site/);
    expect(h.hosts()).toEqual(['v.kuaishou.com']);
  });

  it('refuses a Kuaishou Lite link that redirects off Kuaishou, sending nothing there', async () => {
    const post = h.ks.publish({
      short: { kind: 'redirect', location: 'https://evil.example.com/fw/photo/3xabc' },
    });
    const f = await h.failure(post.liteUrl);
    expect(f).toMatchObject({ code: 'upstream_error', retryable: false });
    expect(f.message).toMatch(/redirected to evil\.example\.com, which is not a Kuaishou site/);
    expect(h.hosts()).toEqual(['v.kuaishouapp.com']);
  });

  it('refuses a redirect to a private address by name or IP', async () => {
    const post = h.ks.publish({ short: { kind: 'redirect', location: 'http://127.0.0.1:8787/' } });
    expect(await h.failure(post.shortUrl)).toMatchObject({ code: 'upstream_error' });
    expect(h.hosts()).toEqual(['v.kuaishou.com']);
  });

  it('gives up on redirect loops', async () => {
    const post = h.ks.publish({ short: { kind: 'redirect', location: '/loop' } });
    h.sim.redirect('https://v.kuaishou.com/loop', 'https://v.kuaishou.com/loop');
    const f = await h.failure(post.shortUrl);
    expect(f.message).toMatch(/too many redirects/);
    expect(h.sim.requests.length).toBeLessThanOrEqual(6);
  });

  it('a short link that lands on a page without a post → not a video link', async () => {
    const post = h.ks.publish({
      short: { kind: 'redirect', location: 'https://www.kuaishou.com/' },
    });
    h.sim.route('https://www.kuaishou.com/', { status: 200, body: '<html>快手</html>' });
    const f = await h.failure(post.shortUrl);
    expect(f).toMatchObject({ code: 'unavailable', retryable: false });
    expect(f.message).toMatch(/did not lead to a video/);
  });

  it('a gallery resolves as a gallery: no media, no cover, no image fetched', async () => {
    const post = h.ks.publish({ photo: atlasFields('3xatlas', COVER_HOST) });
    const resolved = await h.resolve(post.shortUrl);
    expect(resolved).toMatchObject({ kind: 'gallery', media: [], cover: null });
    expect(h.hosts()).not.toContain(COVER_HOST);
  });

  it('segmented-only posts → unsupported on both routes', async () => {
    const manifest = {
      adaptationSet: [{ representation: [{ url: 'https://v2.kwaicdn.com/a.m3u8' }] }],
    };
    const post = h.ks.publish({
      photo: { mainMvUrls: [], manifest },
      apollo: { photoUrl: null, manifest },
    });
    const f = await h.failure(post.shortUrl);
    expect(f).toMatchObject({ code: 'unsupported', retryable: false });
    expect(f.message).toMatch(/HLS\/DASH/);
    expect(h.ks.hits(post, 'desktop')).toBe(1);
  });
});
