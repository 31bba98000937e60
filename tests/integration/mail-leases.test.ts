import { afterEach, describe, expect, it } from 'vitest';
import { LeaseSchema, type Lease } from '../../src-shared/mail/schemas.ts';
import { ManualClock } from '../helpers/manual-clock.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';

const MIN = 60_000;

describe('mailbox leases over HTTP: state table, endpoints, errors', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function boot(options: Parameters<typeof startMailTestApp>[0] = {}) {
    const clock = new ManualClock();
    const m = await startMailTestApp({ clock, ...options });
    cleanups.push(() => m.close());
    return { m, clock };
  }

  async function call(m: MailTestApp, method: string, path: string) {
    const res = await m.api(path, { method });
    return { status: res.status, body: await res.json() };
  }

  const leasePath = (email: string, action: string): string =>
    `/api/mailboxes/${encodeURIComponent(email)}/${action}`;

  it('GET /api/generate: 200 with every lease field, UTC ISO times with Z', async () => {
    const { m, clock } = await boot();
    const { status, body } = await call(m, 'GET', '/api/generate');
    expect(status).toBe(200);
    const lease = LeaseSchema.strict().parse(body);
    expect(lease.email).toMatch(/^[a-z0-9]{10}@ephemera\.localhost$/);
    expect(lease.generated_at).toBe(new Date(clock.now()).toISOString());
    expect(lease.expires_at).toBe(new Date(clock.now() + 30 * MIN).toISOString());
  });

  it('POST /api/generate/batch: count 1 and 100 work; 0, 101, missing, text, 1.5 are 400', async () => {
    const { m } = await boot();
    const one = await call(m, 'POST', '/api/generate/batch?count=1');
    expect(one.status).toBe(200);
    expect(LeaseSchema.array().length(1).parse(one.body)).toHaveLength(1);
    const hundred = await call(m, 'POST', '/api/generate/batch?count=100');
    const leases = LeaseSchema.array().parse(hundred.body);
    expect(new Set(leases.map((l) => l.email)).size).toBe(100);
    for (const bad of ['?count=0', '?count=101', '', '?count=abc', '?count=1.5', '?count=-3']) {
      const res = await call(m, 'POST', `/api/generate/batch${bad}`);
      expect(res, bad).toEqual({ status: 400, body: { detail: expect.any(String) as unknown } });
    }
  });

  it('every row of the state table, through the real endpoints', async () => {
    const { m, clock } = await boot();
    const lease = (await call(m, 'GET', '/api/generate')).body as Lease;

    // unexpired → extend → unexpired, 15 minutes on, count + 1
    const extended = await call(m, 'POST', leasePath(lease.email, 'extend'));
    expect(extended).toMatchObject({
      status: 200,
      body: {
        email: lease.email,
        extension_count: 1,
        expires_at: new Date(Date.parse(lease.expires_at) + 15 * MIN).toISOString(),
      },
    });
    // … 11 more are allowed, the 13th is refused
    for (let i = 0; i < 11; i++) await call(m, 'POST', leasePath(lease.email, 'extend'));
    const refused = await call(m, 'POST', leasePath(lease.email, 'extend'));
    expect(refused.status).toBe(400);
    expect((refused.body as { detail: string }).detail).toMatch(/^extension limit reached/);

    // GET lease: the current lease
    const current = await call(m, 'GET', leasePath(lease.email, 'lease'));
    expect(current.body).toMatchObject({ extension_count: 12, max_extension_count: 12 });

    // expired → extend → unexpired (reactivated)
    clock.advance(30 * MIN + 12 * 15 * MIN);
    const reactivated = await call(m, 'POST', leasePath(lease.email, 'extend'));
    expect(reactivated.body).toMatchObject({
      email: lease.email,
      extension_count: 0,
      generated_at: new Date(clock.now()).toISOString(),
    });

    // expired → reuse → unexpired; unexpired reuse returns the lease unchanged
    clock.advance(30 * MIN);
    const reused = await call(m, 'POST', leasePath(lease.email, 'reuse'));
    expect(reused.body).toMatchObject({
      email: lease.email,
      generated_at: new Date(clock.now()).toISOString(),
    });
    expect(await call(m, 'POST', leasePath(lease.email, 'reuse'))).toEqual(reused);

    // no lease record → extend → unexpired (a new lease), on a pool domain
    const fresh = await call(m, 'POST', leasePath('My.Box@ephemera.localhost', 'extend'));
    expect(fresh).toMatchObject({
      status: 200,
      body: { email: 'my.box@ephemera.localhost', extension_count: 0 },
    });
  });

  it('400 for a malformed address or a domain off the pool; 404 for an unrecorded one', async () => {
    const { m } = await boot();
    for (const action of ['lease', 'extend', 'reuse']) {
      const method = action === 'lease' ? 'GET' : 'POST';
      expect(await call(m, method, leasePath('no-at-sign', action))).toEqual({
        status: 400,
        body: { detail: '"no-at-sign" is not a valid email address.' },
      });
      expect(await call(m, method, leasePath('a@elsewhere.org', action))).toEqual({
        status: 400,
        body: { detail: "elsewhere.org is not one of this server's mail domains." },
      });
    }
    for (const [method, action] of [
      ['GET', 'lease'],
      ['POST', 'reuse'],
    ]) {
      const res = await call(
        m,
        method ?? '',
        leasePath('unknown@ephemera.localhost', action ?? ''),
      );
      expect(res).toEqual({
        status: 404,
        body: { detail: expect.stringContaining('has no lease') as unknown },
      });
    }
  });

  it('a 254-character address works in a path; a longer one is 400, a huge path a 4xx', async () => {
    const domain = `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(56)}.test`;
    const { m } = await boot({ config: { domains: [domain] } });
    const longest = `${'a'.repeat(64)}@${domain}`;
    expect(longest).toHaveLength(254);
    const ok = await call(m, 'POST', leasePath(longest, 'extend'));
    expect(ok).toMatchObject({ status: 200, body: { email: longest } });
    expect((await call(m, 'GET', `/api/emails/${longest}`)).status).toBe(200);
    const tooLong = await call(m, 'GET', leasePath(`a${longest}`, 'lease'));
    expect(tooLong).toEqual({ status: 400, body: { detail: expect.any(String) as unknown } });
    // Past the router's parameter limit: 414, or 404 where a catch-all route (the web UI's)
    // takes the path instead. Either way a 4xx with {detail}, never a 5xx.
    const huge = await call(m, 'GET', leasePath(`${'a'.repeat(400)}@${domain}`, 'lease'));
    expect([404, 414]).toContain(huge.status);
    expect(huge.body).toEqual({ detail: expect.any(String) as unknown });
  });

  it('503 when the domain pool is empty', async () => {
    const { m } = await boot();
    m.t.app.mail.domains.delete('ephemera.localhost');
    for (const [method, path] of [
      ['GET', '/api/generate'],
      ['POST', '/api/generate/batch?count=3'],
    ]) {
      const res = await call(m, method ?? '', path ?? '');
      expect(res).toEqual({
        status: 503,
        body: { detail: expect.stringContaining('--domain') as unknown },
      });
    }
  });

  it('--domain replaces the stored pool for the run', async () => {
    const { m } = await boot({ config: { domains: ['Mail.One.Test', 'two.test'] } });
    const leases = (await call(m, 'POST', '/api/generate/batch?count=40')).body as Lease[];
    expect(new Set(leases.map((l) => l.domain))).toEqual(new Set(['mail.one.test', 'two.test']));
    const off = await call(m, 'POST', leasePath('x@ephemera.localhost', 'extend'));
    expect(off.status).toBe(400);
  });

  it('a restart keeps every lease expiry, extensions included', async () => {
    const dataDir = makeTempDir();
    cleanups.push(() => removeTempDir(dataDir));
    const { m, clock } = await boot({ dataDir });
    const leases = (await call(m, 'POST', '/api/generate/batch?count=5')).body as Lease[];
    const first = leases[0]?.email ?? '';
    await call(m, 'POST', leasePath(first, 'extend'));
    const before = await Promise.all(
      leases.map((l) => call(m, 'GET', leasePath(l.email, 'lease'))),
    );
    clock.advance(10 * MIN);
    await m.t.restart();
    const after = await Promise.all(leases.map((l) => call(m, 'GET', leasePath(l.email, 'lease'))));
    expect(after).toEqual(before);
    expect((after[0]?.body as Lease).extension_count).toBe(1);
    // A restart does not make a new first-run key: the old one still works.
    expect(m.t.app.initialApiKey).toBeNull();
  });
});
