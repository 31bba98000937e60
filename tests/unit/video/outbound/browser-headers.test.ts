import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Impit } from 'impit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserFamily,
  browserHeaders,
  IMPIT_PROFILE,
  suppressedHeaders,
  type BrowserFamily,
} from '../../../../src-main/video/outbound/browser-headers.ts';

const seen: [string, string][][] = [];
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const pairs: [string, string][] = [];
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
      const name = (req.rawHeaders[i] ?? '').toLowerCase();
      if (name !== 'host' && name !== 'connection') pairs.push([name, req.rawHeaders[i + 1] ?? '']);
    }
    seen.push(pairs);
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** What impit sends for `family` with the given header list (none: its own defaults). */
async function send(family: BrowserFamily, headers?: [string, string][]) {
  const client = new Impit({ browser: IMPIT_PROFILE[family] });
  const res = await client.fetch(`${base}/page`, { headers, timeout: 5000 });
  await res.text();
  return seen.at(-1) ?? [];
}

describe('browserHeaders against the impit profiles (loopback HTTP/1.1)', () => {
  for (const family of ['chrome', 'safari', 'firefox'] as const) {
    it(`${family}: a plain page request equals what impit's ${IMPIT_PROFILE[family]} sends alone`, async () => {
      const own = await send(family);
      const userAgent = own.find(([name]) => name === 'user-agent')?.[1] ?? '';
      expect(browserFamily(userAgent)).toBe(family);
      const ours = browserHeaders(family, new URL(`${base}/page`), { 'user-agent': userAgent });
      expect(ours).toEqual(own);
      expect(await send(family, [...ours, ...suppressedHeaders(family, ours)])).toEqual(own);
    });
  }

  it('an iPhone agent speaks as Safari: no client hints', async () => {
    const ua =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    expect(browserFamily(ua)).toBe('safari');
    const list = browserHeaders('safari', new URL('https://v.douyin.com/x/'), { 'user-agent': ua });
    const sent = await send('safari', [...list, ...suppressedHeaders('safari', list)]);
    expect(sent.map(([n]) => n).filter((n) => n.startsWith('sec-ch-'))).toEqual([]);
    expect(Object.fromEntries(sent)['user-agent']).toBe(ua);
  });

  it('an agent that is no browser (cut before Chrome/) gets Chrome’s TLS but no client hints', async () => {
    const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)';
    const list = browserHeaders('chrome', new URL('https://vm.tiktok.com/Z/'), {
      'user-agent': ua,
    });
    const sent = await send('chrome', [...list, ...suppressedHeaders('chrome', list)]);
    const names = sent.map(([n]) => n);
    expect(names.filter((n) => n.startsWith('sec-ch-'))).toEqual([]);
    expect(Object.fromEntries(sent)['user-agent']).toBe(ua);
  });

  it('an older Chrome agent is named as the Chrome whose hello is sent, on its own OS', () => {
    const ua =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
    const h = Object.fromEntries(
      browserHeaders('chrome', new URL('https://www.kuaishou.com/'), { 'user-agent': ua }),
    );
    expect(h['user-agent']).toContain('Chrome/151.0.0.0');
    expect(h['sec-ch-ua']).toContain('v="151"');
    expect(h['sec-ch-ua-platform']).toBe('"macOS"');
  });

  it('the extractor’s values win; accept-encoding stays the profile’s (impit decodes only those)', () => {
    const h = Object.fromEntries(
      browserHeaders('chrome', new URL('https://www.tiktok.com/'), {
        'user-agent': 'Chrome/151',
        'accept-language': 'zh-CN',
        'accept-encoding': 'identity',
        'x-extra': '1',
      }),
    );
    expect(h['accept-language']).toBe('zh-CN');
    expect(h['accept-encoding']).toBe('gzip, deflate, br, zstd');
    expect(h['x-extra']).toBe('1');
  });

  it('Sec-Fetch-Site follows the Referer: none, same-origin, same-site, cross-site', () => {
    const site = (referer?: string) =>
      Object.fromEntries(
        browserHeaders('chrome', new URL('https://www.tiktok.com/x'), {
          'user-agent': 'Chrome/151',
          ...(referer ? { referer } : {}),
        }),
      )['sec-fetch-site'];
    expect(site()).toBe('none');
    expect(site('https://www.tiktok.com/')).toBe('same-origin');
    expect(site('https://vm.tiktok.com/')).toBe('same-site');
    expect(site('https://www.douyin.com/')).toBe('cross-site');
  });
});
