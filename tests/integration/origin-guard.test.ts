import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { jsonOf, rawRequest, type RawResponse } from '../helpers/raw-http.ts';
import { UpgradeRefused, WsClient } from '../helpers/ws-client.ts';

const SHARE = 'https://v.douyin.com/iRNBho6u/';

describe('cross-site requests from web pages (CSRF)', () => {
  let m: MailTestApp;
  let base = '';
  let email = '';
  beforeAll(async () => {
    m = await startMailTestApp();
    base = m.t.app.httpUrl;
    email = (await m.generate()).email;
  });
  afterAll(() => m.close());

  const self = (): string => base;

  function createTask(headers: Record<string, string>, body = JSON.stringify({ text: SHARE })) {
    return rawRequest(`${base}/api/tasks`, { method: 'POST', headers, body });
  }

  async function used(): Promise<number> {
    const res = await m.t.request('/api/capacity');
    return ((await res.json()) as { used: number }).used;
  }

  function expectRefused(res: RawResponse, what: string): void {
    expect(res.status, what).toBe(403);
    expect(jsonOf(res), what).toEqual({
      detail: expect.stringMatching(
        /^Cross-origin request refused: .+ use Ephemera's own page/,
      ) as unknown,
    });
  }

  it('a page on another site cannot create a task, whatever it sends (the old code let no-cors fetches through)', async () => {
    const before = await used();
    const attempts: Record<string, string>[] = [
      // fetch(url, {method: 'POST', mode: 'no-cors', body: blob}) from https://evil.example
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      // the same from a browser without Fetch Metadata (plain-http page, older browser)
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'content-type': 'text/plain' },
      // a sandboxed frame or a file:// page
      { origin: 'null' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      // another port on this very machine is same-site but not same-origin
      { origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-site' },
      { origin: 'http://127.0.0.1:3000' },
      { origin: 'http://localhost:3000' },
      // Fetch Metadata wins over an Origin that happens to match
      { origin: self(), 'sec-fetch-site': 'cross-site' },
      { origin: 'not a url' },
      { origin: 'ftp://127.0.0.1' },
    ];
    for (const headers of attempts) {
      expectRefused(
        await createTask({ 'content-type': 'application/json', ...headers }),
        JSON.stringify(headers),
      );
    }
    expect(await used()).toBe(before);
  });

  it('own page, typed URLs and clients without browser headers still work', async () => {
    const allowed: Record<string, string>[] = [
      {},
      { origin: self() },
      { origin: self(), 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      // Behind a TLS reverse proxy the page is https; Sec-Fetch-Site says same-origin.
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
      // Without Fetch Metadata the Origin's host must be the Host (scheme not compared).
      { origin: self().replace('http:', 'https:') },
    ];
    for (const headers of allowed) {
      const res = await createTask({ 'content-type': 'application/json', ...headers });
      expect(res.status, JSON.stringify(headers)).toBe(202);
      const { task_id } = jsonOf(res) as { task_id: string };
      await m.t.request(`/api/tasks/${task_id}`, { method: 'DELETE' });
    }
  });

  it('every unsafe method on every kind of route is checked; safe ones are not', async () => {
    const evil = { origin: 'https://evil.example', 'x-api-key': m.key };
    const unsafe: [string, string][] = [
      ['DELETE', '/api/tasks/AAAAAAAAAAAAAAAAAAAAAAAA'],
      ['POST', '/api/generate/batch?count=1'],
      ['POST', `/api/mailboxes/${encodeURIComponent(email)}/extend`],
      ['POST', '/api/emails/bulk'],
      ['PATCH', '/api/settings'],
      ['POST', '/api/keys'],
      ['POST', '/api/keys/1/disable'],
      ['DELETE', '/api/keys/1'],
      ['PUT', '/api/anything'],
    ];
    for (const [method, path] of unsafe) {
      expectRefused(await rawRequest(`${base}${path}`, { method, headers: evil }), path);
    }
    expect((await m.api('/api/keys').then((r) => r.json())) as object).toMatchObject({
      keys: [{ id: 1, disabled_at: null }],
    });
    for (const path of ['/api/capacity', '/api/health', '/', `/api/emails/${email}`]) {
      const res = await rawRequest(`${base}${path}`, { headers: evil });
      expect(res.status, path).toBe(200);
      // No CORS: the page can send a GET but never read the answer.
      expect(res.headers['access-control-allow-origin'], path).toBeUndefined();
    }
    const preflight = await rawRequest(`${base}/api/tasks`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a WebSocket from another site is refused before the upgrade; the own page connects', async () => {
    const url = `${base.replace('http', 'ws')}/ws/${encodeURIComponent(email)}?api_key=${m.key}`;
    const refusedHeaders: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: self(), 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of refusedHeaders) {
      const refused = await WsClient.connect(url, { headers }).catch((err: unknown) => err);
      expect(refused, JSON.stringify(headers)).toBeInstanceOf(UpgradeRefused);
      expect((refused as UpgradeRefused).status).toBe(403);
      expect((refused as UpgradeRefused).body).toContain('Cross-origin request refused');
    }
    const allowedHeaders: Record<string, string>[] = [
      { origin: self() },
      { 'sec-fetch-site': 'same-origin' },
      {},
    ];
    for (const headers of allowedHeaders) {
      const ws = await WsClient.connect(url, { headers });
      await ws.waitFor((x) => x.type === 'connected');
      ws.close();
    }
  });
});

describe('WebSocket upgrades to paths without a WebSocket', () => {
  let m: MailTestApp;
  beforeAll(async () => {
    m = await startMailTestApp();
  });
  afterAll(() => m.close());

  it('get an HTTP 404 {detail}, not 101 then a close', async () => {
    const ws = m.t.app.httpUrl.replace('http', 'ws');
    for (const path of [
      '/nope',
      '/',
      '/ws',
      '/ws/a/b',
      '/api/capacity',
      `/api/generate?api_key=${m.key}`,
      '/assets/x.js',
    ]) {
      const refused = await WsClient.connect(`${ws}${path}`, {
        headers: { 'x-api-key': m.key },
      }).catch((err: unknown) => err);
      expect(refused, path).toBeInstanceOf(UpgradeRefused);
      expect((refused as UpgradeRefused).status, path).toBe(404);
      expect(JSON.parse((refused as UpgradeRefused).body), path).toEqual({
        detail: 'There is no WebSocket at this path; mail streams at /ws/{email}.',
      });
    }
  });
});
