import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DESKTOP_USER_AGENT,
  MOBILE_USER_AGENT,
} from '../../../../../src-main/video/platforms/kuaishou/kuaishou-hosts.ts';
import { extractLink } from '../../../../../src-main/video/share-link.ts';
import {
  startKuaishouHarness,
  type KuaishouHarness,
} from '../../../../fixtures/platform-sim/kuaishou/kuaishou-harness.ts';
import {
  FILLER,
  REAL_SHARE_TEXTS,
} from '../../../../fixtures/platform-sim/kuaishou/kuaishou-samples.ts';
import { H265_MP4 } from '../../../../fixtures/platform-sim/kuaishou/kuaishou-sim.ts';

describe('Kuaishou extractor against the simulator: routes', () => {
  let h: KuaishouHarness;
  beforeEach(async () => {
    h = await startKuaishouHarness();
  });
  afterEach(() => h.close());

  it.each(REAL_SHARE_TEXTS)('resolves the real share text $shortCode to its photo', async (s) => {
    const post = h.ks.publish({ shortCode: s.shortCode, caption: s.caption });
    const link = extractLink(s.text);
    if (!link.ok) throw new Error(link.message);
    expect(await h.resolve(link.url)).toMatchObject({ id: post.photoId, title: s.caption });
  });

  it('follows a short link with the phone UA and reads INIT_STATE', async () => {
    const post = h.ks.publish({ userName: `${FILLER}阿飞${FILLER}`, durationMs: 2000 });
    const resolved = await h.resolve(post.shortUrl);
    expect(resolved).toEqual({
      id: post.photoId,
      kind: 'video',
      title: post.facts.caption,
      author: '阿飞',
      media: post.facts.mirrors.map((url) => ({
        url,
        headers: { referer: 'https://v.m.chenzhongtech.com/' },
      })),
      cover: { url: post.coverUrl, headers: { referer: 'https://v.m.chenzhongtech.com/' } },
      duration: 2,
      width: 360,
      height: 640,
    });
    const pages = h.sim.requests.filter((r) => !r.host.includes('kwimgs'));
    expect(pages.map((r) => r.host)).toEqual(['v.kuaishou.com', 'v.m.chenzhongtech.com']);
    for (const r of pages) expect(r.headers['user-agent']).toBe(MOBILE_USER_AGENT);
    expect(h.ks.hits(post, 'desktop')).toBe(0);
  });

  it.each([
    ['v.kuaishou.cn short link', (p: { shortUrl: string }) => p.shortUrl.replace('.com', '.cn')],
    ['PC share /f/', (p: { pcShareUrl: string }) => p.pcShareUrl],
    ['mobile page', (p: { mobileUrl: string }) => `${p.mobileUrl}?cc=share_copylink`],
    ['desktop page', (p: { desktopUrl: string }) => p.desktopUrl],
    [
      'kuaishou.cn desktop page',
      (p: { photoId: string }) => `https://www.kuaishou.cn/short-video/${p.photoId}`,
    ],
    [
      'c.kuaishou.com',
      (p: { photoId: string }) =>
        `https://c.kuaishou.com/fw/photo/${p.photoId}?photoId=${p.photoId}`,
    ],
    ['m.kuaishou.com', (p: { photoId: string }) => `https://m.kuaishou.com/fw/photo/${p.photoId}`],
    [
      'chenzhongtech query',
      (p: { photoId: string }) => `https://v.m.chenzhongtech.com/fw/share?photoId=${p.photoId}`,
    ],
    ['live link', (p: { photoId: string }) => `https://live.kuaishou.com/u/3xauthor/${p.photoId}`],
  ])('resolves the %s form to the right id', async (_name, linkOf) => {
    const post = h.ks.publish();
    const resolved = await h.resolve(linkOf(post));
    expect(resolved.id).toBe(post.photoId);
    expect(resolved.media[0]?.url).toBe(post.facts.mirrors[0]);
  });

  it('reads a desktop link from the phone page first, never asking the desktop page', async () => {
    const post = h.ks.publish();
    const resolved = await h.resolve(post.desktopUrl);
    expect(resolved.id).toBe(post.photoId);
    const pages = h.sim.requests.filter((r) => !r.host.includes('kwimgs'));
    expect(pages.map((r) => `${r.host}${r.path}`)).toEqual([
      `v.m.chenzhongtech.com/fw/photo/${post.photoId}`,
    ]);
    expect(pages[0]?.headers['user-agent']).toBe(MOBILE_USER_AGENT);
    expect(h.ks.hits(post, 'desktop')).toBe(0);
  });

  it('follows a Kuaishou Lite link (v.kuaishouapp.com/s/) like a short link', async () => {
    const post = h.ks.publish();
    const resolved = await h.resolve(post.liteUrl);
    expect(resolved).toMatchObject({ id: post.photoId, title: post.facts.caption });
    expect(h.sim.requests[0]).toMatchObject({ host: 'v.kuaishouapp.com' });
    expect(h.sim.requests[0]?.headers['user-agent']).toBe(MOBILE_USER_AGENT);
  });

  it('follows a short link to a random *.m.chenzhongtech.com share host', async () => {
    const photoId = '3xrandsub0001kq';
    const post = h.ks.publish({
      photoId,
      short: {
        kind: 'redirect',
        location: `https://k8f3q2.m.chenzhongtech.com/fw/photo/${photoId}?photoId=${photoId}`,
      },
    });
    expect((await h.resolve(post.shortUrl)).id).toBe(photoId);
    expect(h.sim.requests.map((r) => r.host)).toContain('k8f3q2.m.chenzhongtech.com');
  });

  it('reads the desktop page with the desktop UA when the phone page fails, and sends that UA on to the CDN', async () => {
    const post = h.ks.publish({ mobile: { kind: 'empty' } });
    const resolved = await h.resolve(post.desktopUrl);
    const page = h.sim.requests.find((r) => r.path.startsWith('/short-video/'));
    expect(page?.headers['user-agent']).toBe(DESKTOP_USER_AGENT);
    expect(page?.headers.origin).toBe('https://www.kuaishou.com');
    expect(resolved.media[0]?.headers).toEqual({
      referer: 'https://www.kuaishou.com/',
      'user-agent': DESKTOP_USER_AGENT,
    });
    expect(h.ks.hits(post, 'mobile')).toBe(1);
  });

  it('rewrites /fw/long-video/ before fetching it', async () => {
    const post = h.ks.publish({ longVideo: true });
    expect((await h.resolve(post.shortUrl)).id).toBe(post.photoId);
    expect(h.sim.requests.some((r) => r.path.startsWith('/fw/long-video/'))).toBe(false);
  });

  it('falls back to the desktop page when the phone page has no state', async () => {
    const post = h.ks.publish({ mobile: { kind: 'empty' } });
    const resolved = await h.resolve(post.shortUrl);
    expect(resolved).toMatchObject({ id: post.photoId, title: post.facts.caption });
    expect(resolved.author).toBe(post.facts.userName);
    expect(h.ks.hits(post, 'desktop')).toBe(1);
  });

  it('falls back to the desktop page when the phone page asks for a captcha', async () => {
    const post = h.ks.publish({ mobile: { kind: 'captcha' } });
    expect((await h.resolve(post.shortUrl)).id).toBe(post.photoId);
  });

  it('never takes a recommended photo from the desktop page for the shared one', async () => {
    const post = h.ks.publish({ mobile: { kind: 'empty' }, desktop: { kind: 'other-photo' } });
    const failure = await h.failure(post.desktopUrl);
    expect(failure.code).toBe('upstream_error');
    expect(h.ks.hits(post, 'desktop')).toBe(1);
  });

  it('uses the H.265 file when the desktop page offers nothing else', async () => {
    const post = h.ks.publish({
      video: H265_MP4,
      mobile: { kind: 'empty' },
      apollo: { photoUrl: null, photoH265Url: 'https://v2.kwaicdn.com/h265.mp4' },
    });
    const resolved = await h.resolve(post.shortUrl);
    expect(resolved.media.map((m) => m.url)).toEqual(['https://v2.kwaicdn.com/h265.mp4']);
  });

  it('retries a page that fails with 503 or a dropped connection', async () => {
    const a = h.ks.publish({ mobile: { kind: 'flaky', times: 2, mode: 503 } });
    expect((await h.resolve(a.shortUrl)).id).toBe(a.photoId);
    expect(h.ks.hits(a, 'mobile')).toBe(3);
    const b = h.ks.publish({ short: { kind: 'flaky', times: 1, mode: 'reset' } });
    expect((await h.resolve(b.shortUrl)).id).toBe(b.photoId);
    expect(h.ks.hits(b, 'short')).toBe(2);
  });
});
