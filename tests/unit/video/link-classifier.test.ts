import { describe, expect, it } from 'vitest';
import { classifyLink } from '../../../src-main/video/link-classifier.ts';

describe('classifyLink: Douyin link forms (docs/platforms/douyin.md)', () => {
  it.each([
    'https://v.douyin.com/i5xNsWVx/',
    'https://v.douyin.com/_2ljF4AmKL8/',
    'https://v.douyin.com/4f_EMBbDKdk/',
    'https://jx.douyin.com/abcDEF12/',
    'https://www.iesdouyin.com/share/video/7535852404919586100/?region=CN&mid=7535852500000000000&u_code=0&did=1&iid=2&with_sec_did=1&titleType=title&share_sign=abc&share_version=190500&ts=1754000000&from_aid=6383&from_ssr=1',
    'https://m.douyin.com/share/video/7535852404919586100',
    'https://www.douyin.com/video/7535852404919586100',
    'https://www.douyin.com/jingxuan?modal_id=7535852404919586100',
    'https://www.douyin.com/discover?modal_id=7535852404919586100',
    'https://www.douyin.com/user/MS4wLjABAAAA?modal_id=7535852404919586100',
    'https://www.douyin.com/search/%E5%88%98%E5%A4%87?modal_id=7535852404919586100',
    'https://www.douyin.com/channel/300203?modal_id=7535852404919586100',
    'https://www.douyin.com/?vid=7535852404919586100',
    'https://jingxuan.douyin.com/m/video/7535852404919586100?app=yumme&utm_source=copy_link',
    'http://v.douyin.com/i5xNsWVx/',
  ])('%s is a Douyin video link', (link) => {
    expect(classifyLink(link)).toMatchObject({ ok: true, platform: 'douyin' });
  });

  it.each([
    'https://www.douyin.com/note/7535852404919586100',
    'https://www.douyin.com/slides/7535852404919586100',
    'https://www.iesdouyin.com/share/note/7535852404919586100/',
    'https://www.iesdouyin.com/share/slides/7535852404919586100/',
    'https://m.douyin.com/share/note/7535852404919586100',
    'https://www.douyin.com/Note/7535852404919586100',
  ])('%s is a gallery: not_single_video', (link) => {
    const result = classifyLink(link);
    expect(result).toMatchObject({ ok: false, type: 'not_single_video' });
    if (!result.ok) expect(result.message).toMatch(/gallery|image/i);
  });
});

describe('classifyLink: TikTok link forms (docs/platforms/tiktok.md)', () => {
  it.each([
    'https://vm.tiktok.com/ZGeTo7tHd/',
    'https://vm.tiktok.com/ZGeTo7tHd/?k=1',
    'https://vt.tiktok.com/ZSRk8DQJB/',
    'https://www.tiktok.com/t/ZTRC5xgJp',
    'https://www.tiktok.com/@scout2015/video/6718335390845095173?_r=1&_t=8fAbCdEf',
    'https://www.tiktok.com/@scout2015/video/6718335390845095173?is_from_webapp=1&sender_device=pc',
    'https://www.tiktokv.com/share/video/6718335390845095173/',
    'https://www.tiktok.com/share/video/6718335390845095173',
    'https://www.tiktok.com/embed/6718335390845095173',
    'https://m.tiktok.com/v/6718335390845095173.html',
    'https://www.tiktok.com/i18n/share/video/6718335390845095173',
    'https://www.tiktok.com/@_/video/6718335390845095173',
    'https://www.tiktok.com/@i/video/6718335390845095173',
  ])('%s is a TikTok video link', (link) => {
    expect(classifyLink(link)).toMatchObject({ ok: true, platform: 'tiktok' });
  });

  it.each([
    'https://www.tiktok.com/@scout2015/photo/7305827432509082913',
    'https://www.tiktok.com/@_/photo/7305827432509082913?_r=1',
  ])('%s is a slideshow: not_single_video', (link) => {
    expect(classifyLink(link)).toMatchObject({ ok: false, type: 'not_single_video' });
  });
});

describe('classifyLink: Kuaishou link forms (docs/platforms/kuaishou.md)', () => {
  it.each([
    'https://v.kuaishou.com/nGmUFX',
    'https://v.kuaishou.com/Fq1fSF',
    'https://v.kuaishou.cn/nGmUFX12',
    'https://www.kuaishou.com/f/X-5KU0Yxb0eJk1w5',
    'https://www.kuaishou.com/short-video/3xhjgcmir24m4nm',
    'https://www.kuaishou.cn/short-video/3xhjgcmir24m4nm',
    'https://v.m.chenzhongtech.com/fw/photo/3xhjgcmir24m4nm?photoId=3xhjgcmir24m4nm&userId=3x1',
    'https://c.kuaishou.com/fw/photo/3xhjgcmir24m4nm?photoId=3xhjgcmir24m4nm&userId=3x1&shareObjectId=5230086626478274600&shareToken=X&timestamp=1700000000000',
    'https://m.kuaishou.com/fw/photo/3xhjgcmir24m4nm',
    'https://c.kuaishou.com/fw/long-video/3xhjgcmir24m4nm',
    'https://live.kuaishou.com/u/3x1/3xhjgcmir24m4nm',
    'https://v.kuaishouapp.com/s/MIaftqoZ',
  ])('%s is a Kuaishou link (its /fw/photo/ is a video path)', (link) => {
    expect(classifyLink(link)).toMatchObject({ ok: true, platform: 'kuaishou' });
  });
});

describe('classifyLink: what it hands on', () => {
  it('returns a parsed URL with the host lower-cased', () => {
    const result = classifyLink('HTTPS://V.DOUYIN.COM/i5xNsWVx/');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.platform).toBe('douyin');
    expect(result.url.href).toBe('https://v.douyin.com/i5xNsWVx/');
  });

  it('strips user info from an accepted link', () => {
    const result = classifyLink('https://user:secret@v.douyin.com/i5xNsWVx/');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.url.username).toBe('');
    expect(result.url.password).toBe('');
    expect(result.url.href).toBe('https://v.douyin.com/i5xNsWVx/');
  });

  it('accepts the default port written out, which URL drops', () => {
    expect(classifyLink('https://v.douyin.com:443/i5xNsWVx/')).toMatchObject({
      ok: true,
      platform: 'douyin',
    });
  });
});

describe('classifyLink: refusals before any network access', () => {
  it.each([
    ['a foreign host', 'https://example.com/video/1'],
    ['Xiaohongshu', 'http://xhslink.com/a/rWPdgVMXojN3'],
    ['a platform name as a left label', 'https://douyin.com.evil.com/video/1'],
    ['a platform name glued to another name', 'https://evildouyin.com/video/1'],
    ['a platform name glued to another TikTok-like name', 'https://nottiktok.com/@a/video/1'],
    ['a platform name as user info', 'https://www.douyin.com@evil.com/'],
    ['a platform name as user info with a path', 'https://v.kuaishou.com:x@evil.com/nGmUFX'],
    ['a platform domain with another TLD', 'https://tiktok.com.cn/@a/video/1'],
    ['an encoded dot in the host', 'https://v.douyin.com%2eevil.com/'],
    ['localhost', 'http://localhost/'],
    ['localhost with a trailing dot', 'http://localhost./'],
    ['an IPv4 literal', 'http://127.0.0.1/'],
    ['a private IPv4 literal', 'http://192.168.1.1/share/video/1'],
    ['a public IPv4 literal', 'http://8.8.8.8/'],
    ['a decimal IPv4 form (normalised by URL)', 'http://2130706433/'],
    ['a hex IPv4 form', 'http://0x7f000001/'],
    ['a short IPv4 form', 'http://127.1/'],
    ['an IPv6 loopback literal', 'http://[::1]/'],
    ['an IPv4-mapped IPv6 literal', 'http://[::ffff:127.0.0.1]/'],
    ['a public IPv6 literal', 'https://[2606:4700::1111]/'],
    ['an explicit port', 'https://v.douyin.com:8443/i5xNsWVx/'],
    ['an explicit port on a TikTok host', 'https://www.tiktok.com:8080/@a/video/1'],
    ['a non-default port for http', 'http://v.douyin.com:443/i5xNsWVx/'],
    ['ftp', 'ftp://v.douyin.com/i5xNsWVx/'],
    ['file', 'file:///etc/passwd'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/html,<b>x</b>'],
    ['ws', 'ws://v.douyin.com/i5xNsWVx/'],
    ['no scheme', 'v.douyin.com/i5xNsWVx/'],
    ['an empty string', ''],
    ['a scheme alone', 'https://'],
  ])('refuses %s as platform_unsupported', (_name, link) => {
    const result = classifyLink(link);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.type).toBe('platform_unsupported');
    expect(result.message).not.toMatch(/undefined|\[object/);
  });
});

describe('classifyLink: refusal messages say why', () => {
  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://[::1]/',
    'https://[2606:4700::1111]/',
  ])('%s is refused as an IP address', (link) => {
    const result = classifyLink(link);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/IP address/);
  });

  it('names the explicit port as the reason', () => {
    const result = classifyLink('https://v.douyin.com:8443/i5xNsWVx/');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/port/);
  });

  it('names the foreign host', () => {
    const result = classifyLink('https://douyin.com.evil.com/video/1');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain('douyin.com.evil.com');
  });
});
