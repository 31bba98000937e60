import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { classifyLink } from '../../../../../src-main/video/link-classifier.ts';
import { extractLink } from '../../../../../src-main/video/share-link.ts';
import { IPHONE_USER_AGENT } from '../../../../../src-main/video/platforms/douyin/douyin-hosts.ts';
import {
  SLIDESINFO_VARIANTS,
  startDouyinHarness,
  type DouyinHarness,
} from '../../../../fixtures/platform-sim/douyin/douyin-harness.ts';
import { jpegFirstCover } from '../../../../fixtures/platform-sim/douyin/douyin-variants.ts';
import { REAL_POST } from '../../../../fixtures/platform-sim/douyin/real-share-page.ts';

/** Real share texts from the Douyin app, with the short links they carry. */
const REAL_SHARE_TEXTS = [
  [
    '3.53 04/14 X@z.TY bnD:/ 自动化完成淘宝任务教程  https://v.douyin.com/i5xNsWVx/ 复制此链接，打开Dou音搜索，直接观看视频！',
    'https://v.douyin.com/i5xNsWVx/',
  ],
  [
    '7.17 pDH:/ 06/28 A@T.lC 刘备遇到水镜… # 水镜先生 # 刘备 …  https://v.douyin.com/4f_EMBbDKdk/ 复制此链接，打开Dou音搜索，直接观看视频！',
    'https://v.douyin.com/4f_EMBbDKdk/',
  ],
  [
    '4.66 复制打开抖音，看看【不是猪婆_的作品】好 我会改# 今天长这样 … https://v.douyin.com/i2aPnD7d/ V@y.tE 08/05 eBg:/',
    'https://v.douyin.com/i2aPnD7d/',
  ],
] as const;

describe.each(SLIDESINFO_VARIANTS)('Douyin extractor, slidesinfo %s: link forms', (slidesinfo) => {
  let h: DouyinHarness;
  beforeEach(async () => {
    h = await startDouyinHarness({ slidesinfo });
  });
  afterEach(() => h.close());

  it.each(REAL_SHARE_TEXTS)(
    'real share text → short link → its post id (%#)',
    async (text, short) => {
      const post = h.douyin.publish({ id: '7500000000000000123', shortUrl: short });
      const link = extractLink(text);
      expect(link).toEqual({ ok: true, url: short });
      const classified = classifyLink(short);
      if (!classified.ok) throw new Error(classified.message);
      const resolved = await h.resolve(classified.url.href);
      expect(resolved).toMatchObject({ id: post.id, kind: 'video' });
      expect(h.hosts().slice(0, 2)).toEqual(['v.douyin.com', 'www.iesdouyin.com']);
    },
  );

  it('asks slidesinfo for the id, in encoded brackets, with no signature and the phone UA; iteminfo only when it has nothing', async () => {
    const post = h.douyin.publish({ shortUrl: 'https://v.douyin.com/_2ljF4AmKL8/' });
    await h.resolve(post.shortUrl);
    const asked = h.sim.requests.filter((r) => r.host === 'www.iesdouyin.com');
    const slides = `/web/api/v2/aweme/slidesinfo/?aweme_ids=%5B${post.id}%5D`;
    const dark = [
      `${slides}&request_source=200`,
      `/share/video/${post.id}/`,
      '/web/api/v2/aweme/iteminfo/',
    ];
    expect(asked.map((r) => r.path.replace(/\?(?!aweme_ids|request_source).*$/, ''))).toEqual(
      h.douyin.slidesinfoDark ? [slides, ...dark] : [slides],
    );
    for (const r of asked) expect(r.headers['user-agent']).toBe(IPHONE_USER_AGENT);
    expect(h.douyin.pageHits(post.id)).toBe(h.douyin.slidesinfoDark ? 1 : 0);
  });

  it('2025 shape: follows the short link once and reads the share page Douyin pointed to, query included', async () => {
    const post = h.douyin.publish({
      shape: 'legacy',
      shortUrl: 'https://v.douyin.com/_2ljF4AmKL8/',
    });
    await h.resolve(post.shortUrl);
    const page = h.sim.requests.find((r) => r.path.startsWith('/share/'));
    expect(page?.path).toBe(
      new URL(post.sharePageUrl).pathname + new URL(post.sharePageUrl).search,
    );
    expect(h.sim.hits(post.shortUrl)).toBe(1);
  });

  it('follows other short hosts (jx.douyin.com) and short-link chains through the desktop form', async () => {
    const post = h.douyin.publish({ shortUrl: 'https://jx.douyin.com/abcDEF12/' });
    expect((await h.resolve(post.shortUrl)).id).toBe(post.id);
    h.sim.redirect('https://v.douyin.com/hop1/', 'https://v.douyin.com/hop2/');
    h.sim.redirect('https://v.douyin.com/hop2/', `https://www.douyin.com/video/${post.id}`);
    expect((await h.resolve('https://v.douyin.com/hop1/')).id).toBe(post.id);
  });

  it('resolves modal, desktop, mobile and jingxuan forms to the same id without a short-link hop', async () => {
    const { id } = h.douyin.publish();
    const forms = [
      `https://www.douyin.com/jingxuan?modal_id=${id}`,
      `https://www.douyin.com/discover?modal_id=${id}`,
      `https://www.douyin.com/user/MS4wLjABAAAA?modal_id=${id}`,
      `https://www.douyin.com/?vid=${id}`,
      `https://www.douyin.com/video/${id}`,
      `https://m.douyin.com/share/video/${id}`,
      `https://jingxuan.douyin.com/m/video/${id}?app=yumme&utm_source=copy_link`,
      `https://www.iesdouyin.com/share/video/${id}/?region=CN`,
    ];
    for (const form of forms) {
      h.sim.requests.length = 0;
      const post = await h.resolve(form);
      expect(post.id, form).toBe(id);
      expect(h.hosts()[0], form).toBe('www.iesdouyin.com');
    }
  });
});

describe.each(SLIDESINFO_VARIANTS)(
  'Douyin extractor, slidesinfo %s: the real post',
  (slidesinfo) => {
    let h: DouyinHarness;
    beforeEach(async () => {
      h = await startDouyinHarness({ slidesinfo });
    });
    afterEach(() => h.close());

    it('maps the real item and puts the CDN URL behind the play 302 first', async () => {
      const post = h.douyin.publish();
      expect(post.id).toBe(REAL_POST.id);
      const resolved = await h.resolve(post.shortUrl);
      const referer = { referer: 'https://www.douyin.com/' };
      const size = { width: REAL_POST.width, height: REAL_POST.height };
      expect(resolved).toEqual({
        id: REAL_POST.id,
        kind: 'video',
        title: REAL_POST.title,
        author: REAL_POST.author,
        duration: REAL_POST.durationSeconds,
        width: REAL_POST.width,
        height: REAL_POST.height,
        media: [
          { url: post.cdnUrl, headers: referer, ...size },
          {
            url: `https://aweme.snssdk.com/aweme/v1/play/?video_id=${REAL_POST.playUri}&ratio=720p&line=0`,
            headers: referer,
            ...size,
          },
        ],
        cover: { url: expect.stringMatching(/\.jpeg\?/) as unknown, headers: referer },
      });
    });

    it('speaks as iPhone Safari everywhere, sends the Referer to the play endpoint and never touches playwm or the CDN', async () => {
      const post = h.douyin.publish({ editItem: jpegFirstCover });
      await h.resolve(post.shortUrl);
      // Short link, slidesinfo, play; while slidesinfo is dark, also its note retry, page, iteminfo.
      expect(h.sim.requests.length).toBe(h.douyin.slidesinfoDark ? 6 : 3);
      for (const r of h.sim.requests) expect(r.headers['user-agent']).toBe(IPHONE_USER_AGENT);
      const play = h.sim.requests.find((r) => r.host === 'aweme.snssdk.com');
      expect(play?.path).toMatch(/^\/aweme\/v1\/play\/\?/);
      expect(play?.headers.referer).toBe('https://www.douyin.com/');
      expect(h.hosts()).not.toContain('v26-dy.douyinvod.com');
    });

    it('keeps only the play URL when the play endpoint serves the file itself', async () => {
      const post = h.douyin.publish({ id: '7500000000000000999' });
      h.sim.handle('aweme.snssdk.com', '/aweme/v1/play/', (_req, res) => {
        res.writeHead(200, { 'content-type': 'video/mp4' }).end(Buffer.alloc(1024));
      });
      const resolved = await h.resolve(post.shortUrl);
      expect(resolved.media.map((m) => new URL(m.url).pathname)).toEqual(['/aweme/v1/play/']);
    });

    it('follows play endpoints that hand over to another play endpoint', async () => {
      const post = h.douyin.publish({
        playLocation: 'https://api-play.amemv.com/aweme/v1/play/?video_id=next',
      });
      h.sim.redirect('https://api-play.amemv.com/aweme/v1/play/?video_id=next', post.cdnUrl);
      const resolved = await h.resolve(post.shortUrl);
      expect(resolved.media[0]?.url).toBe(post.cdnUrl);
    });

    it('stops retrying and rejects when the task is aborted', async () => {
      const post = h.douyin.publish({ pageFailures: 100 });
      const abort = new AbortController();
      abort.abort(new Error('cancelled'));
      await expect(h.resolve(post.shortUrl, abort.signal)).rejects.toThrow();
      expect(h.douyin.pageHits(post.id)).toBe(0);
    });
  },
);
