import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { rateLimitBucket, rateLimitKey } from '../../../src-main/http/rate-limit.ts';

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

describe('rateLimitBucket', () => {
  const KEYS: Record<string, number> = { eph_good: 7, eph_other: 8 };
  const identify = (key: string): number | null => KEYS[key] ?? null;
  const request = (ip: string, headers: Record<string, string> = {}, query = {}): FastifyRequest =>
    ({
      ip,
      headers: { host: '127.0.0.1:8787', ...headers },
      query,
      raw: {},
    }) as unknown as FastifyRequest;

  it('counts what a browser marks as another site apart, per client', () => {
    for (const site of ['cross-site', 'same-site', 'Cross-Site']) {
      expect(rateLimitBucket(request('127.0.0.1', { 'sec-fetch-site': site }), identify)).toBe(
        'page:loopback',
      );
    }
    expect(
      rateLimitBucket(request('192.168.1.20', { 'sec-fetch-site': 'cross-site' }), identify),
    ).toBe('page:192.168.1.20');
  });

  it('counts a foreign Origin apart when there is no Sec-Fetch-Site', () => {
    for (const origin of ['http://evil.example', 'null', 'http://127.0.0.1:5555']) {
      expect(rateLimitBucket(request('127.0.0.1', { origin }), identify)).toBe('page:loopback');
    }
    expect(
      rateLimitBucket(request('127.0.0.1', { origin: 'http://127.0.0.1:8787' }), identify),
    ).toBe('loopback');
  });

  it('a page of another site stays in its bucket even with a key', () => {
    const headers = { 'sec-fetch-site': 'cross-site', 'x-api-key': 'eph_good' };
    expect(rateLimitBucket(request('127.0.0.1', headers), identify)).toBe('page:loopback');
  });

  it('gives each usable key its own bucket, by header, Bearer or WebSocket query', () => {
    expect(rateLimitBucket(request('127.0.0.1', { 'x-api-key': 'eph_good' }), identify)).toBe(
      'key:7',
    );
    expect(
      rateLimitBucket(
        request('127.0.0.2', {
          'sec-fetch-site': 'same-origin',
          authorization: 'Bearer eph_other',
        }),
        identify,
      ),
    ).toBe('key:8');
    expect(rateLimitBucket(request('127.0.0.1', {}, { api_key: 'eph_good' }), identify)).toBe(
      'key:7',
    );
  });

  it('an unknown or conflicting key buys no bucket of its own', () => {
    expect(rateLimitBucket(request('127.0.0.1', { 'x-api-key': 'eph_made_up' }), identify)).toBe(
      'loopback',
    );
    const both = { 'x-api-key': 'eph_good', authorization: 'Bearer eph_other' };
    expect(rateLimitBucket(request('127.0.0.1', both), identify)).toBe('loopback');
  });

  it('the own page and header-less clients share the client bucket', () => {
    expect(
      rateLimitBucket(request('127.0.0.3', { 'sec-fetch-site': 'same-origin' }), identify),
    ).toBe('loopback');
    expect(rateLimitBucket(request('127.0.0.1', { 'sec-fetch-site': 'none' }), identify)).toBe(
      'loopback',
    );
    expect(rateLimitBucket(request('::1'), identify)).toBe('loopback');
  });
});
