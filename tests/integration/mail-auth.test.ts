import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { UpgradeRefused, WsClient } from '../helpers/ws-client.ts';

describe('mail API keys (docs/API.md "API keys")', () => {
  let m: MailTestApp;
  let email = '';
  beforeAll(async () => {
    m = await startMailTestApp();
    email = (await m.generate()).email;
  });
  afterAll(() => m.close());

  const endpoints = (): [string, string, string?][] => [
    ['GET', '/api/generate'],
    ['POST', '/api/generate/batch?count=1'],
    ['GET', `/api/mailboxes/${email}/lease`],
    ['POST', `/api/mailboxes/${email}/extend`],
    ['POST', `/api/mailboxes/${email}/reuse`],
    ['GET', `/api/emails/${email}`],
    ['POST', '/api/emails/bulk', JSON.stringify({ items: [{ email }] })],
  ];

  async function statusWith(headers: Record<string, string>): Promise<number[]> {
    const out: number[] = [];
    for (const [method, path, body] of endpoints()) {
      const res = await m.t.request(path, { method, headers, body });
      out.push(res.status);
      if (res.status === 401) {
        expect(res.headers.get('www-authenticate')).toBe('Bearer');
        expect(await res.json()).toEqual({ detail: expect.any(String) as unknown });
      } else {
        await res.body?.cancel();
      }
    }
    return out;
  }

  it('401 on every mail endpoint without a key, with a wrong key, or a malformed header', async () => {
    const all401 = endpoints().map(() => 401);
    expect(await statusWith({})).toEqual(all401);
    expect(await statusWith({ 'x-api-key': 'eph_wrong' })).toEqual(all401);
    expect(await statusWith({ authorization: `Basic ${m.key}` })).toEqual(all401);
    expect(await statusWith({ authorization: 'Bearer' })).toEqual(all401);
  });

  it('the key works as X-API-Key and as Authorization: Bearer (any case of "bearer")', async () => {
    const ok = endpoints().map(() => 200);
    expect(await statusWith({ 'x-api-key': m.key })).toEqual(ok);
    expect(await statusWith({ authorization: `bearer ${m.key}` })).toEqual(ok);
  });

  it('REST does not take the key from the query string', async () => {
    const res = await m.t.request(`/api/generate?api_key=${m.key}`);
    expect(res.status).toBe(401);
  });

  it('a disabled key and a deleted key get 401 at once', async () => {
    const other = m.t.app.mail.keys.create('to disable');
    expect(
      (await m.t.request('/api/generate', { headers: { 'x-api-key': other.key } })).status,
    ).toBe(200);
    m.t.app.mail.keys.disable(other.id);
    const disabled = await m.t.request('/api/generate', { headers: { 'x-api-key': other.key } });
    expect(disabled.status).toBe(401);
    expect(await disabled.json()).toEqual({ detail: 'The API key has been disabled.' });
    const third = m.t.app.mail.keys.create('to delete');
    m.t.app.mail.keys.delete(third.id);
    const deleted = await m.t.request('/api/generate', {
      headers: { authorization: `Bearer ${third.key}` },
    });
    expect(deleted.status).toBe(401);
    expect(await deleted.json()).toEqual({ detail: 'The API key is not valid.' });
  });

  it('the WebSocket upgrade is refused with 401 without, or with a wrong, key', async () => {
    const base = `${m.t.app.httpUrl.replace('http', 'ws')}/ws/${email}`;
    for (const url of [base, `${base}?api_key=nope`, `${base}?api_key=`]) {
      const refused = await WsClient.connect(url).then(
        () => null,
        (err: unknown) => err,
      );
      expect(refused).toBeInstanceOf(UpgradeRefused);
      expect((refused as UpgradeRefused).status).toBe(401);
      expect(JSON.parse((refused as UpgradeRefused).body)).toEqual({
        detail: expect.any(String) as unknown,
      });
    }
    const ok = await WsClient.connect(`${base}?api_key=${encodeURIComponent(m.key)}`);
    expect((await ok.waitFor((x) => x.type === 'connected'))[0]).toMatchObject({ email });
    ok.close();
  });

  it('the video endpoints stay anonymous', async () => {
    expect((await m.t.request('/api/capacity')).status).toBe(200);
    expect((await m.t.request('/api/health')).status).toBe(200);
  });
});

describe('the per-IP rate limit covers the mail endpoints and the WebSocket upgrade', () => {
  let m: MailTestApp;
  beforeAll(async () => {
    m = await startMailTestApp({ rateLimits: { requestsPerMinute: 4 } });
  });
  afterAll(() => m.close());

  it('answers 429 with Retry-After and {detail} past the limit, keys or not', async () => {
    const { email } = await m.generate();
    expect((await m.api(`/api/emails/${email}`)).status).toBe(200);
    const ws = await WsClient.connect(
      `${m.t.app.httpUrl.replace('http', 'ws')}/ws/${email}?api_key=${m.key}`,
    );
    ws.close();
    expect((await m.api('/api/generate/batch?count=1', { method: 'POST' })).status).toBe(200);
    const limited = await m.api(`/api/emails/${email}`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({
      detail: expect.stringContaining('Too many') as unknown,
    });
    const refused = await WsClient.connect(
      `${m.t.app.httpUrl.replace('http', 'ws')}/ws/${email}?api_key=${m.key}`,
    ).then(
      () => null,
      (err: unknown) => err as UpgradeRefused,
    );
    expect(refused?.status).toBe(429);
  });

  it('HEAD /api/generate does not exist (a GET that creates a lease has no HEAD twin)', async () => {
    const m2 = await startMailTestApp();
    try {
      const head = await m2.api('/api/generate', { method: 'HEAD' });
      expect(head.status).toBe(404);
    } finally {
      await m2.close();
    }
  });
});
