import { request, type Dispatcher } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { simDispatcher } from '../../../../fixtures/platform-sim/sim-dispatcher.ts';
import { PlatformSim } from '../../../../fixtures/platform-sim/sim-server.ts';
import { H264_MP4, KuaishouSim } from '../../../../fixtures/platform-sim/kuaishou/kuaishou-sim.ts';

/** The simulator itself: its CDN must be as strict as the tests claim. */
describe('Kuaishou simulator CDN', () => {
  let sim: PlatformSim;
  let ks: KuaishouSim;
  let dispatcher: Dispatcher;
  beforeEach(async () => {
    sim = await new PlatformSim().start();
    ks = new KuaishouSim(sim);
    dispatcher = simDispatcher(sim.port);
  });
  afterEach(async () => {
    await dispatcher.close();
    await sim.stop();
  });

  async function get(url: string, headers: Record<string, string> = {}) {
    const res = await request(url, { dispatcher, headers });
    return {
      status: res.statusCode,
      headers: res.headers,
      body: Buffer.from(await res.body.arrayBuffer()),
    };
  }

  const REFERER = { referer: 'https://v.m.chenzhongtech.com/' };

  it('refuses a request without a Kuaishou Referer with 403', async () => {
    const post = ks.publish();
    const url = post.facts.mirrors[0] ?? '';
    expect((await get(url)).status).toBe(403);
    expect((await get(url, { referer: 'https://evil.example.com/' })).status).toBe(403);
    expect((await get(url, { referer: 'https://kuaishou.com.evil.net/' })).status).toBe(403);
    const ok = await get(url, REFERER);
    expect(ok.status).toBe(200);
    expect(ok.body.equals(H264_MP4)).toBe(true);
    expect(ok.headers['content-length']).toBe(String(H264_MP4.length));
  });

  it('serves byte ranges of the real MP4', async () => {
    const url = ks.publish().facts.mirrors[0] ?? '';
    const part = await get(url, { ...REFERER, range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${H264_MP4.length}`);
    expect(part.body.equals(H264_MP4.subarray(100, 200))).toBe(true);
    const tail = await get(url, { ...REFERER, range: `bytes=${H264_MP4.length - 10}-` });
    expect(tail.body.equals(H264_MP4.subarray(-10))).toBe(true);
    const past = await get(url, { ...REFERER, range: `bytes=${H264_MP4.length}-` });
    expect(past.status).toBe(416);
  });

  it('serves the phone page only to phones, like the real share page', async () => {
    const post = ks.publish();
    const phone = await get(post.mobileUrl, {
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5)',
    });
    expect(phone.body.toString()).toContain('window.INIT_STATE = ');
    const desktop = await get(post.mobileUrl, { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0)' });
    expect(desktop.body.toString()).not.toContain('INIT_STATE');
  });
});
