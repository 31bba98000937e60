import { afterEach, describe, expect, it } from 'vitest';
import {
  mailboxCandidates,
  mailboxOf,
  normalizePoolEntry,
  poolEntryDomain,
} from '../../../src-shared/mail/address.ts';
import { openDatabase, type Db } from '../../../src-main/db/open-database.ts';
import { DomainPool } from '../../../src-main/mail/access/domain-pool.ts';
import { LeaseService } from '../../../src-main/mail/access/lease-service.ts';
import { LeaseStore } from '../../../src-main/mail/access/lease-store.ts';
import { normalizeDomains } from '../../../src-main/settings/settings-values.ts';
import { ManualClock } from '../../helpers/manual-clock.ts';

describe('pool entries: a domain or one mailbox', () => {
  it('normalizePoolEntry keeps domains and mailboxes, lower-cased; refuses a + in the mailbox', () => {
    expect(normalizePoolEntry(' Example.ORG. ')).toBe('example.org');
    expect(normalizePoolEntry('Me@GMail.com')).toBe('me@gmail.com');
    expect(normalizePoolEntry('first.last@example.org')).toBe('first.last@example.org');
    expect(normalizePoolEntry('me+x@gmail.com')).toBeNull();
    expect(normalizePoolEntry('@gmail.com')).toBeNull();
    expect(normalizePoolEntry('me@')).toBeNull();
    expect(normalizePoolEntry('bad domain')).toBeNull();
    expect(poolEntryDomain('me@gmail.com')).toBe('gmail.com');
    expect(poolEntryDomain('example.org')).toBe('example.org');
  });

  it('settings checks accept a mailbox and refuse a plus-tagged one with the reason', () => {
    expect(normalizeDomains(['me@gmail.com', 'ME@gmail.com', 'a.test'])).toEqual([
      'me@gmail.com',
      'a.test',
    ]);
    expect(() => normalizeDomains(['me+x@gmail.com'])).toThrow(
      expect.objectContaining({ status: 400 }),
    );
  });

  it('mailboxCandidates: the address, then name+lease, then name', () => {
    expect(mailboxCandidates('abc@d.test')).toEqual(['abc@d.test']);
    expect(mailboxCandidates('+abc@d.test')).toEqual(['+abc@d.test']);
    expect(mailboxCandidates('me+k3v@d.test')).toEqual(['me+k3v@d.test', 'me@d.test']);
    expect(mailboxCandidates('me+k3v+shop@d.test')).toEqual([
      'me+k3v+shop@d.test',
      'me+k3v@d.test',
      'me@d.test',
    ]);
    expect(mailboxCandidates('me++x@d.test')).toEqual(['me++x@d.test', 'me@d.test']);
    expect(mailboxOf('me+k3v+shop@d.test')).toBe('me@d.test');
  });
});

describe('LeaseService with a mailbox in the pool (plus addressing)', () => {
  let db: Db;
  afterEach(() => db.close());

  function setup(entries: string[]) {
    db = openDatabase(':memory:');
    const clock = new ManualClock();
    const pool = new DomainPool(db, clock, entries);
    return { leases: new LeaseService(new LeaseStore(db), pool, clock), clock, pool };
  }

  it('generate gives name+<10 random>@domain; the lease is that whole address', () => {
    const { leases } = setup(['me@gmail.com']);
    const lease = leases.generate();
    expect(lease.email).toMatch(/^me\+[a-z0-9]{10}@gmail\.com$/);
    expect(lease.domain).toBe('gmail.com');
    expect(leases.lease(lease.email).email).toBe(lease.email);
    expect(leases.batch(20).every((l) => /^me\+[a-z0-9]{10}@gmail\.com$/.test(l.email))).toBe(true);
  });

  it('a tagged plus lease and the lease itself receive; the bare mailbox and others do not', () => {
    const { leases, clock } = setup(['me@gmail.com']);
    const { email } = leases.generate();
    const tagged = email.replace('@', '+shop@');
    expect(leases.isReceiving(email)).toBe(true);
    expect(leases.isReceiving(tagged)).toBe(true);
    expect(leases.mailboxFor(tagged)).toBe(email);
    expect(leases.receivingMailbox(tagged)).toBe(email);
    expect(leases.isReceiving('me@gmail.com')).toBe(false);
    expect(leases.isReceiving('me+other@gmail.com')).toBe(false);
    expect(leases.receivingMailbox('me+other@gmail.com')).toBeNull();
    clock.advance(31 * 60_000);
    expect(leases.isReceiving(email)).toBe(false);
    // An expired lease still names the mailbox its late mail would be filed under.
    expect(leases.mailboxFor(tagged)).toBe(email);
  });

  it('extend and reuse accept plus addresses of a pool mailbox only', () => {
    const { leases } = setup(['me@gmail.com']);
    expect(leases.extend('me+handmade@gmail.com').email).toBe('me+handmade@gmail.com');
    expect(() => leases.extend('you+x@gmail.com')).toThrow(
      expect.objectContaining({ code: 'MAIL_DOMAIN_UNSUPPORTED' }),
    );
    expect(() => leases.extend('x@gmail.com')).toThrow(
      expect.objectContaining({ code: 'MAIL_DOMAIN_UNSUPPORTED' }),
    );
    expect(() => leases.lease('me+never@gmail.com')).toThrow(
      expect.objectContaining({ code: 'MAILBOX_NOT_FOUND' }),
    );
  });

  it('a domain entry keeps the old sub-addressing: name+tag goes to name', () => {
    const { leases } = setup(['d.test']);
    const { email } = leases.generate();
    expect(leases.mailboxFor(email.replace('@', '+a+b@'))).toBe(email);
  });
});
