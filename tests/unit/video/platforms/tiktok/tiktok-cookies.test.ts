import { describe, expect, it } from 'vitest';
import { TiktokCookieJar } from '../../../../../src-main/video/platforms/tiktok/tiktok-cookies.ts';

const PAGE = new URL('https://www.tiktok.com/@van/video/1');
const CDN = new URL('https://v16-webapp-prime.tiktok.com/video/tos/x/?tk=tt_chain_token');

describe('TiktokCookieJar', () => {
  it('sends a .tiktok.com cookie from the page to the video CDN', async () => {
    const jar = new TiktokCookieJar();
    await jar.store(PAGE, [
      'tt_chain_token=abc==; Max-Age=15552000; Domain=.tiktok.com; Path=/; Secure; HttpOnly',
      'ttwid=1%7Cx; Domain=.tiktok.com; Path=/',
    ]);
    expect(jar.header(CDN)).toBe('tt_chain_token=abc==; ttwid=1%7Cx');
    expect(jar.valueFor(CDN, 'tt_chain_token')).toBe('abc==');
  });

  it('collects across hops and lets a later answer replace a value', async () => {
    const jar = new TiktokCookieJar();
    await jar.store(new URL('https://vm.tiktok.com/ZM1/'), 'a=1; Domain=tiktok.com; Path=/');
    await jar.store(PAGE, ['a=2; Domain=tiktok.com; Path=/', 'b=3; Domain=tiktok.com; Path=/']);
    expect(jar.header(PAGE)).toBe('a=2; b=3');
  });

  it('keeps a cookie without Domain to the host that set it', async () => {
    const jar = new TiktokCookieJar();
    await jar.store(PAGE, 'host_only=1; Path=/');
    expect(jar.header(PAGE)).toBe('host_only=1');
    expect(jar.header(CDN)).toBeNull();
  });

  it('ignores cookies for another site or a bare public suffix', async () => {
    const jar = new TiktokCookieJar();
    await jar.store(PAGE, [
      'evil=1; Domain=example.com; Path=/',
      'wide=1; Domain=com; Path=/',
      'cdn=1; Domain=tiktokcdn.com; Path=/',
      'malformed',
    ]);
    expect(jar.header(PAGE)).toBeNull();
    expect(jar.header(new URL('https://example.com/'))).toBeNull();
    expect(jar.header(new URL('https://p16.tiktokcdn.com/'))).toBeNull();
  });

  it('honours Max-Age, Expires, deletion, Secure and Path', async () => {
    let now = 1_700_000_000_000;
    const jar = new TiktokCookieJar(() => now);
    await jar.store(PAGE, [
      'short=1; Max-Age=10; Domain=tiktok.com; Path=/',
      'dated=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT; Domain=tiktok.com; Path=/',
      'secure=1; Secure; Domain=tiktok.com; Path=/',
      'api=1; Domain=tiktok.com; Path=/api',
    ]);
    expect(jar.header(PAGE)).toBe('short=1; secure=1');
    expect(jar.header(new URL('http://www.tiktok.com/'))).toBe('short=1');
    expect(jar.header(new URL('https://www.tiktok.com/api/item'))).toBe('short=1; secure=1; api=1');
    expect(jar.header(new URL('https://www.tiktok.com/apix'))).toBe('short=1; secure=1');
    now += 10_000;
    expect(jar.header(PAGE)).toBe('secure=1');
    await jar.store(PAGE, 'secure=; Max-Age=0; Domain=tiktok.com; Path=/');
    expect(jar.header(PAGE)).toBeNull();
  });

  it('sets a script cookie for a domain and its subdomains, for a while', async () => {
    let now = 0;
    const jar = new TiktokCookieJar(() => now);
    jar.set('_wafchallengeid', 'eyJ9', '.tiktok.com', 240);
    expect(jar.header(PAGE)).toBe('_wafchallengeid=eyJ9');
    expect(jar.header(CDN)).toBe('_wafchallengeid=eyJ9');
    now = 240_000;
    expect(jar.header(PAGE)).toBeNull();
  });
});
