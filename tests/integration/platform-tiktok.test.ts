import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TaskCreatedSchema, TaskSchema, type Task } from '../../src-shared/video/schemas.ts';
import { PlatformRegistry } from '../../src-main/video/platforms/registry.ts';
import { createTiktokExtractor } from '../../src-main/video/platforms/tiktok/tiktok-extractor.ts';
import { SAMPLE_POST, type SimItem } from '../fixtures/platform-sim/tiktok/tiktok-sample.ts';
import {
  TIKTOK_MEDIA,
  TiktokSim,
  type TiktokPostSpec,
} from '../fixtures/platform-sim/tiktok/tiktok-sim.ts';
import { deferred, type Deferred } from '../helpers/deferred.ts';
import { ManualClock } from '../helpers/manual-clock.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const VIDEO_HOSTS = ['v16-webapp-prime.tiktok.com', 'v19-webapp-prime.tiktok.com'];

describe('TikTok end to end: the real extractor against simulated TikTok', () => {
  let t: TestApp;
  let tiktok: TiktokSim;
  let clock: ManualClock;
  const holds: Deferred[] = [];

  beforeEach(async () => {
    clock = new ManualClock();
    const extractor = createTiktokExtractor({ retry: { attempts: 2, baseDelayMs: 5 } });
    t = await startTestApp({ clock, registry: new PlatformRegistry().register(extractor) });
    tiktok = new TiktokSim(t.sim);
  });
  afterEach(async () => {
    holds.splice(0).forEach((h) => h.resolve());
    await t.close();
  });

  async function start(text: string): Promise<string> {
    const res = await t.postShare(text);
    expect(res.status).toBe(202);
    return TaskCreatedSchema.parse(await res.json()).task_id;
  }

  async function finish(text: string): Promise<Task> {
    return TaskSchema.strict().parse(await t.waitFor(await start(text), ['completed', 'failed']));
  }

  const cdnRequests = () => t.sim.requests.filter((r) => VIDEO_HOSTS.includes(r.host));

  it('completes a short link with the real title, author, duration and the exact CDN bytes', async () => {
    const post = tiktok.publish();
    const task = await finish(`Watch this ${post.shortUrl}`);
    expect(task).toMatchObject({
      status: 'completed',
      platform: 'tiktok',
      title: SAMPLE_POST.title,
      author: 'Van',
      error: null,
    });
    expect(task.media).toMatchObject({
      width: 576,
      height: 1024,
      resolution: '576x1024',
      duration: 89,
      size: TIKTOK_MEDIA.h264.length,
      mime_type: 'video/mp4',
    });
    const file = await t.request(task.media?.download_url ?? '');
    expect(Buffer.from(await file.arrayBuffer()).equals(post.bytes('normal_540_0'))).toBe(true);
    // Only the best H.264 rendition was fetched, with the page's cookie and the Referer.
    const media = cdnRequests();
    expect(media.map((r) => r.path.split('?')[0])).toEqual([post.mediaPath('normal_540_0')]);
    expect(media[0]?.headers.cookie).toContain(`tt_chain_token=${post.chainToken}`);
    expect(media[0]?.headers.referer).toBe('https://www.tiktok.com/');
    const cover = await t.request(task.media?.cover_url ?? '');
    expect(cover.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await cover.arrayBuffer()).equals(TIKTOK_MEDIA.jpeg)).toBe(true);
  });

  it('completes through the mobile page, as a phone, when the desktop page is a stub without universal data', async () => {
    const post = tiktok.publish({ page: 'stub' });
    const task = await finish(post.pageUrl);
    expect(task).toMatchObject({ status: 'completed', title: SAMPLE_POST.title, author: 'Van' });
    expect([post.pageHits(), post.mobileHits()]).toEqual([1, 1]);
    expect(post.mobileUserAgent()).toMatch(/iPhone/);
    const file = await t.request(task.media?.download_url ?? '');
    expect(Buffer.from(await file.arrayBuffer()).equals(post.bytes('normal_540_0'))).toBe(true);
  });

  it('a stub on both pages is still "TikTok changed its site", after one mobile try', async () => {
    const post = tiktok.publish({ page: 'stub', mobile: 'stub' });
    const task = await finish(post.pageUrl);
    expect(task).toMatchObject({ status: 'failed', error_code: 'upstream_error' });
    expect(task.error).toMatch(/changed its site/);
    expect(post.mobileHits()).toBe(1);
  });

  it('completes after solving the proof-of-work page', async () => {
    const post = tiktok.publish({ page: 'challenge', challengeAnswer: 65_535 });
    const task = await finish(post.pageUrl);
    expect(task).toMatchObject({ status: 'completed', title: SAMPLE_POST.title });
    expect(post.pageHits()).toBe(2);
  });

  it('downloads the best H.265 variant when no H.264 exists; the file gives the size', async () => {
    const post = tiktok.publish({
      edit: (item) => {
        const video = item.video ?? {};
        video.bitrateInfo = video.bitrateInfo?.filter((v) => v.CodecType !== 'h264');
        video.codecType = 'h265_hvc1';
      },
    });
    const task = await finish(post.shortUrl);
    expect(task.media).toMatchObject({ width: 360, height: 640, duration: 89 });
    const file = await t.request(task.media?.download_url ?? '');
    expect(Buffer.from(await file.arrayBuffer()).equals(TIKTOK_MEDIA.h265)).toBe(true);
  });

  it('fills missing duration and size from the downloaded MP4', async () => {
    const post = tiktok.publish({
      edit: (item) => {
        const video = item.video ?? {};
        delete video.duration;
        delete video.width;
        delete video.height;
      },
    });
    const task = await finish(post.shortUrl);
    expect(task.media).toMatchObject({ width: 360, height: 640, resolution: '360x640' });
    expect(task.media?.duration).toBeCloseTo(2, 1);
  });

  it('prefers the JPEG cover when the first covers are WebP', async () => {
    const post = tiktok.publish({
      edit: (item) => {
        const video = item.video ?? {};
        video.cover = `https://p16-sign-useast2a.tiktokcdn.com/obj/sim/${item.id}/c~tplv:300:400.webp`;
        video.originCover = `https://p16-sign-useast2a.tiktokcdn.com/obj/sim/${item.id}/o.webp`;
      },
    });
    const task = await finish(post.shortUrl);
    const cover = await t.request(task.media?.cover_url ?? '');
    expect(cover.headers.get('content-type')).toBe('image/jpeg');
    const covers = t.sim.requests.filter((r) => r.host === 'p16-sign-useast2a.tiktokcdn.com');
    expect(covers.map((r) => r.path)).toEqual([expect.stringMatching(/zoom-960\.jpeg/)]);
  });

  it('retries 5xx from the page and the CDN, then completes', async () => {
    const post = tiktok.publish({
      pageFailures: 1,
      cdn: { normal_540_0: { failFirst: { count: 1, status: 503 } } },
    });
    const task = await finish(post.shortUrl);
    expect(task.status).toBe('completed');
    expect(post.pageHits()).toBe(2);
    expect(cdnRequests()).toHaveLength(2);
  });

  it('moves to the next mirror when one keeps failing', async () => {
    const post = tiktok.publish({
      cdn: { normal_540_0: { statusByHost: { 'v16-webapp-prime.tiktok.com': 503 } } },
    });
    const task = await finish(post.shortUrl);
    expect(task.status).toBe('completed');
    expect(cdnRequests().map((r) => r.host)).toEqual([
      'v16-webapp-prime.tiktok.com',
      'v16-webapp-prime.tiktok.com',
      'v19-webapp-prime.tiktok.com',
    ]);
  });

  it('a slideshow fails as not a single video and nothing of it is downloaded', async () => {
    const image = 'https://p16-sign-useast2a.tiktokcdn.com/obj/sim/slide-1.jpeg';
    const post = tiktok.publish({
      edit: (item: SimItem) => {
        item.imagePost = { images: [{ imageURL: { urlList: [image] } }] };
      },
    });
    const task = await finish(post.shortUrl);
    expect(task).toMatchObject({ status: 'failed', error_code: 'not_single_video', media: null });
    expect(t.sim.requests.some((r) => r.path.includes('slide-1'))).toBe(false);
    expect(cdnRequests()).toHaveLength(0);
  });

  it('times a stalled CDN out after 240 s, with the title already shown', async () => {
    const hold = deferred();
    holds.push(hold);
    const post = tiktok.publish({ cdn: { normal_540_0: { hold: hold.promise } } });
    const taskId = await start(post.shortUrl);
    await tiktok.cdn.whenHeld();
    const running = await t.waitFor(taskId, ['processing']);
    expect(running.title).toBe(SAMPLE_POST.title);
    clock.advance(240_000);
    t.app.scheduler.sweep();
    expect(await t.waitFor(taskId, ['failed'])).toMatchObject({ error_code: 'timeout' });
  });

  const FAILURES: [string, TiktokPostSpec | ((sim: TiktokSim) => string), string, RegExp][] = [
    ['status 10204', { status: { code: 10204 } }, 'region_blocked', /10204.*proxy/],
    ['status 10216', { status: { code: 10216 } }, 'login_required', /private \(status 10216\)/],
    ['status 10222', { status: { code: 10222 } }, 'login_required', /private TikTok account/],
    [
      'a deleted post',
      { status: { code: 10101, msg: "item doesn't exist" } },
      'unavailable',
      /not available \(status 10101/,
    ],
    ['a page that is gone', { pageStatus: 404 }, 'unavailable', /does not exist \(HTTP 404\)/],
    [
      'a page refused',
      { pageStatus: 403 },
      'blocked_by_platform',
      /refused to show the video page/,
    ],
    ['the sign-in redirect', { page: 'login' }, 'login_required', /sign-in page/],
    [
      'the age gate',
      {
        edit: (i) => {
          i.isContentClassified = true;
          delete i.video;
        },
      },
      'login_required',
      /age-restricted/,
    ],
    [
      'a challenge that keeps coming',
      { page: 'challenge-forever' },
      'blocked_by_platform',
      /even after Ephemera solved it/,
    ],
    [
      '"Please wait..." without a puzzle',
      { page: 'waf' },
      'blocked_by_platform',
      /could not solve/,
    ],
    ['a captcha page', { page: 'captcha' }, 'blocked_by_platform', /captcha/],
    ['a changed page', { page: 'changed' }, 'upstream_error', /changed its site/],
    ['a cut connection', { page: 'reset' }, 'network', /mainland China without a proxy/],
    [
      'a page redirecting off TikTok',
      { page: 'foreign' },
      'upstream_error',
      /not a TikTok address/,
    ],
    [
      'a CDN 403 without tt_chain_token',
      { setsChainToken: false },
      'blocked_by_platform',
      /refused the download \(HTTP 403\)/,
    ],
    [
      'a CDN redirecting off TikTok',
      { cdn: { normal_540_0: { redirectTo: 'https://cdn.evil.example/v.mp4' } } },
      'upstream_error',
      /outside TikTok/,
    ],
    [
      'a CDN that lies about Content-Length',
      { cdn: { normal_540_0: { declaredLength: TIKTOK_MEDIA.h264.length + 1000 } } },
      'network',
      /broke off/,
    ],
    [
      'a CDN file that is gone',
      { cdn: { normal_540_0: { status: 404 } } },
      'unavailable',
      /no longer exists/,
    ],
    [
      'a short link off TikTok',
      (s) => s.shortLink('https://vm.tiktok.com/ZEvil/', 'https://evil.example/x'),
      'upstream_error',
      /evil\.example, which is not a TikTok address/,
    ],
    [
      'an expired short link',
      () => 'https://vm.tiktok.com/ZExpired/',
      'unavailable',
      /short link leads nowhere/,
    ],
  ];

  it.each(FAILURES)(
    '%s fails with its own code and sentence',
    async (_name, spec, code, sentence) => {
      const link = typeof spec === 'function' ? spec(tiktok) : tiktok.publish(spec).shortUrl;
      const task = await finish(link);
      expect(task).toMatchObject({ status: 'failed', error_code: code, media: null });
      expect(task.error).toMatch(sentence);
      expect(task.error).not.toMatch(/undefined|null|\[object|\n\s+at /);
      expect(task.error).toMatch(/\.$/);
      expect(t.sim.requests.some((r) => r.host.endsWith('.example'))).toBe(false);
    },
  );

  it('never sends the CDN request without the cookie the page gave', async () => {
    const post = tiktok.publish({ setsChainToken: false });
    await finish(post.shortUrl);
    expect(cdnRequests().length).toBeGreaterThan(0);
    for (const r of cdnRequests()) expect(r.headers.cookie ?? '').not.toContain('tt_chain_token');
  });
});
