import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BulkResponseSchema, type Mail } from '../../src-shared/mail/schemas.ts';
import { deliverMany, rawMail } from '../helpers/mail-fixtures.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';

describe('reading mail (GET /api/emails/{email}, POST /api/emails/bulk)', () => {
  let m: MailTestApp;
  let email = '';
  const stored: Mail[] = [];
  beforeAll(async () => {
    m = await startMailTestApp();
    email = (await m.generate()).email;
    const other = (await m.generate()).email;
    // Interleaved with another mailbox, so ids of one box are not contiguous.
    for (let i = 0; i < 230; i++) {
      stored.push(...(await deliverMany(m.t.app, email, 1, () => `m${i}`)));
      if (i % 10 === 0) await deliverMany(m.t.app, other, 1);
    }
  });
  afterAll(() => m.close());

  async function get(path: string) {
    const res = await m.api(path);
    return { status: res.status, body: await res.json() };
  }

  it('an array in ascending id; default limit 50; after_id pages through without gaps', async () => {
    const first = (await get(`/api/emails/${email}`)).body as Mail[];
    expect(first.map((x) => x.id)).toEqual(stored.slice(0, 50).map((x) => x.id));
    const seen: number[] = [];
    let after = 0;
    for (;;) {
      const page = await m.mails(email, `?after_id=${after}&limit=200`);
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(200);
      seen.push(...page.map((x) => x.id));
      after = page.at(-1)?.id ?? after;
    }
    expect(seen).toEqual(stored.map((x) => x.id));
    expect(await m.mails(email, `?after_id=${stored.at(-1)?.id ?? 0}`)).toEqual([]);
    const mid = stored[100]?.id ?? 0;
    expect((await m.mails(email, `?after_id=${mid}&limit=1`)).map((x) => x.id)).toEqual([
      stored[101]?.id,
    ]);
  });

  it('the address in the path is case-insensitive and may be URL-encoded', async () => {
    const page = await m.mails(email.toUpperCase(), '?limit=1'); // mails() sends %40 for @
    expect(page[0]?.id).toBe(stored[0]?.id);
  });

  it.each([
    ['?limit=0'],
    ['?limit=201'],
    ['?limit=abc'],
    ['?limit=1.5'],
    ['?limit='],
    ['?after_id=-1'],
    ['?after_id=x'],
    ['?limit=5&limit=6'],
    ['?wait=31'],
    ['?wait=-1'],
    ['?wait=soon'],
  ])('400 for %s', async (query) => {
    expect(await get(`/api/emails/${email}${query}`)).toEqual({
      status: 400,
      body: { detail: expect.any(String) as unknown },
    });
  });

  it('404 for an address without a lease, 400 for a malformed one', async () => {
    expect((await get('/api/emails/nobody@ephemera.localhost')).status).toBe(404);
    expect((await get('/api/emails/not-an-address')).status).toBe(400);
    expect((await get('/api/emails/x@not-our-domain.org')).status).toBe(400);
  });

  it('?wait holds an empty answer until a mail arrives', async () => {
    const box = (await m.generate()).email;
    const pending = m.mails(box, '?after_id=0&wait=10');
    // The delivery is what ends the wait; no timer in the test decides it.
    const [delivered] = await m.t.app.mail.delivery.deliver(
      { from: null, recipients: [box] },
      rawMail('wake up'),
    );
    const got = await pending;
    expect(got.map((x) => x.id)).toEqual([delivered?.id]);
  });

  it('?wait answers at once when there is already mail, and [] when the time runs out', async () => {
    expect((await m.mails(email, '?wait=30&limit=2')).length).toBe(2);
    expect(await m.mails(email, `?after_id=${stored.at(-1)?.id ?? 0}&wait=0.05`)).toEqual([]);
  });

  it('bulk: a result per item, in order; bad items fail alone', async () => {
    const res = await m.api('/api/emails/bulk', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        items: [
          { email },
          { email, after_id: stored[1]?.id, limit: 2 },
          { email: 'nobody@ephemera.localhost' },
          { email: 'broken' },
          { email, limit: 500 },
          { email, after_id: 'x' },
          { after_id: 3 },
          'not an object',
        ],
      }),
    });
    expect(res.status).toBe(200);
    const { results } = BulkResponseSchema.parse(await res.json());
    const summary = results.map((r) => ('mails' in r ? r.mails.map((x) => x.id) : r.error));
    expect(summary[0]).toEqual(stored.slice(0, 50).map((x) => x.id));
    expect(summary[1]).toEqual([stored[2]?.id, stored[3]?.id]);
    expect(summary.slice(2)).toEqual([
      expect.stringContaining('has no lease'),
      '"broken" is not a valid email address.',
      'limit must be from 1 to 200.',
      'after_id must be an integer.',
      'email must be a string.',
      'Each item must be an object.',
    ]);
    expect(results.map((r) => r.email)).toEqual([
      email,
      email,
      'nobody@ephemera.localhost',
      'broken',
      email,
      email,
      null,
      null,
    ]);
  });

  it.each([
    ['not JSON', '{"items": ['],
    ['not an object', '[1,2]'],
    ['no items', '{}'],
    ['items not an array', '{"items": {"email": "a@b.c"}}'],
    ['no item', '{"items": []}'],
    [
      '101 items',
      JSON.stringify({ items: Array.from({ length: 101 }, () => ({ email: 'a@b.c' })) }),
    ],
    ['empty body', ''],
  ])('bulk: 400 for %s', async (_name, body) => {
    const res = await m.api('/api/emails/bulk', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: expect.any(String) as unknown });
  });

  it('bulk: 100 items is fine; a body over 64 KiB is 413', async () => {
    const hundred = await m.api('/api/emails/bulk', {
      method: 'POST',
      body: JSON.stringify({ items: Array.from({ length: 100 }, () => ({ email, limit: 1 })) }),
    });
    expect(hundred.status).toBe(200);
    const huge = await m.api('/api/emails/bulk', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ email, pad: 'x'.repeat(70_000) }] }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ detail: expect.any(String) as unknown });
  });
});
