import { describe, expect, it } from 'vitest';
import {
  proxyConnectFailure,
  proxyRoute,
  ProxyUnreachableError,
} from '../../../../src-main/video/outbound/proxy-failure.ts';
import {
  ProxyRefusedError,
  TransportFailure,
} from '../../../../src-main/video/outbound/transport.ts';

const PROXY = { host: '127.0.0.1:9', from: 'settings' } as const;

/** An impit error as the page transport wraps it (impit sets `name` to its class name). */
function impitFailure(name: string, message: string): TransportFailure {
  const cause = Object.assign(new Error(message), { name });
  return new TransportFailure('ECONNRESET', 'The connection to www.douyin.com failed', { cause });
}

describe('which proxy a request goes through', () => {
  it('names the configured proxy by host and port only, never its credentials', () => {
    const route = proxyRoute('http://bob:s3cret@10.0.0.2:7890', {});
    expect(route(new URL('https://www.douyin.com/'))).toEqual({
      host: '10.0.0.2:7890',
      from: 'settings',
    });
  });

  it('names HTTPS_PROXY with its default port, and none for a host in NO_PROXY', () => {
    const route = proxyRoute(null, { HTTPS_PROXY: 'http://proxy.lan', NO_PROXY: '.tiktok.com' });
    expect(route(new URL('https://v.douyin.com/x/'))).toEqual({
      host: 'proxy.lan:80',
      from: 'environment',
    });
    expect(route(new URL('https://www.tiktok.com/'))).toBeNull();
    expect(proxyRoute(null, {})(new URL('https://v.douyin.com/'))).toBeNull();
  });
});

describe('a failure that is the proxy’s', () => {
  it.each([
    ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9'],
    ['ENOTFOUND', 'getaddrinfo ENOTFOUND proxy.invalid'],
    ['UND_ERR_CONNECT_TIMEOUT', 'Connect Timeout Error'],
  ])('restates undici’s %s as the proxy being unreachable', (code, message) => {
    const failure = proxyConnectFailure(Object.assign(new Error(message), { code }), PROXY);
    expect(failure).toBeInstanceOf(ProxyUnreachableError);
    expect(failure?.message).toBe(`Could not reach the proxy 127.0.0.1:9 (${code})`);
  });

  it.each([
    ['tcp connect error ... ConnectionRefused "Connection refused"', 'ECONNREFUSED'],
    ['"dns error" failed to lookup address information', 'ENOTFOUND'],
  ])('reads impit’s ConnectError (%s) as %s', (message, code) => {
    expect(proxyConnectFailure(impitFailure('ConnectError', message), PROXY)?.code).toBe(code);
  });

  it('leaves failures past the proxy alone: a refused tunnel, a reset mid-answer, a TLS error', () => {
    expect(proxyConnectFailure(new ProxyRefusedError(502), PROXY)).toBeNull();
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    expect(proxyConnectFailure(reset, PROXY)).toBeNull();
    expect(proxyConnectFailure(impitFailure('ReadError', 'connection closed'), PROXY)).toBeNull();
    expect(proxyConnectFailure('not an error', PROXY)).toBeNull();
  });
});
