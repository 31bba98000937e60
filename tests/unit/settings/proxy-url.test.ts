import { describe, expect, it } from 'vitest';
import {
  nextProxy,
  sameProxyEndpoint,
  splitProxy,
  withPassword,
} from '../../../src-main/settings/proxy-url.ts';

describe('proxy URL password', () => {
  it('splits the password off, keeping the user name and the URL as written', () => {
    expect(splitProxy('http://sam:p%40ss:w@proxy.example:8080')).toEqual({
      endpoint: 'http://sam@proxy.example:8080',
      password: 'p%40ss:w',
    });
    expect(splitProxy('socks5://:only@127.0.0.1:1080')).toEqual({
      endpoint: 'socks5://127.0.0.1:1080',
      password: 'only',
    });
    expect(splitProxy('http://sam@proxy.example:8080')).toEqual({
      endpoint: 'http://sam@proxy.example:8080',
      password: null,
    });
    expect(splitProxy('http://proxy.example:8080/')).toEqual({
      endpoint: 'http://proxy.example:8080/',
      password: null,
    });
  });

  it('puts a password back where it was', () => {
    for (const url of [
      'http://sam:p%40ss@proxy.example:8080',
      'socks5://:only@127.0.0.1:1080',
      'https://a@b:c@proxy.example/',
    ]) {
      const { endpoint, password } = splitProxy(url);
      expect(withPassword(endpoint, password)).toBe(url);
      expect(new URL(withPassword(endpoint, password)).password).toBe(new URL(url).password);
    }
  });

  it('keeps the stored password only for the same scheme, user, host and port', () => {
    const current = 'http://sam:secret@proxy.example:8080';
    expect(nextProxy(current, 'http://sam@PROXY.example:8080')).toBe(
      'http://sam:secret@PROXY.example:8080',
    );
    for (const other of [
      'http://sam@evil.example:8080',
      'http://sam@proxy.example:8081',
      'https://sam@proxy.example:8080',
      'http://kim@proxy.example:8080',
      'http://proxy.example:8080',
    ]) {
      expect(nextProxy(current, other)).toBe(other);
    }
    expect(nextProxy(current, 'http://sam:new@evil.example:1')).toBe(
      'http://sam:new@evil.example:1',
    );
    expect(nextProxy(current, null)).toBeNull();
    expect(nextProxy(null, 'http://sam@proxy.example:8080')).toBe('http://sam@proxy.example:8080');
    expect(sameProxyEndpoint('not a url', 'http://x')).toBe(false);
  });
});
