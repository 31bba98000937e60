import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailListSchema, MailSchema, type Mail } from '../../src-shared/mail/schemas.ts';
import { deliverMany } from '../helpers/mail-fixtures.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';

async function detail(res: Response): Promise<string> {
  return ((await res.json()) as { detail: string }).detail;
}

describe('controlling mail: delete, empty, read state (REST)', () => {
  let m: MailTestApp;
  beforeAll(async () => {
    m = await startMailTestApp();
  });
  afterAll(() => m.close());

  it('DELETE /api/emails/{email}/{id}: 200 {deleted: 1}, then gone from the list and by id; 404 again', async () => {
    const { email } = await m.generate();
    const [a, b] = await deliverMany(m.t.app, email, 2);
    if (!a || !b) throw new Error('not stored');
    const res = await m.api(`/api/emails/${email}/${a.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: 1 });
    expect((await m.mails(email)).map((x) => x.id)).toEqual([b.id]);
    expect((await m.api(`/api/emails/${email}/${a.id}`)).status).toBe(404);
    const again = await m.api(`/api/emails/${email}/${a.id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(await detail(again)).toBe(`No mail ${a.id} in this mailbox.`);
  });

  it("another mailbox's id is 404 and stays stored; bad id 400; unknown mailbox 404; no key 401", async () => {
    const { email } = await m.generate();
    const { email: other } = await m.generate();
    const [mine] = await deliverMany(m.t.app, email, 1);
    if (!mine) throw new Error('not stored');
    expect((await m.api(`/api/emails/${other}/${mine.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await m.api(`/api/emails/${email}/abc`, { method: 'DELETE' })).status).toBe(400);
    expect((await m.api(`/api/emails/${email}/0`, { method: 'DELETE' })).status).toBe(400);
    const unknown = await m.api(`/api/emails/nobody@ephemera.localhost/${mine.id}`, {
      method: 'DELETE',
    });
    expect(unknown.status).toBe(404);
    const anon = await m.t.request(`/api/emails/${email}/${mine.id}`, { method: 'DELETE' });
    expect(anon.status).toBe(401);
    expect(await detail(anon)).toMatch(/API key is required/);
    const anonEmpty = await m.t.request(`/api/emails/${email}`, { method: 'DELETE' });
    expect(anonEmpty.status).toBe(401);
    const bad = await m.t.request(`/api/emails/${email}`, {
      method: 'DELETE',
      headers: { 'x-api-key': 'nope' },
    });
    expect(bad.status).toBe(401);
    // A page on another site, even one that somehow holds the key, is refused before the route.
    for (const path of [`/api/emails/${email}/${mine.id}`, `/api/emails/${email}`]) {
      const cross = await m.api(path, {
        method: 'DELETE',
        headers: {
          'x-api-key': m.key,
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
        },
      });
      expect(cross.status).toBe(403);
    }
    expect((await m.mails(email)).map((x) => x.id)).toEqual([mine.id]);
  });

  it('DELETE /api/emails/{email}: {deleted: N} for this mailbox only, then {deleted: 0}; the lease stays', async () => {
    const { email } = await m.generate();
    const { email: other } = await m.generate();
    await deliverMany(m.t.app, email, 3);
    await deliverMany(m.t.app, other, 2);
    const res = await m.api(`/api/emails/${email.toUpperCase()}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: 3 });
    expect(await m.mails(email)).toEqual([]);
    expect(await m.mails(other)).toHaveLength(2);
    const again = await m.api(`/api/emails/${email}`, { method: 'DELETE' });
    expect(await again.json()).toEqual({ deleted: 0 });
    expect((await m.api(`/api/mailboxes/${email}/lease`)).status).toBe(200);
    expect(
      (await m.api('/api/emails/nobody@ephemera.localhost', { method: 'DELETE' })).status,
    ).toBe(404);
    expect((await m.api('/api/emails/not-an-address', { method: 'DELETE' })).status).toBe(400);
    // New mail after emptying is listed as usual (ids are never reused).
    const [later] = await deliverMany(m.t.app, email, 1);
    expect((await m.mails(email)).map((x) => x.id)).toEqual([later?.id]);
  });

  it('every mail object carries read: false when new; POST …/read flips it in list, by id and back', async () => {
    const { email } = await m.generate();
    const [a, b] = await deliverMany(m.t.app, email, 2);
    if (!a || !b) throw new Error('not stored');
    expect(a.read).toBe(false);
    const list = MailListSchema.parse(await m.mails(email));
    expect(list.map((x) => x.read)).toEqual([false, false]);
    const mark = (id: number, body: string) =>
      m.api(`/api/emails/${email}/${id}/read`, { method: 'POST', body });
    const res = await mark(a.id, '{"read": true}');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: a.id, read: true });
    expect((await m.mails(email)).map((x) => x.read)).toEqual([true, false]);
    const whole = MailSchema.strict().parse(
      await (await m.api(`/api/emails/${email}/${a.id}`)).json(),
    );
    expect(whole.read).toBe(true);
    expect(await (await mark(a.id, '{"read": false}')).json()).toEqual({ id: a.id, read: false });
    expect((await m.mails(email)).map((x) => x.read)).toEqual([false, false]);
  });

  it('POST …/read: 400 for a bad body, 404 for another mailbox or a deleted mail, 401 without a key', async () => {
    const { email } = await m.generate();
    const { email: other } = await m.generate();
    const [a] = await deliverMany(m.t.app, email, 1);
    if (!a) throw new Error('not stored');
    const mark = (box: string, id: number | string, body: string) =>
      m.api(`/api/emails/${box}/${id}/read`, { method: 'POST', body });
    for (const body of [
      '',
      '{}',
      '{"read": "yes"}',
      '{"read": 1}',
      '[true]',
      '{"read": true, "x": 1}',
      '{bad',
    ]) {
      const res = await mark(email, a.id, body);
      expect(res.status, body).toBe(400);
      expect(typeof (await detail(res))).toBe('string');
    }
    expect((await mark(email, 'x', '{"read": true}')).status).toBe(400);
    expect((await mark(other, a.id, '{"read": true}')).status).toBe(404);
    expect((await m.mails(email))[0]?.read).toBe(false);
    const anon = await m.t.request(`/api/emails/${email}/${a.id}/read`, {
      method: 'POST',
      body: '{"read": true}',
    });
    expect(anon.status).toBe(401);
    await m.api(`/api/emails/${email}/${a.id}`, { method: 'DELETE' });
    expect((await mark(email, a.id, '{"read": true}')).status).toBe(404);
  });

  it('POST …/read-all: {marked: N} for the unread mails of this mailbox only, then {marked: 0}', async () => {
    const { email } = await m.generate();
    const { email: other } = await m.generate();
    const [a, b, c] = await deliverMany(m.t.app, email, 3);
    await deliverMany(m.t.app, other, 2);
    if (!a || !b || !c) throw new Error('not stored');
    await m.api(`/api/emails/${email}/${b.id}/read`, { method: 'POST', body: '{"read": true}' });
    const readAll = (box: string) => m.api(`/api/emails/${box}/read-all`, { method: 'POST' });
    const res = await readAll(email.toUpperCase());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ marked: 2 });
    expect((await m.mails(email)).map((x) => x.read)).toEqual([true, true, true]);
    // Another mailbox is untouched; a second call is a no-op that says so.
    expect((await m.mails(other)).map((x) => x.read)).toEqual([false, false]);
    expect(await (await readAll(email)).json()).toEqual({ marked: 0 });
    // A mail that arrives afterwards is unread, and the next call marks only it.
    await deliverMany(m.t.app, email, 1);
    expect((await m.mails(email)).map((x) => x.read)).toEqual([true, true, true, false]);
    expect(await (await readAll(email)).json()).toEqual({ marked: 1 });
    // An empty mailbox answers 0, not 404: the mailbox exists.
    const { email: empty } = await m.generate();
    expect(await (await readAll(empty)).json()).toEqual({ marked: 0 });
  });

  it('POST …/read-all: 404 unknown mailbox, 400 malformed address, 401 without a key, 403 cross-site', async () => {
    const { email } = await m.generate();
    await deliverMany(m.t.app, email, 1);
    const unknown = await m.api('/api/emails/nobody@ephemera.localhost/read-all', {
      method: 'POST',
    });
    expect(unknown.status).toBe(404);
    expect(typeof (await detail(unknown))).toBe('string');
    const malformed = await m.api('/api/emails/not-an-address/read-all', { method: 'POST' });
    expect(malformed.status).toBe(400);
    expect(typeof (await detail(malformed))).toBe('string');
    const anon = await m.t.request(`/api/emails/${email}/read-all`, { method: 'POST' });
    expect(anon.status).toBe(401);
    expect(await detail(anon)).toMatch(/API key is required/);
    const badKey = await m.t.request(`/api/emails/${email}/read-all`, {
      method: 'POST',
      headers: { 'x-api-key': 'nope' },
    });
    expect(badKey.status).toBe(401);
    const cross = await m.api(`/api/emails/${email}/read-all`, {
      method: 'POST',
      headers: {
        'x-api-key': m.key,
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(cross.status).toBe(403);
    expect(typeof (await detail(cross))).toBe('string');
    // None of the refused calls marked anything.
    expect((await m.mails(email)).map((x) => x.read)).toEqual([false]);
  });
});

describe('searching a mailbox (GET /api/emails/{email}?q=)', () => {
  let m: MailTestApp;
  let email = '';
  let other = '';
  const stored: Mail[] = [];
  beforeAll(async () => {
    m = await startMailTestApp({ mail: { responseBytes: 4096 } });
    email = (await m.generate()).email;
    other = (await m.generate()).email;
    const subjects = ['Your GitHub code', 'Weekly news', 'Café invoice', 'Reset your password'];
    const bodies = ['code 111111', 'nothing here', 'Total: 12 EUR', 'Click the link'];
    for (let i = 0; i < 4; i++) {
      stored.push(
        ...(await deliverMany(
          m.t.app,
          email,
          1,
          () => subjects[i] ?? '',
          () => bodies[i] ?? '',
        )),
      );
    }
    // The other mailbox holds the same words: a search must never return its mails.
    await deliverMany(
      m.t.app,
      other,
      3,
      () => 'Your GitHub code',
      () => 'code 222222',
    );
  });
  afterAll(() => m.close());

  const ids = (mails: Mail[]) => mails.map((x) => x.id);
  const search = async (q: string, extra = '') => {
    const res = await m.api(`/api/emails/${email}?q=${encodeURIComponent(q)}${extra}`);
    return { res, body: await res.json() };
  };

  it('matches words in subject, text and sender, case- and accent-insensitive, all words required', async () => {
    expect(ids((await search('github')).body as Mail[])).toEqual([stored[0]?.id]);
    expect(ids((await search('CODE')).body as Mail[])).toEqual([stored[0]?.id]);
    expect(ids((await search('cafe')).body as Mail[])).toEqual([stored[2]?.id]);
    expect(ids((await search('eur total')).body as Mail[])).toEqual([stored[2]?.id]);
    expect(ids((await search('github invoice')).body as Mail[])).toEqual([]);
    expect(ids((await search('sender@example.org')).body as Mail[])).toEqual(ids(stored));
    expect(ids((await search('Sender')).body as Mail[])).toEqual(ids(stored));
    expect(ids((await search('missingword')).body as Mail[])).toEqual([]);
    const { res } = await search('your');
    expect(res.headers.get('x-ephemera-more')).toBe('false');
  });

  it('FTS5 syntax in q is plain words: quotes, stars, NEAR, column filters never make a 500', async () => {
    for (const q of [
      '"',
      'code"',
      '*',
      'co*',
      'NEAR(a b)',
      'mailbox: x',
      'subject:code',
      'a OR',
      '(',
      '-code',
      'AND',
      '^code',
      '{text}: x',
    ]) {
      const { res, body } = await search(q);
      expect(res.status, q).not.toBe(500);
      if (res.status === 200) MailListSchema.parse(body);
    }
    // subject: is an operator (the subject holds "code"); FTS5's own column syntax is not.
    expect(ids((await search('subject:code')).body as Mail[])).toEqual([stored[0]?.id]);
    expect(ids((await search('subject:github from:sender')).body as Mail[])).toEqual([
      stored[0]?.id,
    ]);
    expect(ids((await search('from:github')).body as Mail[])).toEqual([]);
    expect(ids((await search('is:unread')).body as Mail[])).toEqual(ids(stored));
    expect(ids((await search('"github" (code)')).body as Mail[])).toEqual([stored[0]?.id]);
  });

  it('400 {detail} for an empty q, q without letters or digits, too long or repeated, or with wait', async () => {
    for (const extra of [
      '?q=',
      '?q=%20%20',
      '?q=%22*%22',
      `?q=${'a'.repeat(257)}`,
      '?q=a&q=b',
      '?q=a&wait=1',
      `?q=${Array.from({ length: 17 }, (_, i) => `w${i}`).join('+')}`,
    ]) {
      const res = await m.api(`/api/emails/${email}${extra}`);
      expect(res.status, extra).toBe(400);
      expect(typeof (await detail(res))).toBe('string');
    }
    expect((await m.api(`/api/emails/${email}?q=code&limit=0`)).status).toBe(400);
    expect((await m.api('/api/emails/nobody@ephemera.localhost?q=code')).status).toBe(404);
    expect((await m.t.request(`/api/emails/${email}?q=code`)).status).toBe(401);
  });

  it('pages with after_id and limit, and stops at the byte budget saying X-Ephemera-More', async () => {
    const first = await search('sender', '&limit=2');
    expect(ids(first.body as Mail[])).toEqual(ids(stored.slice(0, 2)));
    expect(first.res.headers.get('x-ephemera-more')).toBe('true');
    const next = await search('sender', `&limit=2&after_id=${stored[1]?.id}`);
    expect(ids(next.body as Mail[])).toEqual(ids(stored.slice(2, 4)));
    expect(next.res.headers.get('x-ephemera-more')).toBe('false');
    // A 4096-byte budget holds at most 15 mails of 256+ bytes: many matches come in pages.
    await deliverMany(
      m.t.app,
      email,
      40,
      (i) => `bulk ${i}`,
      () => 'filler words',
    );
    const seen: number[] = [];
    let after = 0;
    for (let round = 0; round < 20; round++) {
      const page = await search('filler', `&limit=200&after_id=${after}`);
      const mails = page.body as Mail[];
      seen.push(...ids(mails));
      expect(mails.length).toBeLessThan(40);
      if (page.res.headers.get('x-ephemera-more') !== 'true') break;
      after = mails.at(-1)?.id ?? after;
    }
    expect(seen).toHaveLength(40);
    expect(new Set(seen).size).toBe(40);
  });

  it('a deleted mail is no longer found', async () => {
    const { email: box } = await m.generate();
    const [a] = await deliverMany(m.t.app, box, 1, () => 'unique zebra');
    const found = async () => (await (await m.api(`/api/emails/${box}?q=zebra`)).json()) as Mail[];
    expect(ids(await found())).toEqual([a?.id]);
    await m.api(`/api/emails/${box}/${a?.id}`, { method: 'DELETE' });
    expect(await found()).toEqual([]);
  });
});
