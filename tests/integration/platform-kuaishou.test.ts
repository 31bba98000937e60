import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TaskCreatedSchema, TaskSchema, type Task } from '../../src-shared/video/schemas.ts';
import { createKuaishouExtractor } from '../../src-main/video/platforms/kuaishou/kuaishou-extractor.ts';
import { PlatformRegistry } from '../../src-main/video/platforms/registry.ts';
import { FAST_RETRY } from '../fixtures/platform-sim/kuaishou/kuaishou-harness.ts';
import {
  atlasFields,
  CAPTCHA_2001_JSON,
  FILLER,
  RATE_LIMIT_2_BARE_JSON,
  RATE_LIMIT_2_JSON,
  REAL_SHARE_TEXTS,
  WITHHELD_RESULT,
} from '../fixtures/platform-sim/kuaishou/kuaishou-samples.ts';
import {
  COVER_HOST,
  COVER_JPG,
  H264_MP4,
  H265_MP4,
  KuaishouSim,
  type KsPostOptions,
} from '../fixtures/platform-sim/kuaishou/kuaishou-sim.ts';
import { deferred } from '../helpers/deferred.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const OWN_HOST =
  /(^|\.)(kuaishou\.com|kuaishou\.cn|kuaishouapp\.com|chenzhongtech\.com|kwimgs\.com|kwaicdn\.com|yximgs\.com)$/;

describe('Kuaishou tasks end to end (simulated Kuaishou)', () => {
  let t: TestApp;
  let ks: KuaishouSim;

  beforeEach(async () => {
    const registry = new PlatformRegistry().register(
      createKuaishouExtractor({ retry: FAST_RETRY }),
    );
    t = await startTestApp({ registry });
    ks = new KuaishouSim(t.sim);
  });
  afterEach(() => t.close());

  async function start(text: string): Promise<string> {
    const res = await t.postShare(text);
    expect(res.status).toBe(202);
    return TaskCreatedSchema.parse(await res.json()).task_id;
  }

  async function run(text: string): Promise<Task> {
    return TaskSchema.strict().parse(await t.waitFor(await start(text), ['completed', 'failed']));
  }

  async function download(task: Task, which: 'download_url' | 'cover_url'): Promise<Response> {
    return t.request(task.media?.[which] ?? '/missing');
  }

  it('completes a real share text with the page’s metadata and the CDN’s exact bytes', async () => {
    const share = REAL_SHARE_TEXTS[1];
    ks.publish({
      shortCode: share.shortCode,
      caption: share.caption,
      userName: `${FILLER}厨房日记${FILLER}`,
    });
    const task = await run(share.text);
    expect(task).toMatchObject({
      status: 'completed',
      platform: 'kuaishou',
      title: share.caption,
      author: '厨房日记',
      error: null,
    });
    expect(task.media).toMatchObject({
      width: 360,
      height: 640,
      resolution: '360x640',
      duration: 2,
      size: H264_MP4.length,
      mime_type: 'video/mp4',
    });
    const video = await download(task, 'download_url');
    expect(Buffer.from(await video.arrayBuffer()).equals(H264_MP4)).toBe(true);
    const cover = await download(task, 'cover_url');
    expect(cover.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await cover.arrayBuffer()).equals(COVER_JPG)).toBe(true);
    for (const r of t.sim.requests) expect(r.host).toMatch(OWN_HOST);
    const cdn = t.sim.requests.filter((r) => r.host.endsWith('kwimgs.com'));
    expect(cdn).toHaveLength(1);
    expect(cdn[0]?.headers.referer).toBe('https://v.m.chenzhongtech.com/');
  });

  it('moves to the next mirror when one refuses, redirects away or lies about its length', async () => {
    const post = ks.publish({
      mirrors: [
        { kind: 'status', status: 403 },
        { kind: 'redirect', location: 'https://evil.example.com/v.mp4' },
        { kind: 'lying-length' },
        { kind: 'ok' },
      ],
    });
    const task = await run(post.shortUrl);
    expect(task.status).toBe('completed');
    expect(
      Buffer.from(await (await download(task, 'download_url')).arrayBuffer()).equals(H264_MP4),
    ).toBe(true);
    // 403 is an answer (no retry); a short body is a network fault (retried once, then next).
    expect(post.cdn.map((c) => c.served)).toEqual([1, 1, 2, 1]);
    expect(t.sim.requests.some((r) => r.host === 'evil.example.com')).toBe(false);
  });

  it('fills missing duration and size from the downloaded file', async () => {
    const post = ks.publish({
      photo: { duration: undefined, width: undefined, height: undefined },
    });
    const task = await run(post.shortUrl);
    expect(task.media).toMatchObject({ width: 360, height: 640, duration: 2 });
  });

  it('downloads an H.265-only video and probes it', async () => {
    const post = ks.publish({
      video: H265_MP4,
      photo: { duration: undefined, width: undefined, height: undefined },
    });
    const task = await run(post.shortUrl);
    expect(task.media).toMatchObject({
      width: 360,
      height: 640,
      duration: 1,
      size: H265_MP4.length,
    });
  });

  it('keeps the JPEG cover when the page lists WebP first', async () => {
    const post = ks.publish({ webpFirst: true });
    const task = await run(post.shortUrl);
    expect((await download(task, 'cover_url')).headers.get('content-type')).toBe('image/jpeg');
  });

  it('shows title and author while a slow CDN is still sending', async () => {
    const release = deferred();
    const arrived = deferred();
    const post = ks.publish({
      mirrors: [{ kind: 'hold', release: release.promise, arrived: () => arrived.resolve() }],
    });
    const id = await start(post.shortUrl);
    await arrived.promise;
    const during = TaskSchema.parse(await (await t.request(`/api/tasks/${id}`)).json());
    expect(during).toMatchObject({
      status: 'processing',
      title: post.facts.caption,
      author: post.facts.userName,
    });
    release.resolve();
    expect((await t.waitFor(id, ['completed', 'failed'])).status).toBe('completed');
  });

  it('completes a Kuaishou Lite share text (v.kuaishouapp.com/s/…)', async () => {
    const post = ks.publish({ caption: '把豆腐和鸡蛋放锅里蒸一蒸' });
    const text = `${post.liteUrl} 把豆腐和鸡蛋放锅里蒸一蒸 该作品在快手被播放过1次，点击链接，打开【快手极速版】直接观看！`;
    const task = await run(text);
    expect(task).toMatchObject({ status: 'completed', title: '把豆腐和鸡蛋放锅里蒸一蒸' });
    expect(Buffer.from(await (await download(task, 'download_url')).arrayBuffer())).toEqual(
      H264_MP4,
    );
    expect(t.sim.requests[0]?.host).toBe('v.kuaishouapp.com');
  });

  it.each([
    ['ext_params.atlas', () => atlasFields('3xatlas', COVER_HOST)],
    [
      'atlas on the photo (cdnList, list, music) and a video photoType',
      () => {
        const { atlas } = atlasFields('3xatlas2', COVER_HOST).ext_params as { atlas: object };
        return {
          photoType: 'VIDEO',
          mainMvUrls: [],
          atlas: { ...atlas, cdnList: [{ cdn: COVER_HOST }] },
        };
      },
    ],
  ])('never takes the first image of a gallery (%s)', async (_name, photo) => {
    const post = ks.publish({ photo: photo() });
    const task = await run(post.shortUrl);
    expect(task).toMatchObject({ status: 'failed', error_code: 'not_single_video', media: null });
    expect(t.sim.requests.filter((r) => !/kuaishou|chenzhongtech/.test(r.host))).toEqual([]);
  });

  const failures: [string, KsPostOptions, Task['error_code'], boolean, RegExp][] = [
    [
      'rate limited (result 2 on both pages)',
      {
        mobile: { kind: 'result', entry: RATE_LIMIT_2_JSON },
        desktop: { kind: 'json', body: RATE_LIMIT_2_BARE_JSON },
      },
      'blocked_by_platform',
      true,
      /limiting requests.*result 2/,
    ],
    [
      'captcha (2001 then the captcha page)',
      { mobile: { kind: 'result', entry: CAPTCHA_2001_JSON }, desktop: { kind: 'captcha' } },
      'blocked_by_platform',
      true,
      /captcha/,
    ],
    [
      'WAF verification wall',
      { mobile: { kind: 'verification' }, desktop: { kind: 'verification' } },
      'blocked_by_platform',
      true,
      /security verification/,
    ],
    [
      'withheld or deleted post',
      {
        mobile: { kind: 'result', entry: { result: WITHHELD_RESULT } },
        desktop: { kind: 'empty' },
      },
      'unavailable',
      false,
      /deleted or made private/,
    ],
    [
      'dead short link',
      { short: { kind: 'status', status: 404 } },
      'unavailable',
      false,
      /does not exist \(HTTP 404\)/,
    ],
    [
      'region block',
      { mobile: { kind: 'status', status: 451 } },
      'region_blocked',
      false,
      /region/,
    ],
    [
      'redirect off Kuaishou',
      { short: { kind: 'redirect', location: 'https://evil.example.com/x' } },
      'upstream_error',
      false,
      /evil\.example\.com, which is not a Kuaishou site/,
    ],
    [
      'segmented-only video',
      { photo: { mainMvUrls: [], manifest: { adaptationSet: [] } }, apollo: { photoUrl: null } },
      'unsupported',
      false,
      /HLS\/DASH/,
    ],
    [
      'every mirror gone',
      {
        mirrors: [
          { kind: 'status', status: 404 },
          { kind: 'status', status: 404 },
        ],
      },
      'unavailable',
      false,
      /no longer exists/,
    ],
    ['only a lying mirror', { mirrors: [{ kind: 'lying-length' }] }, 'network', true, /broke off/],
  ];

  it.each(failures)(
    '%s → failed with its own sentence',
    async (_name, options, code, retryable, sentence) => {
      const post = ks.publish(options);
      const task = await run(post.shortUrl);
      expect(task).toMatchObject({ status: 'failed', error_code: code, retryable, media: null });
      expect(task.error).toMatch(sentence);
      expect(task.error).not.toMatch(/undefined|null|Error:|\bat .*:\d+/);
      expect(t.sim.requests.some((r) => r.host === 'evil.example.com')).toBe(false);
    },
  );

  it('retries a page that answers 503 and then completes', async () => {
    const post = ks.publish({ mobile: { kind: 'flaky', times: 1, mode: 503 } });
    expect((await run(post.shortUrl)).status).toBe('completed');
    expect(ks.hits(post, 'mobile')).toBe(2);
  });
});
