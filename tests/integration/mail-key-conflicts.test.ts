import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { jsonOf, rawRequest } from '../helpers/raw-http.ts';
import { UpgradeRefused, WsClient } from '../helpers/ws-client.ts';

const CONFLICT = {
  detail:
    'Send the API key once: this request carries X-API-Key (or Authorization, or api_key) more than once, or two different keys.',
};
const COUNT = { detail: 'count must be an integer in plain digits, e.g. 5.' };

describe('one API key per request, and plain-digit numbers', () => {
  let m: MailTestApp;
  let other = '';
  let email = '';
  beforeAll(async () => {
    m = await startMailTestApp();
    other = m.t.app.mail.keys.create('other').key;
    email = (await m.generate()).email;
  });
  afterAll(() => m.close());

  const get = (headers: Record<string, string | string[]>) =>
    rawRequest(`${m.t.app.httpUrl}/api/generate`, { headers });

  it('a repeated X-API-Key or Authorization header, or two different keys, is a 401 saying so', async () => {
    const cases: Record<string, string | string[]>[] = [
      // Node joins a repeated X-API-Key as "k1, k2"; the old code then read one of them.
      { 'x-api-key': [m.key, other] },
      { 'x-api-key': [m.key, m.key] },
      { authorization: [`Bearer ${m.key}`, `Bearer ${other}`] },
      { authorization: [`Bearer ${m.key}`, `Bearer ${m.key}`] },
      { 'x-api-key': m.key, authorization: `Bearer ${other}` },
      { 'x-api-key': other, authorization: `Bearer ${m.key}` },
    ];
    for (const headers of cases) {
      const res = await get(headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(jsonOf(res), JSON.stringify(headers)).toEqual(CONFLICT);
    }
  });

  it('the same key both ways is fine; a non-Bearer Authorization beside X-API-Key is ignored', async () => {
    for (const headers of [
      { 'x-api-key': m.key, authorization: `Bearer ${m.key}` },
      { 'x-api-key': m.key, authorization: 'Basic dXNlcjpwYXNz' },
    ]) {
      expect((await get(headers)).status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('the WebSocket refuses a repeated api_key or a header that disagrees with it', async () => {
    const base = `${m.t.app.httpUrl.replace('http', 'ws')}/ws/${encodeURIComponent(email)}`;
    const attempts: [string, Record<string, string>][] = [
      [`${base}?api_key=${m.key}&api_key=${other}`, {}],
      [`${base}?api_key=${m.key}&api_key=${m.key}`, {}],
      [`${base}?api_key=${m.key}`, { 'x-api-key': other }],
    ];
    for (const [url, headers] of attempts) {
      const refused = await WsClient.connect(url, { headers }).catch((err: unknown) => err);
      expect(refused, url).toBeInstanceOf(UpgradeRefused);
      expect((refused as UpgradeRefused).status).toBe(401);
      expect(JSON.parse((refused as UpgradeRefused).body)).toEqual(CONFLICT);
    }
    const ok = await WsClient.connect(`${base}?api_key=${m.key}`, {
      headers: { 'x-api-key': m.key },
    });
    await ok.waitFor((x) => x.type === 'connected');
    ok.close();
  });

  it('count (and after_id, limit) must be plain digits: +5, 5.0, " 5", 5e0 are 400', async () => {
    const batch = (query: string) =>
      rawRequest(`${m.t.app.httpUrl}/api/generate/batch?${query}`, {
        method: 'POST',
        headers: { 'x-api-key': m.key },
      });
    for (const query of ['count=+5', 'count=5.0', 'count=%205', 'count=5%20', 'count=5e0']) {
      const res = await batch(query);
      expect(res.status, query).toBe(400);
      expect(jsonOf(res), query).toEqual(COUNT);
    }
    const five = await batch('count=5');
    expect(five.status).toBe(200);
    expect(jsonOf(five)).toHaveLength(5);
    expect(jsonOf(await batch('count=-3'))).toEqual({ detail: 'count must be from 1 to 100.' });

    const read = (query: string) =>
      rawRequest(`${m.t.app.httpUrl}/api/emails/${encodeURIComponent(email)}?${query}`, {
        headers: { 'x-api-key': m.key },
      });
    for (const [query, name] of [
      ['limit=+5', 'limit'],
      ['after_id=%200', 'after_id'],
    ]) {
      const res = await read(query ?? '');
      expect(res.status, query).toBe(400);
      expect(jsonOf(res)).toEqual({
        detail: `${name} must be an integer in plain digits, e.g. 5.`,
      });
    }
    expect((await read('limit=5&after_id=0')).status).toBe(200);
  });
});
