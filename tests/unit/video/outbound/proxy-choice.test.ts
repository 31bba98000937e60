import { describe, expect, it } from 'vitest';
import { proxyFor } from '../../../../src-main/video/outbound/proxy-choice.ts';

const https = new URL('https://www.tiktok.com/@a/video/1');
const http = new URL('http://v.douyin.com/x/');

describe('proxyFor: the road a page takes, as media takes it', () => {
  it('goes direct without a setting or environment', () => {
    expect(proxyFor(https, null, {})).toBeNull();
  });

  it('the configured proxy wins over HTTP(S)_PROXY, for both schemes', () => {
    const env = { HTTPS_PROXY: 'http://env:1', HTTP_PROXY: 'http://env:2' };
    expect(proxyFor(https, 'http://set:3', env)).toBe('http://set:3');
    expect(proxyFor(http, 'http://set:3', env)).toBe('http://set:3');
  });

  it('HTTPS_PROXY for https, HTTP_PROXY for http and as the https fallback, either case', () => {
    expect(proxyFor(https, null, { HTTPS_PROXY: 'http://a:1', HTTP_PROXY: 'http://b:2' })).toBe(
      'http://a:1',
    );
    expect(proxyFor(http, null, { HTTPS_PROXY: 'http://a:1', HTTP_PROXY: 'http://b:2' })).toBe(
      'http://b:2',
    );
    expect(proxyFor(https, null, { http_proxy: 'http://b:2' })).toBe('http://b:2');
    expect(proxyFor(https, null, { https_proxy: 'http://c:3' })).toBe('http://c:3');
  });

  it('NO_PROXY exempts names, suffixes, ports and everything (*)', () => {
    const env = { HTTPS_PROXY: 'http://p:1' };
    expect(proxyFor(https, null, { ...env, NO_PROXY: 'www.tiktok.com' })).toBeNull();
    expect(proxyFor(https, null, { ...env, NO_PROXY: '.tiktok.com' })).toBeNull();
    expect(proxyFor(https, null, { ...env, NO_PROXY: '*.tiktok.com' })).toBeNull();
    expect(proxyFor(https, null, { ...env, no_proxy: 'example.org, tiktok.com' })).toBeNull();
    expect(proxyFor(https, null, { ...env, NO_PROXY: 'tiktok.com:443' })).toBeNull();
    expect(proxyFor(https, null, { ...env, NO_PROXY: '*' })).toBeNull();
    // Also against the configured proxy, as undici's EnvHttpProxyAgent applies it.
    expect(proxyFor(https, 'http://set:3', { NO_PROXY: 'tiktok.com' })).toBeNull();
  });

  it('does not exempt look-alikes or other ports', () => {
    const env = { HTTPS_PROXY: 'http://p:1' };
    expect(proxyFor(https, null, { ...env, NO_PROXY: 'ktok.com' })).toBe('http://p:1');
    expect(proxyFor(https, null, { ...env, NO_PROXY: 'tiktok.com:8443' })).toBe('http://p:1');
    expect(proxyFor(https, null, { ...env, NO_PROXY: 'www.tiktok.com.evil' })).toBe('http://p:1');
  });
});
