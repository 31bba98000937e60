import { afterEach, describe, expect, it } from 'vitest';
import { LeaseSchema, type Lease } from '../../../src-shared/mail/schemas.ts';
import { openDatabase, type Db } from '../../../src-main/db/open-database.ts';
import { DomainPool } from '../../../src-main/mail/access/domain-pool.ts';
import { LeaseService, randomLocalPart } from '../../../src-main/mail/access/lease-service.ts';
import { LeaseStore } from '../../../src-main/mail/access/lease-store.ts';
import { ManualClock } from '../../helpers/manual-clock.ts';

const MIN = 60_000;

describe('LeaseService (the state table of docs/decisions.md "Leases")', () => {
  let db: Db;
  let clock: ManualClock;
  afterEach(() => db.close());

  function service(domains: string[] = []): {
    leases: LeaseService;
    pool: DomainPool;
    store: LeaseStore;
  } {
    db = openDatabase(':memory:');
    clock = new ManualClock();
    const pool = new DomainPool(db, clock, domains);
    const store = new LeaseStore(db);
    return { leases: new LeaseService(store, pool, clock), pool, store };
  }

  const iso = (ms: number): string => new Date(ms).toISOString();

  it('(none) → generate → unexpired: 10 CSPRNG characters on a pool domain, 30 minutes', () => {
    const { leases } = service();
    const lease = leases.generate();
    expect(LeaseSchema.parse(lease)).toEqual(lease);
    expect(lease.email).toMatch(/^[a-z0-9]{10}@ephemera\.localhost$/);
    expect(lease).toMatchObject({
      domain: 'ephemera.localhost',
      expires_in_minutes: 30,
      generated_at: iso(clock.now()),
      expires_at: iso(clock.now() + 30 * MIN),
      extension_count: 0,
      max_extension_count: 12,
    });
    expect(lease.expires_at.endsWith('Z')).toBe(true);
  });

  it('batch makes `count` distinct leases in one go', () => {
    const { leases } = service(['a.test', 'b.test']);
    const batch = leases.batch(100);
    expect(new Set(batch.map((l) => l.email)).size).toBe(100);
    expect(new Set(batch.map((l) => l.domain))).toEqual(new Set(['a.test', 'b.test']));
  });

  it('unexpired → extend (allowed) → unexpired: +15 min, count + 1, up to 12; then 400', () => {
    const { leases } = service();
    const lease = leases.generate();
    let expiresAt = Date.parse(lease.expires_at);
    for (let n = 1; n <= 12; n++) {
      clock.advance(MIN);
      const extended = leases.extend(lease.email);
      expiresAt += 15 * MIN;
      expect(extended).toMatchObject({ extension_count: n, expires_at: iso(expiresAt) });
      expect(extended.generated_at).toBe(lease.generated_at);
    }
    expect(() => leases.extend(lease.email)).toThrow(
      expect.objectContaining({
        status: 400,
        message: expect.stringMatching(/^extension limit reached/) as unknown,
      }),
    );
    expect(leases.lease(lease.email).extension_count).toBe(12);
  });

  it('expired → extend → unexpired: the same address is reactivated with a fresh lease', () => {
    const { leases } = service();
    const lease = leases.generate();
    leases.extend(lease.email);
    clock.advance(45 * MIN);
    expect(leases.isReceiving(lease.email)).toBe(false);
    const again = leases.extend(lease.email);
    expect(again).toMatchObject({
      email: lease.email,
      generated_at: iso(clock.now()),
      expires_at: iso(clock.now() + 30 * MIN),
      extension_count: 0,
    });
    expect(leases.isReceiving(lease.email)).toBe(true);
  });

  it('an extension-limited lease can be reactivated once it has expired', () => {
    const { leases } = service();
    const { email } = leases.generate();
    for (let n = 0; n < 12; n++) leases.extend(email);
    clock.advance(30 * MIN + 12 * 15 * MIN);
    expect(leases.extend(email).extension_count).toBe(0);
  });

  it('no lease record → extend → unexpired: a new lease on a pool domain; off the pool 400', () => {
    const { leases } = service();
    const created = leases.extend('Chosen.Name@Ephemera.Localhost');
    expect(created).toMatchObject({ email: 'chosen.name@ephemera.localhost', extension_count: 0 });
    expect(() => leases.extend('x@elsewhere.org')).toThrow(
      expect.objectContaining({ status: 400 }),
    );
  });

  it('expired → reuse → unexpired; unexpired reuse changes nothing', () => {
    const { leases } = service();
    const lease = leases.generate();
    clock.advance(MIN);
    expect(leases.reuse(lease.email)).toEqual(lease);
    clock.advance(30 * MIN);
    const reused = leases.reuse(lease.email);
    expect(reused).toMatchObject({
      email: lease.email,
      generated_at: iso(clock.now()),
      extension_count: 0,
    });
  });

  it('reuse of an address that was never recorded is 404; off the pool 400', () => {
    const { leases } = service();
    expect(() => leases.reuse('never@ephemera.localhost')).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(() => leases.reuse('never@other.org')).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('reuse re-enables an address whose lease record was swept (invalid)', () => {
    const { leases } = service();
    const lease = leases.generate();
    db.prepare('DELETE FROM mail_leases').run();
    expect(() => leases.lease(lease.email)).toThrow(expect.objectContaining({ status: 404 }));
    clock.advance(MIN);
    expect(leases.reuse(lease.email)).toMatchObject({ email: lease.email, extension_count: 0 });
  });

  it('lease: 200 expired or not; 404 unknown on a pool domain; 400 off the pool or malformed', () => {
    const { leases } = service();
    const lease = leases.generate();
    clock.advance(31 * MIN);
    expect(leases.lease(lease.email.toUpperCase())).toEqual(lease);
    expect(() => leases.lease('zz@ephemera.localhost')).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(() => leases.lease('zz@other.org')).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => leases.lease('not an address')).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('generation with an empty pool is 503', () => {
    const { leases, pool } = service();
    pool.delete('ephemera.localhost');
    expect(pool.list()).toEqual([]);
    expect(() => leases.generate()).toThrow(expect.objectContaining({ status: 503 }));
    expect(() => leases.batch(2)).toThrow(expect.objectContaining({ status: 503 }));
  });

  it('never reissues a local part that was ever issued, on any domain', () => {
    const { store, pool } = service();
    const taken: string[] = [];
    // A store whose first draws all hit issued local parts.
    const picky = Object.create(store) as LeaseStore;
    picky.localPartTaken = (local: string) => {
      taken.push(local);
      return taken.length <= 3;
    };
    const leases = new LeaseService(picky, pool, clock);
    const lease = leases.generate();
    expect(taken).toHaveLength(4);
    expect(lease.email.split('@')[0]).toBe(taken[3]);
    picky.localPartTaken = () => true;
    expect(() => leases.generate()).toThrow(expect.objectContaining({ status: 503 }));
  });

  it('records every lease in the issued register, which the store consults', () => {
    const { leases, store } = service();
    const lease: Lease = leases.generate();
    const local = lease.email.split('@')[0] ?? '';
    expect(store.localPartTaken(local)).toBe(true);
    expect(store.wasIssued(lease.email)).toBe(true);
  });

  it('randomLocalPart draws from [a-z0-9] only, evenly enough', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      for (const ch of randomLocalPart()) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    }
    expect([...counts.keys()].every((c) => /^[a-z0-9]$/.test(c))).toBe(true);
    expect(counts.size).toBe(36);
  });
});
