import { describe, expect, it } from 'vitest';
import { rateLimitKey } from '../../../src-main/http/rate-limit.ts';

describe('rateLimitKey', () => {
  it.each([
    '127.0.0.1',
    '127.0.0.2',
    '127.255.255.254',
    '::1',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    '::ffff:127.0.0.3',
    '::ffff:7f00:2',
  ])('counts %s as this machine', (ip) => {
    expect(rateLimitKey(ip)).toBe('loopback');
  });

  it('counts an IPv4-mapped IPv6 peer as its IPv4 address', () => {
    expect(rateLimitKey('::ffff:192.168.1.20')).toBe('192.168.1.20');
    expect(rateLimitKey('::FFFF:c0a8:0114')).toBe('192.168.1.20');
    expect(rateLimitKey('192.168.1.20')).toBe('192.168.1.20');
  });

  it('keeps different IPv4 peers apart', () => {
    expect(rateLimitKey('192.168.1.20')).not.toBe(rateLimitKey('192.168.1.21'));
  });

  it('counts every address of an IPv6 /64 as one client, in any spelling', () => {
    const key = rateLimitKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(key);
    expect(rateLimitKey('2001:0DB8:0001:0002:0000:0000:0000:0abc')).toBe(key);
    expect(rateLimitKey('2001:db8:1:3::1')).not.toBe(key);
    expect(rateLimitKey('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
  });

  it('passes through what is not an address (never throws)', () => {
    expect(rateLimitKey('')).toBe('');
    expect(rateLimitKey('not-an-ip')).toBe('not-an-ip');
  });
});
