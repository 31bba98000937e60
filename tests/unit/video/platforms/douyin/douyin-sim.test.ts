import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { PlatformSim } from '../../../../fixtures/platform-sim/sim-server.ts';
import { simDispatcher } from '../../../../fixtures/platform-sim/sim-dispatcher.ts';
import {
  buildPost,
  buildSharePage,
  type Json,
} from '../../../../fixtures/platform-sim/douyin/douyin-pages.ts';
import { imagePost } from '../../../../fixtures/platform-sim/douyin/douyin-variants.ts';
import { DOUYIN_MEDIA, DouyinSim } from '../../../../fixtures/platform-sim/douyin/douyin-sim.ts';
import {
  REAL_POST,
  REAL_SHARE_PAGE,
} from '../../../../fixtures/platform-sim/douyin/real-share-page.ts';

const ORIGINAL = new URL(
  '../../../../../../shared/fixtures/platforms/douyin/iesdouyin_share_video_7535852404919586100.html',
  import.meta.url,
);

describe('the simulated share pages rest on the real capture', () => {
  it.skipIf(!fs.existsSync(ORIGINAL))('the embedded copy is the capture, byte for byte', () => {
    expect(REAL_SHARE_PAGE).toBe(fs.readFileSync(ORIGINAL, 'utf8'));
  });

  it('an unedited page for the real id is the real page itself', () => {
    expect(buildSharePage({ id: REAL_POST.id, playUri: REAL_POST.playUri })).toBe(REAL_SHARE_PAGE);
  });

  it('the current page (since 2026-08-08) keeps loaderData but no videoInfoRes, aweme_id or play_addr', () => {
    const { html, item } = buildPost({ id: REAL_POST.id, playUri: REAL_POST.playUri });
    expect(html).toContain('window._ROUTER_DATA = {"loaderData":');
    for (const gone of ['videoInfoRes', 'aweme_id', 'play_addr']) expect(html).not.toContain(gone);
    expect(item).toMatchObject({ aweme_id: REAL_POST.id, desc: REAL_POST.title });
  });

  it('a page for another id keeps the escaping and carries no trace of the real id', () => {
    const html = buildSharePage({ id: '7600000000000000001', playUri: 'v0200sim' });
    expect(html).not.toContain(REAL_POST.id);
    expect(html).toContain(
      'https:\\u002F\\u002Faweme.snssdk.com\\u002Faweme\\u002Fv1\\u002Fplaywm',
    );
  });
});

describe('the simulated Douyin CDN and play endpoint', () => {
  let sim: PlatformSim;
  let douyin: DouyinSim;
  let dispatcher: ReturnType<typeof simDispatcher>;
  beforeEach(async () => {
    sim = await new PlatformSim().start();
    douyin = new DouyinSim(sim);
    dispatcher = simDispatcher(sim.port);
  });
  afterEach(async () => {
    await dispatcher.close();
    await sim.stop();
  });

  async function get(
    url: string,
    headers: Record<string, string> = {},
    method: 'GET' | 'HEAD' = 'GET',
  ) {
    const res = await request(url, { dispatcher, headers, method });
    return {
      status: res.statusCode,
      headers: res.headers,
      body: Buffer.from(await res.body.arrayBuffer()),
    };
  }
  const referer = { referer: 'https://www.douyin.com/' };

  it('refuses a request without a douyin.com Referer (403) and serves the real MP4 with one', async () => {
    const { cdnUrl } = douyin.publish();
    expect((await get(cdnUrl)).status).toBe(403);
    expect((await get(cdnUrl, { referer: 'https://evil.example/' })).status).toBe(403);
    const ok = await get(cdnUrl, referer);
    expect(ok.status).toBe(200);
    expect(ok.body.equals(DOUYIN_MEDIA.h264)).toBe(true);
    expect(ok.headers['content-length']).toBe(String(DOUYIN_MEDIA.h264.length));
  });

  it('answers single byte ranges with 206, suffix ranges, HEAD, and 416 past the end', async () => {
    const { cdnUrl, bytes } = douyin.publish();
    const part = await get(cdnUrl, { ...referer, range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.body.equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await get(cdnUrl, { ...referer, range: 'bytes=-10' });
    expect(tail.body.equals(bytes.subarray(bytes.length - 10))).toBe(true);
    const open = await get(cdnUrl, { ...referer, range: `bytes=${bytes.length - 5}-` });
    expect(open.body.length).toBe(5);
    expect((await get(cdnUrl, { ...referer, range: `bytes=${bytes.length}-` })).status).toBe(416);
    const head = await get(cdnUrl, referer, 'HEAD');
    expect([head.status, head.body.length]).toEqual([200, 0]);
  });

  it('play 302s to the clean file, playwm to a different (watermarked) one', async () => {
    const post = douyin.publish();
    const play = await get(
      `https://aweme.snssdk.com/aweme/v1/play/?video_id=${post.playUri}&ratio=720p&line=0`,
    );
    expect([play.status, play.headers.location]).toEqual([302, post.cdnUrl]);
    const wm = await get(`https://aweme.snssdk.com/aweme/v1/playwm/?video_id=${post.playUri}`);
    expect(wm.status).toBe(302);
    const marked = await get(String(wm.headers.location), referer);
    expect(marked.body.equals(DOUYIN_MEDIA.watermarked)).toBe(true);
    expect(marked.body.equals(post.bytes)).toBe(false);
  });

  it('slidesinfo: a video by default, a note only with request_source=200, 404 in the 2025 shape', async () => {
    const api = (id: string, note = false): string =>
      `https://www.iesdouyin.com/web/api/v2/aweme/slidesinfo/?aweme_ids=%5B${id}%5D${note ? '&request_source=200' : ''}`;
    const json = async (url: string): Promise<{ status_code: number; aweme_details: Json[] }> =>
      JSON.parse((await get(url)).body.toString('utf8')) as {
        status_code: number;
        aweme_details: Json[];
      };
    const video = douyin.publish();
    const answer = await json(api(video.id));
    expect(answer.status_code).toBe(0);
    expect(answer.aweme_details.map((i) => i.aweme_id)).toEqual([video.id]);
    // No item is `null`, not `[]` (as slidesinfo answers since 2026-11, issue 31).
    expect((await json(api(video.id, true))).aweme_details).toBeNull();
    const note = douyin.publish({ editItem: imagePost(2) });
    expect((await json(api(note.id))).aweme_details).toBeNull();
    expect((await json(api(note.id, true))).aweme_details).toHaveLength(1);
    const legacy = douyin.publish({ shape: 'legacy' });
    expect((await get(api(legacy.id))).status).toBe(404);
    expect(douyin.apiHits(video.id)).toBe(2);
  });

  it('bit_rate renditions are listed in the item and served by the CDN', async () => {
    const post = douyin.publish({
      bitRates: [
        {
          gear: 'normal_1080_0',
          width: 1080,
          height: 1920,
          bitRate: 4_000_000,
          bytes: DOUYIN_MEDIA.h264,
        },
        {
          gear: 'adapt_1080_1',
          width: 1080,
          height: 1920,
          h265: true,
          bitRate: 1_700_000,
          bytes: DOUYIN_MEDIA.h265,
        },
      ],
    });
    const url = `https://www.iesdouyin.com/web/api/v2/aweme/slidesinfo/?aweme_ids=%5B${post.id}%5D`;
    const item = (JSON.parse((await get(url)).body.toString('utf8')) as { aweme_details: Json[] })
      .aweme_details[0] as Json;
    const rates = (item.video as Json).bit_rate as Json[];
    expect(rates.map((r) => [r.gear_name, r.is_h265, (r.play_addr as Json).url_key])).toEqual([
      ['normal_1080_0', 0, `${post.playUri}_h264_1080p_4000000`],
      ['adapt_1080_1', 1, `${post.playUri}_bytevc1_1080p_1700000`],
    ]);
    const served = await get(douyin.bitRateUrl(post, 1), referer);
    expect(served.body.equals(DOUYIN_MEDIA.h265)).toBe(true);
  });

  it('a lying CDN announces more bytes than it sends, then hangs up', async () => {
    const { cdnUrl } = douyin.publish({ cdn: { declaredLength: DOUYIN_MEDIA.h264.length + 1000 } });
    const read = request(cdnUrl, { dispatcher, headers: referer }).then((res) =>
      res.body.arrayBuffer(),
    );
    await expect(read).rejects.toThrow();
  });
});
