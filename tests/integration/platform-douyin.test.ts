import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  TaskCreatedSchema,
  TaskSchema,
  type Task,
  type TaskErrorCode,
} from '../../src-shared/video/schemas.ts';
import { createDouyinExtractor } from '../../src-main/video/platforms/douyin/douyin-extractor.ts';
import { IPHONE_USER_AGENT } from '../../src-main/video/platforms/douyin/douyin-hosts.ts';
import { PlatformRegistry } from '../../src-main/video/platforms/registry.ts';
import { FAST_RETRY, SLIDESINFO_VARIANTS } from '../fixtures/platform-sim/douyin/douyin-harness.ts';
import { CAPTCHA_PAGE } from '../fixtures/platform-sim/douyin/douyin-pages.ts';
import {
  CDN_HOST,
  DOUYIN_MEDIA,
  DouyinSim,
  type DouyinPostSpec,
} from '../fixtures/platform-sim/douyin/douyin-sim.ts';
import * as variants from '../fixtures/platform-sim/douyin/douyin-variants.ts';
import { REAL_POST } from '../fixtures/platform-sim/douyin/real-share-page.ts';
import { deferred } from '../helpers/deferred.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** A real Douyin share text (口令 tokens, hashtags); its short link leads to the real capture. */
const REAL_TEXT =
  '7.17 pDH:/ 06/28 A@T.lC 刘备遇到水镜… # 水镜先生 # 刘备 …  https://v.douyin.com/4f_EMBbDKdk/ 复制此链接，打开Dou音搜索，直接观看视频！';

describe.each(SLIDESINFO_VARIANTS)(
  'Douyin end to end, through the app, slidesinfo %s',
  (slidesinfo) => {
    let t: TestApp;
    let douyin: DouyinSim;
    const dark = slidesinfo === 'dark';

    beforeEach(async () => {
      const registry = new PlatformRegistry().register(
        createDouyinExtractor({ retry: FAST_RETRY }),
      );
      t = await startTestApp({ registry });
      douyin = new DouyinSim(t.sim, { slidesinfo });
    });
    afterEach(() => t.close());

    async function start(text: string): Promise<string> {
      const res = await t.postShare(text);
      expect(res.status).toBe(202);
      return TaskCreatedSchema.parse(await res.json()).task_id;
    }

    async function run(spec: DouyinPostSpec = {}): Promise<Task> {
      const post = douyin.publish(spec);
      const id = await start(`${post.shortUrl} 复制此链接，打开Dou音搜索，直接观看视频！`);
      return TaskSchema.parse(await t.waitFor(id, ['completed', 'failed']));
    }

    async function bytesOf(path: string | undefined | null): Promise<Buffer> {
      const res = await t.request(path ?? '');
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    }

    const hosts = (): string[] => [...new Set(t.sim.requests.map((r) => r.host))];

    it('completes a real share text with the real title, author, duration, size and the exact CDN bytes', async () => {
      douyin.publish({ shortUrl: 'https://v.douyin.com/4f_EMBbDKdk/' });
      const task = TaskSchema.strict().parse(
        await t.waitFor(await start(REAL_TEXT), ['completed', 'failed']),
      );
      expect(task).toMatchObject({
        status: 'completed',
        title: REAL_POST.title,
        author: REAL_POST.author,
      });
      expect(task.media).toMatchObject({
        width: 1920,
        height: 1080,
        resolution: '1920x1080',
        duration: 352.596,
        size: DOUYIN_MEDIA.h264.length,
        mime_type: 'video/mp4',
      });
      expect((await bytesOf(task.media?.download_url)).equals(DOUYIN_MEDIA.h264)).toBe(true);
      // The page lists WebP covers first; the JPEG one is kept.
      const cover = await t.request(task.media?.cover_url ?? '');
      expect(cover.headers.get('content-type')).toBe('image/jpeg');
      expect(Buffer.from(await cover.arrayBuffer()).equals(DOUYIN_MEDIA.jpeg)).toBe(true);
      const cdn = t.sim.requests.filter((r) => r.host === CDN_HOST);
      expect(cdn).toHaveLength(1);
      expect(cdn[0]?.headers).toMatchObject({
        referer: 'https://www.douyin.com/',
        'user-agent': IPHONE_USER_AGENT,
      });
      expect(t.sim.requests.some((r) => r.path.includes('/playwm/'))).toBe(false);
    });

    it('fills duration and size from the MP4 when the page leaves them out, and keeps nulls as nulls', async () => {
      const task = await run({ editItem: variants.withoutOptionalFields });
      expect(task).toMatchObject({ status: 'completed', title: null, author: null });
      expect(task.media).toMatchObject({ width: 360, height: 640, duration: 2, cover_url: null });
    });

    it('downloads an H.265-only post as is; the probe reads its hvc1 track', async () => {
      const task = await run({ editItem: variants.h265Only, cdn: { bytes: DOUYIN_MEDIA.h265 } });
      expect(task.media).toMatchObject({ width: 360, height: 640, duration: 1 });
      expect((await bytesOf(task.media?.download_url)).equals(DOUYIN_MEDIA.h265)).toBe(true);
    });

    it('keeps a WebP cover when the page offers nothing else', async () => {
      const task = await run({ editItem: variants.webpOnlyCover });
      const cover = await t.request(task.media?.cover_url ?? '');
      expect(cover.headers.get('content-type')).toBe('image/webp');
    });

    it('shows title and author while a slow CDN trickles, then completes with every byte', async () => {
      const arrived = deferred();
      const release = deferred();
      const post = douyin.publish({
        cdn: {
          onRequest: () => arrived.resolve(),
          hold: release.promise,
          chunkBytes: 4096,
          chunkDelayMs: 1,
        },
      });
      const id = await start(post.shortUrl);
      await arrived.promise;
      const during = TaskSchema.parse(await (await t.request(`/api/tasks/${id}`)).json());
      expect(during).toMatchObject({
        status: 'processing',
        title: REAL_POST.title,
        author: REAL_POST.author,
      });
      release.resolve();
      const task = await t.waitFor(id, ['completed', 'failed']);
      expect((await bytesOf(task.media?.download_url)).equals(post.bytes)).toBe(true);
    });

    it('downloads the 1080p H.264 rendition bit_rate lists, not H.265, 720p or the play URL', async () => {
      const post = douyin.publish({
        bitRates: [
          {
            gear: 'adapt_lowest_1080_1',
            width: 1080,
            height: 1920,
            h265: true,
            bitRate: 1_734_491,
            bytes: DOUYIN_MEDIA.h265,
          },
          {
            gear: 'low_720_0',
            width: 720,
            height: 1280,
            bitRate: 2_838_889,
            bytes: DOUYIN_MEDIA.watermarked,
          },
          {
            gear: 'normal_1080_0',
            width: 1080,
            height: 1920,
            bitRate: 4_069_698,
            bytes: DOUYIN_MEDIA.h264,
          },
        ],
      });
      const task = TaskSchema.parse(
        await t.waitFor(await start(post.shortUrl), ['completed', 'failed']),
      );
      expect(task.status).toBe('completed');
      expect((await bytesOf(task.media?.download_url)).equals(DOUYIN_MEDIA.h264)).toBe(true);
      const cdn = t.sim.requests.filter((r) => r.host === CDN_HOST).map((r) => r.path);
      expect(cdn).toEqual([new URL(douyin.bitRateUrl(post, 2)).pathname + '?mime_type=video_mp4']);
      expect(t.sim.requests.some((r) => r.host === 'aweme.snssdk.com')).toBe(false);
      expect(douyin.pageHits(post.id)).toBe(dark ? 1 : 0);
    });

    /** bit_rate as current answers list it: bytevc1, bytevc2 and H.264, at 1080p and 720p. */
    const CURRENT_BIT_RATES = (failing1080 = false): DouyinPostSpec['bitRates'] => [
      {
        gear: 'adapt_lowest_1080_1',
        width: 1080,
        height: 1920,
        codec: 'bytevc1',
        bitRate: 1_734_491,
        bytes: DOUYIN_MEDIA.h265,
      },
      {
        gear: 'adapt_1080_2',
        width: 1080,
        height: 1920,
        codec: 'bytevc2',
        bitRate: 1_402_118,
        bytes: DOUYIN_MEDIA.h265,
      },
      {
        gear: 'normal_720_0',
        width: 720,
        height: 1280,
        bitRate: 1_838_889,
        bytes: DOUYIN_MEDIA.watermarked,
      },
      {
        gear: 'normal_1080_0',
        width: 1080,
        height: 1920,
        bitRate: 4_069_698,
        bytes: DOUYIN_MEDIA.h264,
        status: failing1080 ? 403 : undefined,
      },
    ];
    /** The item's own size differs from the renditions', as on a real item. */
    const itemSize720 = (item: Record<string, unknown>): void => {
      Object.assign(item.video as Record<string, unknown>, { width: 720, height: 1280 });
    };

    it("reports the resolution of the rendition it downloaded (1080p H.264), not the item's", async () => {
      const post = douyin.publish({ bitRates: CURRENT_BIT_RATES(), editItem: itemSize720 });
      const task = await t.waitFor(await start(post.shortUrl), ['completed', 'failed']);
      expect((await bytesOf(task.media?.download_url)).equals(DOUYIN_MEDIA.h264)).toBe(true);
      expect(task.media).toMatchObject({ width: 1080, height: 1920, resolution: '1080x1920' });
    });

    it('reports 720p when the 1080p H.264 file is refused and the 720p one is downloaded instead', async () => {
      const post = douyin.publish({ bitRates: CURRENT_BIT_RATES(true), editItem: itemSize720 });
      const task = await t.waitFor(await start(post.shortUrl), ['completed', 'failed']);
      expect(task.status).toBe('completed');
      expect((await bytesOf(task.media?.download_url)).equals(DOUYIN_MEDIA.watermarked)).toBe(true);
      expect(task.media).toMatchObject({ width: 720, height: 1280, resolution: '720x1280' });
    });

    it('2025 shape: reads the share page when slidesinfo has no answer, and completes', async () => {
      const post = douyin.publish({ shape: 'legacy' });
      const task = await t.waitFor(await start(post.shortUrl), ['completed', 'failed']);
      expect(task).toMatchObject({ status: 'completed', title: REAL_POST.title });
      expect(douyin.apiHits(post.id)).toBe(1);
      expect(douyin.pageHits(post.id)).toBe(1);
    });

    it('retries slidesinfo and the CDN on 5xx, falling back to the play URL mirror', async () => {
      const post = douyin.publish({ api: { failures: 1 }, cdn: { failures: 2 } });
      const id = await start(post.shortUrl);
      const task = await t.waitFor(id, ['completed', 'failed']);
      expect(task.status).toBe('completed');
      expect(dark ? douyin.itemInfoHits(post.id) : douyin.apiHits(post.id)).toBe(2);
      // CDN URL tried twice (the runner's attempts), then the play URL's 302 led to it again.
      expect(t.sim.hits(post.cdnUrl)).toBe(3);
      expect(t.sim.requests.filter((r) => r.host === 'aweme.snssdk.com')).toHaveLength(2);
    });

    const failures: {
      name: string;
      spec: DouyinPostSpec;
      code: TaskErrorCode;
      retryable: boolean;
      says: RegExp;
    }[] = [
      {
        name: 'deleted or private (2025 page)',
        spec: { shape: 'legacy', editInfo: variants.deleted },
        code: 'unavailable',
        retryable: false,
        says: /deleted or made private/,
      },
      {
        name: 'no item, filter_list says deleted (aweme_details: null)',
        spec: { editInfo: variants.deleted },
        code: 'unavailable',
        retryable: false,
        says: /deleted or made private.*作品已删除/,
      },
      {
        name: 'no item and no reason anywhere',
        spec: { editInfo: variants.emptyItems },
        code: 'unavailable',
        retryable: true,
        says: /returned no data/,
      },
      {
        name: 'private post (status.private_status 1)',
        spec: { editItem: variants.privateStatus(1) },
        code: 'login_required',
        retryable: false,
        says: /private: only its author/,
      },
      {
        name: 'friends-only post (status.private_status 2)',
        spec: { editItem: variants.privateStatus(2) },
        code: 'login_required',
        retryable: false,
        says: /author's friends/,
      },
      {
        name: 'not playable outside the app (risk_infos.reflow_unplayable)',
        spec: { editItem: variants.reflowUnplayable },
        code: 'login_required',
        retryable: false,
        says: /only inside its app/,
      },
      {
        name: 'risk control (status_code 2154, no item)',
        spec: { api: { body: '{"status_code":2154,"status_msg":""}' } },
        code: 'blocked_by_platform',
        retryable: true,
        says: /limiting requests.*code 2154/,
      },
      {
        name: 'slidesinfo marks the item deleted',
        spec: { editItem: (i) => void (i.status = { is_delete: true }) },
        code: 'unavailable',
        retryable: false,
        says: /deleted or made private/,
      },
      {
        name: 'captcha instead of slidesinfo',
        spec: { api: { body: CAPTCHA_PAGE } },
        code: 'blocked_by_platform',
        retryable: true,
        says: /captcha/,
      },
      {
        name: 'captcha page (2025 page)',
        spec: { shape: 'legacy', html: CAPTCHA_PAGE },
        code: 'blocked_by_platform',
        retryable: true,
        says: /captcha/,
      },
      {
        name: 'WAF empty answer',
        spec: { api: { body: '' } },
        code: 'blocked_by_platform',
        retryable: true,
        says: /firewall/,
      },
      {
        name: 'region block (2025 page)',
        spec: { shape: 'legacy', editInfo: variants.regionFiltered },
        code: 'region_blocked',
        retryable: false,
        says: /region/,
      },
      {
        name: 'image post',
        spec: { editItem: variants.imagePost(2) },
        code: 'not_single_video',
        retryable: false,
        says: /gallery or image post/,
      },
      {
        name: 'short link to /share/slides/ (a note since 2026-08)',
        spec: { sharePath: 'slides', editItem: variants.imagePost(2) },
        code: 'not_single_video',
        retryable: false,
        says: /gallery or image post/,
      },
      {
        name: 'short link to a note',
        spec: { sharePath: 'note' },
        code: 'not_single_video',
        retryable: false,
        says: /gallery or image post/,
      },
      {
        name: 'CDN 403 (cookie/Referer refused)',
        spec: { cdn: { status: 403 } },
        code: 'blocked_by_platform',
        retryable: true,
        says: /refused the download \(HTTP 403\)/,
      },
      {
        name: 'CDN lies about Content-Length',
        spec: { cdn: { declaredLength: 10 ** 6 } },
        code: 'network',
        retryable: true,
        says: /broke off/,
      },
      {
        name: 'CDN redirects to a foreign host',
        spec: { cdn: { redirectTo: 'https://evil.example/v.mp4' } },
        code: 'upstream_error',
        retryable: false,
        says: /outside Douyin/,
      },
      {
        name: 'play 302 to a foreign host',
        spec: { playLocation: 'https://evil.example/v.mp4' },
        code: 'upstream_error',
        retryable: false,
        says: /outside Douyin/,
      },
      {
        name: 'short link to a foreign host',
        spec: { shortLocation: 'https://evil.example/share/video/7535852404919586100/' },
        code: 'upstream_error',
        retryable: false,
        says: /not a Douyin address/,
      },
    ];

    it.each(failures)('$name → failed with $code', async ({ spec, code, retryable, says }) => {
      const task = await run(spec);
      expect(task).toMatchObject({ status: 'failed', error_code: code, retryable, media: null });
      expect(task.error).toMatch(says);
      // What happened, then what to try.
      expect(task.error).toMatch(/later|proxy|another link|try again|single videos only/i);
      expect(task.error).toMatch(/[.!]$/);
      expect(task.error).not.toMatch(/undefined|null|\bat \S+:\d+|Error\b/);
      // "Needs an update" only where the answer really is of an unknown shape.
      if (code !== 'upstream_error') expect(task.error).not.toMatch(/needs an update/);
      // A post refused by its own status is never downloaded (no 403 from the CDN first).
      if (code === 'login_required') expect(hosts()).not.toContain(CDN_HOST);
      expect(
        hosts().filter(
          (h) =>
            !/(^|\.)(douyin\.com|iesdouyin\.com|snssdk\.com|douyinvod\.com|douyinpic\.com)$/.test(
              h,
            ),
        ),
      ).toEqual([]);
    });

    it('never fetches any part of a gallery: no image, music or video host is asked', async () => {
      const task = await run({ editItem: variants.imagePost(68) });
      expect(task.error_code).toBe('not_single_video');
      expect(hosts().sort()).toEqual(['v.douyin.com', 'www.iesdouyin.com']);
    });
  },
);
