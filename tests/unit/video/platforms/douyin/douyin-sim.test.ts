import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { PlatformSim } from '../../../../fixtures/platform-sim/sim-server.ts';
import { simDispatcher } from '../../../../fixtures/platform-sim/sim-dispatcher.ts';
import {
  buildPost,
  buildSharePage,
} from '../../../../fixtures/platform-sim/douyin/douyin-pages.ts';
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

  it('a lying CDN announces more bytes than it sends, then hangs up', async () => {
    const { cdnUrl } = douyin.publish({ cdn: { declaredLength: DOUYIN_MEDIA.h264.length + 1000 } });
    const read = request(cdnUrl, { dispatcher, headers: referer }).then((res) =>
      res.body.arrayBuffer(),
    );
    await expect(read).rejects.toThrow();
  });
});
