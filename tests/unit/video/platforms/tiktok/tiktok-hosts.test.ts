import { describe, expect, it } from 'vitest';
import { ownsTiktokHost } from '../../../../../src-main/video/platforms/tiktok/tiktok-hosts.ts';

describe('ownsTiktokHost', () => {
  it('accepts the EU CDN and the US region’s domain, with their subdomains', () => {
    for (const host of [
      'v15m.tiktokcdn-eu.com',
      'p16-sign.tiktokcdn-eu.com',
      'tiktokcdn-eu.com',
      'v16m.tiktokv.us',
      'api16-normal-useast5.tiktokv.us',
    ]) {
      expect(ownsTiktokHost(host), host).toBe(true);
    }
  });

  it('refuses look-alikes of them', () => {
    for (const host of [
      'tiktokcdn-eu.com.evil.example',
      'eviltiktokcdn-eu.com',
      'tiktokv.us.example',
      'tiktokv.usa',
      'tiktokcdn-eu.co',
    ]) {
      expect(ownsTiktokHost(host), host).toBe(false);
    }
  });
});
