import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../helpers/manual-clock.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';

/** A JSON POST. */
function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('one-time sign-in codes (POST /api/sign-in-codes, /api/sign-in/check, /api/sign-in)', () => {
  let m: MailTestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    m = await startMailTestApp({ clock });
  });
  afterAll(() => m.close());
  const url = (path: string): string => m.t.url(path);
  const make = async (body: unknown = { purpose: 'pair', name: 'Pixel' }) =>
    postJson(url('/api/sign-in-codes'), body, { 'x-api-key': m.key });

  it('makes a code with a key from this computer; checking it names the key to come, exchanging it once makes that key', async () => {
    const res = await make();
    expect(res.status).toBe(201);
    const made = (await res.json()) as {
      code: string;
      purpose: string;
      name: string;
      expires_at: string;
    };
    expect(made).toMatchObject({ purpose: 'pair', name: 'Pixel' });
    expect(made.code).toMatch(/^[\w-]{22}$/);
    expect(Date.parse(made.expires_at) - clock.now()).toBe(10 * 60_000);
    const keysBefore = m.t.app.mail.keys.list().length;

    const check = await postJson(url('/api/sign-in/check'), { code: made.code });
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({
      purpose: 'pair',
      name: 'Pixel',
      expires_at: made.expires_at,
    });
    // Checking makes no key and does not use the code up.
    expect(m.t.app.mail.keys.list().length).toBe(keysBefore);

    const redeemed = await postJson(url('/api/sign-in'), { code: made.code });
    expect(redeemed.status).toBe(200);
    const key = (await redeemed.json()) as { key: string; name: string; hint: string; id: number };
    expect(key).toMatchObject({ name: 'Pixel', hint: key.key.slice(-4) });
    const generate = await m.api('/api/generate', { headers: { 'x-api-key': key.key } });
    expect(generate.status).toBe(200);

    // Used: dead for both routes, with the documented {detail}.
    for (const path of ['/api/sign-in', '/api/sign-in/check']) {
      const again = await postJson(url(path), { code: made.code });
      expect(again.status).toBe(404);
      expect(((await again.json()) as { detail: string }).detail).toMatch(
        /unknown, already used or expired/,
      );
    }
  });

  it('a code dies after 10 minutes', async () => {
    const { code } = (await (await make()).json()) as { code: string };
    clock.advance(10 * 60_000);
    expect((await postJson(url('/api/sign-in'), { code })).status).toBe(404);
  });

  it('sign-in codes default to the name "Browser sign-in"', async () => {
    const { code, name } = (await (await make({ purpose: 'sign-in' })).json()) as {
      code: string;
      name: string;
    };
    expect(name).toBe('Browser sign-in');
    const key = (await (await postJson(url('/api/sign-in'), { code })).json()) as { name: string };
    expect(key.name).toBe('Browser sign-in');
  });

  it('making a code needs a key (401) and a request from this computer; bad bodies are 400', async () => {
    const noKey = await postJson(url('/api/sign-in-codes'), { purpose: 'pair' });
    expect(noKey.status).toBe(401);
    for (const body of [
      {},
      { purpose: 'admin' },
      { purpose: 'pair', name: '' },
      { purpose: 'pair', extra: 1 },
    ]) {
      expect((await make(body)).status).toBe(400);
    }
    for (const body of [{}, { code: 5 }, { code: '' }, []]) {
      const res = await postJson(url('/api/sign-in'), body);
      expect(res.status).toBe(400);
      expect(Object.keys((await res.json()) as object)).toEqual(['detail']);
    }
  });

  it('a page of another site cannot make, check or exchange a code (403)', async () => {
    const { code } = (await (await make()).json()) as { code: string };
    for (const path of ['/api/sign-in', '/api/sign-in/check']) {
      const res = await postJson(url(path), { code }, { 'sec-fetch-site': 'cross-site' });
      expect(res.status).toBe(403);
    }
    const res = await postJson(url('/api/sign-in'), { code }, { origin: 'http://evil.example' });
    expect(res.status).toBe(403);
    // Refused before anything ran: the code still works from the page itself.
    const own = await postJson(url('/api/sign-in'), { code }, { 'sec-fetch-site': 'same-origin' });
    expect(own.status).toBe(200);
  });

  it('at most 16 codes wait at once: the oldest is dropped', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 17; i++)
      codes.push(((await (await make()).json()) as { code: string }).code);
    expect((await postJson(url('/api/sign-in/check'), { code: codes[0] })).status).toBe(404);
    expect((await postJson(url('/api/sign-in/check'), { code: codes[16] })).status).toBe(200);
  });
});
