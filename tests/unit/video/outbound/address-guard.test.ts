import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  guardedLookup,
  isPublicAddress,
  NonPublicAddressError,
  type Resolver,
} from '../../../../src-main/video/outbound/address-guard.ts';

describe('isPublicAddress', () => {
  it.each([
    ['IPv4 loopback', '127.0.0.1'],
    ['IPv4 loopback, other host', '127.255.0.9'],
    ['RFC 1918 10/8', '10.0.0.1'],
    ['RFC 1918 172.16/12', '172.16.5.4'],
    ['RFC 1918 172.16/12, upper end', '172.31.255.254'],
    ['RFC 1918 192.168/16', '192.168.1.1'],
    ['link-local 169.254/16 (cloud metadata)', '169.254.169.254'],
    ['CGNAT 100.64/10', '100.64.0.1'],
    ['CGNAT 100.64/10, upper end', '100.127.255.254'],
    ['unspecified 0.0.0.0', '0.0.0.0'],
    ['this network 0/8', '0.1.2.3'],
    ['multicast 224/4', '224.0.0.1'],
    ['multicast 239/8', '239.255.255.250'],
    ['broadcast', '255.255.255.255'],
    ['reserved 240/4', '240.0.0.1'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unspecified', '::'],
    ['unique local fc00::/7 (fc)', 'fc00::1'],
    ['unique local fc00::/7 (fd)', 'fd12:3456:789a::1'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 multicast', 'ff02::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped private', '::ffff:10.0.0.1'],
    ['IPv4-mapped link-local, hex form', '::ffff:a9fe:a9fe'],
    ['NAT64 of loopback', '64:ff9b::7f00:1'],
    ['documentation IPv6', '2001:db8::1'],
    ['not an address', 'v.douyin.com'],
    ['empty', ''],
  ])('%s (%s) is not public', (_name, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['a public IPv4', '8.8.8.8'],
    ['another public IPv4', '1.1.1.1'],
    ['just outside 172.16/12', '172.32.0.1'],
    ['just outside CGNAT', '100.128.0.1'],
    ['a public IPv6', '2606:4700:4700::1111'],
    ['another public IPv6', '2400:cb00::1'],
    ['IPv4-mapped public', '::ffff:8.8.8.8'],
  ])('%s (%s) is public', (_name, address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

interface LookupResult {
  err: NodeJS.ErrnoException | null;
  address: string | LookupAddress[];
  family: number | undefined;
}

function lookupWith(
  answer: LookupAddress[] | Error,
  hostname: string,
  options: LookupOneOptions | LookupAllOptions,
): Promise<{ result: LookupResult; asked: string[] }> {
  const asked: string[] = [];
  const resolver: Resolver = async (name) => {
    asked.push(name);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return new Promise((resolve) => {
    guardedLookup(resolver)(hostname, options, (err, address, family) => {
      resolve({ result: { err, address, family }, asked });
    });
  });
}

const PUBLIC_V4: LookupAddress = { address: '93.184.216.34', family: 4 };
const PUBLIC_V4_B: LookupAddress = { address: '93.184.216.35', family: 4 };
const PUBLIC_V6: LookupAddress = { address: '2606:2800:220:1::248', family: 6 };

describe('guardedLookup', () => {
  it('asks the resolver for the host it was given', async () => {
    const { asked } = await lookupWith([PUBLIC_V4], 'v.douyin.com', {});
    expect(asked).toEqual(['v.douyin.com']);
  });

  it('answers the first address and its family in the single-address form', async () => {
    const { result } = await lookupWith([PUBLIC_V4, PUBLIC_V6], 'v.douyin.com', {});
    expect(result).toEqual({ err: null, address: PUBLIC_V4.address, family: 4 });
  });

  it('answers every address in the all form', async () => {
    const { result } = await lookupWith([PUBLIC_V4, PUBLIC_V6], 'v.douyin.com', { all: true });
    expect(result.err).toBeNull();
    expect(result.address).toEqual([PUBLIC_V4, PUBLIC_V6]);
  });

  it('keeps only IPv4 answers when family 4 is asked for', async () => {
    const { result } = await lookupWith([PUBLIC_V6, PUBLIC_V4, PUBLIC_V4_B], 'v.douyin.com', {
      family: 4,
      all: true,
    });
    expect(result.err).toBeNull();
    expect(result.address).toEqual([PUBLIC_V4, PUBLIC_V4_B]);
  });

  it('keeps only IPv6 answers when family 6 is asked for', async () => {
    const { result } = await lookupWith([PUBLIC_V4, PUBLIC_V6], 'v.douyin.com', { family: 6 });
    expect(result).toEqual({ err: null, address: PUBLIC_V6.address, family: 6 });
  });

  it('treats family 0 as any family', async () => {
    const { result } = await lookupWith([PUBLIC_V6, PUBLIC_V4], 'v.douyin.com', {
      family: 0,
      all: true,
    });
    expect(result.address).toEqual([PUBLIC_V6, PUBLIC_V4]);
  });

  it.each([
    ['loopback', { address: '127.0.0.1', family: 4 }],
    ['private', { address: '192.168.0.10', family: 4 }],
    ['IPv6 loopback', { address: '::1', family: 6 }],
    ['IPv4-mapped loopback', { address: '::ffff:127.0.0.1', family: 6 }],
  ] satisfies [string, LookupAddress][])(
    'refuses a name that resolves to a %s address with ENONPUBLIC',
    async (_name, bad) => {
      const { result } = await lookupWith([bad], 'v.douyin.com', { all: true });
      expect(result.err).toBeInstanceOf(NonPublicAddressError);
      expect(result.err?.code).toBe('ENONPUBLIC');
      expect(result.err?.message).toContain('v.douyin.com');
      expect(result.err?.message).toContain(bad.address);
    },
  );

  it('refuses a mixed public and private answer, even when the public one comes first', async () => {
    const mixed = [PUBLIC_V4, { address: '10.0.0.5', family: 4 }];
    for (const options of [{}, { all: true }] satisfies (LookupOneOptions | LookupAllOptions)[]) {
      const { result } = await lookupWith(mixed, 'www.tiktok.com', options);
      expect(result.err?.code).toBe('ENONPUBLIC');
      expect(result.address).not.toContain('93.184.216.34');
    }
  });

  it('answers ENOTFOUND for an empty answer', async () => {
    const { result } = await lookupWith([], 'v.kuaishou.com', {});
    expect(result.err?.code).toBe('ENOTFOUND');
    expect(result.err?.message).toContain('v.kuaishou.com');
  });

  it('answers ENOTFOUND when the family filter leaves nothing', async () => {
    const { result } = await lookupWith([PUBLIC_V6], 'v.kuaishou.com', { family: 4, all: true });
    expect(result.err?.code).toBe('ENOTFOUND');
  });

  it('passes a resolver failure through', async () => {
    const failure: NodeJS.ErrnoException = new Error('getaddrinfo EAI_AGAIN v.douyin.com');
    failure.code = 'EAI_AGAIN';
    const { result } = await lookupWith(failure, 'v.douyin.com', {});
    expect(result.err).toBe(failure);
  });
});

describe('isPublicAddress: IPv4-compatible IPv6', () => {
  it.each(['::7f00:1', '::a00:1', '::c0a8:101'])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});
