import { describe, expect, it } from 'vitest';
import { AddressCounter, clientKey, type Slot } from '../../../src-main/net/connection-limits.ts';

/** A connection whose state the test sets; `evicted` says whether the counter closed it. */
class FakeSlot implements Slot {
  evicted = false;
  constructor(
    public idle: boolean,
    public active: number,
  ) {}
  evictable = (): boolean => this.idle;
  lastActive = (): number => this.active;
  evict = (): void => {
    this.evicted = true;
  };
}

describe('clientKey', () => {
  it('is one client for all of loopback, IPv4 per address, IPv6 per /64', () => {
    for (const ip of ['127.0.0.1', '127.0.0.12', '127.255.0.9', '::1', '::ffff:127.0.0.2']) {
      expect(clientKey(ip)).toBe('loopback');
    }
    expect(clientKey('::ffff:192.168.1.20')).toBe('192.168.1.20');
    expect(clientKey('2001:db8:1:2::5')).toBe(clientKey('2001:db8:1:2::9'));
  });
});

describe('AddressCounter', () => {
  const limit = { perAddress: 2, loopbackPerAddress: 3 };

  it('counts every loopback address against one limit', () => {
    const c = new AddressCounter(limit);
    expect(c.acquire('127.0.0.2')).not.toBeNull();
    expect(c.acquire('127.0.0.3')).not.toBeNull();
    expect(c.acquire('::1')).not.toBeNull();
    // Pinned connections (no slot given) cannot make room: the fourth is refused.
    expect(c.acquire('127.0.0.4')).toBeNull();
    expect(c.count('127.9.9.9')).toBe(3);
    // Another client has its own limit.
    expect(c.acquire('192.168.1.20')).not.toBeNull();
  });

  it('at the limit, closes the longest-idle evictable connection of that client only', () => {
    const c = new AddressCounter(limit);
    const busy = new FakeSlot(false, 1);
    const older = new FakeSlot(true, 2);
    const newer = new FakeSlot(true, 3);
    const lan = new FakeSlot(true, 0);
    c.acquire('192.168.1.20', lan);
    c.acquire('127.0.0.1', busy);
    c.acquire('127.0.0.2', newer);
    const releaseOlder = c.acquire('127.0.0.3', older);
    const fresh = new FakeSlot(true, 4);
    expect(c.acquire('127.0.0.4', fresh)).not.toBeNull();
    expect([busy.evicted, older.evicted, newer.evicted, lan.evicted]).toEqual([
      false,
      true,
      false,
      false,
    ]);
    expect(c.count('127.0.0.1')).toBe(3);
    // The evicted connection's own release (its socket closing) counts nothing more.
    releaseOlder?.();
    expect(c.count('127.0.0.1')).toBe(3);
  });

  it('refuses when every held connection is busy or keyed, and a release frees a place', () => {
    const c = new AddressCounter(limit);
    const releases = [1, 2, 3].map((n) => c.acquire('127.0.0.1', new FakeSlot(false, n)));
    expect(c.acquire('127.0.0.5', new FakeSlot(true, 9))).toBeNull();
    releases[0]?.();
    releases[0]?.();
    expect(c.count('127.0.0.1')).toBe(2);
    expect(c.acquire('127.0.0.5', new FakeSlot(true, 9))).not.toBeNull();
    expect(c.acquire('127.0.0.6', new FakeSlot(true, 10))).not.toBeNull();
    expect(c.count('127.0.0.1')).toBe(3);
  });
});
