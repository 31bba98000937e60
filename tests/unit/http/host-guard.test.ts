import { describe, expect, it } from 'vitest';
import { normalizeHostName } from '../../../src-main/core/host-name.ts';
import {
  hostFromHeader,
  isAllowedHost,
  type HostPolicy,
} from '../../../src-main/http/host-guard.ts';

const policy = (allowed: string[] = [], lan: string[] = []): HostPolicy => ({
  allowedHosts: () => allowed,
  lanAddresses: () => lan,
});

describe('hostFromHeader', () => {
  it.each([
    ['127.0.0.1:8787', '127.0.0.1'],
    ['LocalHost', 'localhost'],
    ['localhost.:80', 'localhost'],
    ['[::1]:8787', '::1'],
    ['[::FFFF:127.0.0.1]', '127.0.0.1'],
    ['[0:0:0:0:0:0:0:1]', '::1'],
    ['Mail.Example.org:443', 'mail.example.org'],
  ])('%s → %s', (header, host) => {
    expect(hostFromHeader(header)).toBe(host);
  });

  it.each([
    [undefined],
    [''],
    ['a b'],
    ['[zz]'],
    ['::1'],
    ['user@127.0.0.1'],
    ['127.0.0.1:80:80'],
    ['host/path'],
    ['x:123456'],
    ['-bad.example'],
    ['a..b'],
  ])('%j is not a host', (header) => {
    expect(hostFromHeader(header)).toBeNull();
  });
});

describe('normalizeHostName', () => {
  it('keeps names and IP literals, refuses patterns, URLs and ports', () => {
    expect(normalizeHostName(' Eph.Example.ORG. ')).toBe('eph.example.org');
    expect(normalizeHostName('[FD00::1]')).toBe('fd00::1');
    expect(normalizeHostName('100.64.0.7')).toBe('100.64.0.7');
    for (const bad of ['*', '*.example.org', 'http://x.org', 'x.org:80', '', 'a'.repeat(64)]) {
      expect(normalizeHostName(bad), bad).toBeNull();
    }
  });
});

describe('isAllowedHost', () => {
  it('loopback and unspecified addresses always; LAN addresses and names only when given', () => {
    for (const host of ['localhost', '127.0.0.1', '127.200.1.1', '::1', '0.0.0.0', '::']) {
      expect(isAllowedHost(host, policy()), host).toBe(true);
    }
    expect(isAllowedHost('192.168.1.20', policy())).toBe(false);
    expect(isAllowedHost('192.168.1.20', policy([], ['192.168.1.20']))).toBe(true);
    expect(isAllowedHost('fe80::1', policy([], ['FE80:0::1']))).toBe(true);
    // A LAN address never makes a DNS name acceptable, even one that resolves to it.
    expect(isAllowedHost('lan.example', policy([], ['192.168.1.20']))).toBe(false);
    expect(isAllowedHost('proxy.example', policy(['proxy.example']))).toBe(true);
    expect(isAllowedHost('sub.proxy.example', policy(['proxy.example']))).toBe(false);
    expect(isAllowedHost('localhost.evil.example', policy())).toBe(false);
  });
});
