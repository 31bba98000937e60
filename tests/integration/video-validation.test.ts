import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationErrorBodySchema } from '../../src-shared/api/errors.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe('POST /api/tasks validation (422 in FastAPI shape)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function post(body: string | undefined, contentType?: string): Promise<Response> {
    const headers: Record<string, string> = {};
    if (contentType) headers['content-type'] = contentType;
    return t.request('/api/tasks', { method: 'POST', headers, body });
  }

  async function expect422(res: Response, type: string, loc: (string | number)[]) {
    expect(res.status).toBe(422);
    const body = ValidationErrorBodySchema.parse(await res.json());
    expect(body.detail).toHaveLength(1);
    expect(body.detail[0]).toMatchObject({ type, loc });
    expect(typeof body.detail[0]?.msg).toBe('string');
    return body.detail[0];
  }

  it('missing text', async () => {
    const item = await expect422(await post('{}', 'application/json'), 'missing', ['body', 'text']);
    expect(item).toMatchObject({ msg: 'Field required', input: {} });
  });

  it('missing body', async () => {
    await expect422(await post(undefined, 'application/json'), 'missing', ['body']);
  });

  it('text that is not a string', async () => {
    const item = await expect422(await post('{"text":42}', 'application/json'), 'string_type', [
      'body',
      'text',
    ]);
    expect(item?.input).toBe(42);
  });

  it('empty text', async () => {
    const item = await expect422(
      await post('{"text":""}', 'application/json'),
      'string_too_short',
      ['body', 'text'],
    );
    expect(item?.ctx).toEqual({ min_length: 1 });
  });

  it('4096 characters pass length validation, 4097 do not (counted in code points)', async () => {
    const link = 'https://v.douyin.com/abc123/ ';
    const fill = (n: number) => link + '抖'.repeat(n - link.length);
    const ok = await t.postShare(fill(4096));
    expect(ok.status).toBe(202);
    const emoji = link + '😀'.repeat(4096 - link.length);
    expect([...emoji]).toHaveLength(4096);
    expect((await t.postShare(emoji)).status).toBe(202);
    const item = await expect422(await t.postShare(fill(4097)), 'string_too_long', [
      'body',
      'text',
    ]);
    expect(item?.ctx).toEqual({ max_length: 4096 });
  });

  it('malformed JSON', async () => {
    const res = await post('{"text": ', 'application/json');
    expect(res.status).toBe(422);
    const [item] = ValidationErrorBodySchema.parse(await res.json()).detail;
    expect(item).toMatchObject({ type: 'json_invalid', msg: 'JSON decode error' });
    expect(item?.loc[0]).toBe('body');
    expect(typeof item?.loc[1]).toBe('number');
  });

  it('a JSON body that is not an object', async () => {
    await expect422(
      await post('["https://v.douyin.com/x/"]', 'application/json'),
      'model_attributes_type',
      ['body'],
    );
    await expect422(await post('null', 'application/json'), 'model_attributes_type', ['body']);
  });

  it('a wrong content type', async () => {
    await expect422(
      await post('text=https://v.douyin.com/x/', 'application/x-www-form-urlencoded'),
      'model_attributes_type',
      ['body'],
    );
    await expect422(await post('https://v.douyin.com/x/', 'text/plain'), 'model_attributes_type', [
      'body',
    ]);
  });

  it('JSON with a charset parameter is accepted', async () => {
    const res = await post(
      JSON.stringify({ text: 'https://v.douyin.com/abc/' }),
      'application/json; charset=utf-8',
    );
    expect(res.status).toBe(202);
  });

  it('a huge body is refused with 413 {detail}', async () => {
    const res = await post(JSON.stringify({ text: 'x'.repeat(200_000) }), 'application/json');
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: expect.any(String) as unknown });
  });

  it.each([
    ['no link at all', '复制此链接，打开抖音搜索，直接观看视频！', 'link_missing'],
    ['a link without a scheme', 'v.douyin.com/i5xNsWVx/ 看看', 'link_missing'],
    [
      'two different links',
      'https://v.douyin.com/aaa/ and https://v.douyin.com/bbb/',
      'link_multiple',
    ],
    ['a foreign host', 'https://example.com/video/1', 'platform_unsupported'],
    ['a lookalike host', 'https://douyin.com.evil.example/video/1', 'platform_unsupported'],
    ['an IPv4 literal', 'http://127.0.0.1:8787/api/capacity', 'platform_unsupported'],
    ['a private IPv4 literal', 'https://192.168.1.1/video/1', 'platform_unsupported'],
    ['an IPv6 literal', 'http://[::1]/x', 'platform_unsupported'],
    ['localhost', 'http://localhost/x', 'platform_unsupported'],
    [
      'a platform host on another port',
      'https://www.douyin.com:8443/video/1',
      'platform_unsupported',
    ],
    ['a Douyin note', 'https://www.douyin.com/note/7535852404919586100', 'not_single_video'],
    [
      'Douyin slides',
      'https://www.iesdouyin.com/share/slides/7535852404919586100/',
      'not_single_video',
    ],
    [
      'a TikTok photo post',
      'https://www.tiktok.com/@someone/photo/7305827432509082913',
      'not_single_video',
    ],
  ])('%s', async (_name, text, type) => {
    await expect422(await t.postShare(text), type, ['body', 'text']);
  });

  it('the same link twice is one link', async () => {
    const res = await t.postShare('https://v.douyin.com/same/ https://v.douyin.com/same/');
    expect(res.status).toBe(202);
  });

  it.each([
    [
      'douyin',
      '3.53 04/14 X@z.TY bnD:/ 自动化完成淘宝任务教程  https://v.douyin.com/i5xNsWVx/ 复制此链接，打开Dou音搜索，直接观看视频！',
    ],
    [
      'kuaishou',
      'https://v.kuaishou.com/Fq1fSF 把豆腐和鸡蛋放锅里蒸一蒸… "上快手学做饭 该作品在快手被播放过219.8万次，点击链接，打开【快手】直接观看！',
    ],
    ['tiktok', 'https://vm.tiktok.com/ZGeTo7tHd/'],
    ['kuaishou', 'https://v.m.chenzhongtech.com/fw/photo/3xhjgcmir24m4nm?userId=1'],
  ])('accepts a real %s share text', async (platform, text) => {
    const res = await t.postShare(text);
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ platform });
  });
});

describe('other request errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it.each(['', '/download', '/preview', '/cover'])(
    'unknown token on GET %s → 410 {detail}',
    async (suffix) => {
      const res = await t.request(`/api/tasks/AAAAAAAAAAAAAAAAAAAAAAAA${suffix}`);
      expect(res.status).toBe(410);
      expect(await res.json()).toEqual({ detail: expect.any(String) as unknown });
    },
  );

  it('unknown token on DELETE → 410', async () => {
    const res = await t.request('/api/tasks/nope', { method: 'DELETE' });
    expect(res.status).toBe(410);
  });

  it.each([
    ['abc', 'float_parsing'],
    ['-1', 'greater_than_equal'],
    ['31', 'less_than_equal'],
  ])('?wait=%s → 422 %s', async (wait, type) => {
    const created = (await (await t.postShare('https://v.douyin.com/w/')).json()) as {
      task_id: string;
    };
    const res = await t.request(`/api/tasks/${created.task_id}?wait=${wait}`);
    expect(res.status).toBe(422);
    const body = ValidationErrorBodySchema.parse(await res.json());
    expect(body.detail[0]).toMatchObject({ type, loc: ['query', 'wait'] });
  });

  it('unknown routes → 404 {detail}', async () => {
    const res = await t.request('/api/nothing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Not Found' });
  });
});
