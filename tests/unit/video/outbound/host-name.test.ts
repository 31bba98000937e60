import { describe, expect, it } from 'vitest';
import { canonicalHost } from '../../../../src-main/video/outbound/host-name.ts';
import { classifyLink } from '../../../../src-main/video/link-classifier.ts';
import { extractLink } from '../../../../src-main/video/share-link.ts';

const hostOf = (raw: string): string | null => canonicalHost(new URL(raw));

describe('canonicalHost', () => {
  it.each([
    ['a trailing dot', 'https://www.douyin.com./video/1', 'www.douyin.com'],
    ['upper case', 'https://V.DOUYIN.COM/x', 'v.douyin.com'],
    ['ideographic full stops', 'https://v\u3002douyin\u3002com/x', 'v.douyin.com'],
    ['full-width full stops', 'https://v\uff0edouyin\uff0ecom/x', 'v.douyin.com'],
    ['half-width ideographic full stops', 'https://v\uff61douyin\uff61com/x', 'v.douyin.com'],
    [
      'full-width letters',
      'https://\uff56.\uff44\uff4f\uff55\uff59\uff49\uff4e.com/x',
      'v.douyin.com',
    ],
    ['a percent-encoded dot', 'https://v.douyin.com%2e/x', 'v.douyin.com'],
    ['an ideographic trailing dot', 'https://v.douyin.com\u3002/x', 'v.douyin.com'],
  ])('spells %s the one way', (_label, raw, host) => {
    expect(hostOf(raw)).toBe(host);
  });

  it('keeps a look-alike name (Cyrillic о) apart from the real one', () => {
    expect(hostOf('https://d\u043euyin.com/')).toMatch(/^xn--/);
    expect(classifyLink('https://v.d\u043euyin.com/abc/').ok).toBe(false);
  });

  it.each([
    ['an IPv4 literal with a trailing dot', 'http://127.0.0.1./'],
    ['a short IPv4 literal', 'http://127.1/'],
    ['a hex IPv4 literal', 'http://0x7f.1/'],
    ['an IPv6 literal', 'http://[::1]/'],
    ['an IPv4-mapped IPv6 literal', 'http://[::ffff:127.0.0.1]/'],
    ['a single label', 'http://localhost/'],
    ['a single label with a trailing dot', 'http://localhost./'],
    ['two trailing dots', 'https://v.douyin.com../x'],
    ['an empty label', 'https://v..douyin.com/x'],
    ['a label over 63 characters', `https://${'a'.repeat(64)}.douyin.com/`],
  ])('refuses %s', (_label, raw) => {
    expect(hostOf(raw)).toBeNull();
  });
});

describe('share links with unusual host spellings', () => {
  it.each([
    ['ideographic full stops', 'https://v\u3002douyin\u3002com/abc/'],
    ['full-width full stops', 'https://v\uff0edouyin\uff0ecom/abc/'],
    ['half-width ideographic full stops', 'https://v\uff61douyin\uff61com/abc/'],
    ['a trailing dot', 'https://v.douyin.com./abc/'],
    ['upper case', 'HTTPS://V.DOUYIN.COM/abc/'],
  ])('reads a link with %s as the canonical Douyin link', (_label, link) => {
    const text = `7.17 看看这个 ${link} 复制此链接，打开Dou音搜索。`;
    const extracted = extractLink(text);
    expect(extracted.ok).toBe(true);
    if (!extracted.ok) return;
    const classified = classifyLink(extracted.url);
    expect(classified).toMatchObject({ ok: true, platform: 'douyin' });
    if (classified.ok) expect(classified.url.href).toBe('https://v.douyin.com/abc/');
  });

  it('still ends a link at an ideographic full stop after the path', () => {
    expect(extractLink('看 https://v.douyin.com/abc/。然后')).toEqual({
      ok: true,
      url: 'https://v.douyin.com/abc/',
    });
  });

  it.each([
    'http://127.0.0.1./x',
    'http://localhost./x',
    'http://localhost\u3002/x',
    'https://douyin.com.evil.example./x',
    'https://evil\u3002example/douyin.com/',
    'https://v.douyin.com../x',
  ])('refuses %s as not a platform link', (link) => {
    const extracted = extractLink(`看 ${link} 复制`);
    const classified = extracted.ok ? classifyLink(extracted.url) : extracted;
    expect(classified.ok).toBe(false);
  });
});
