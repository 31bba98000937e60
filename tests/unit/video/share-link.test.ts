import { describe, expect, it } from 'vitest';
import { extractLink, type LinkExtraction } from '../../../src-main/video/share-link.ts';

function urlOf(result: LinkExtraction): string {
  if (!result.ok) throw new Error(`expected a link, got ${result.type}: ${result.message}`);
  return result.url;
}

describe('extractLink: real share texts from the Douyin, Kuaishou and Xiaohongshu apps', () => {
  it.each([
    {
      name: 'Douyin, tokens before the title',
      text: '3.53 04/14 X@z.TY bnD:/ 自动化完成淘宝任务教程  https://v.douyin.com/i5xNsWVx/ 复制此链接，打开Dou音搜索，直接观看视频！',
      url: 'https://v.douyin.com/i5xNsWVx/',
    },
    {
      name: 'Douyin, pDH:/ and A@T.lC tokens, hashtags and an underscore in the code',
      text: '7.17 pDH:/ 06/28 A@T.lC 刘备遇到水镜… # 水镜先生 # 刘备 …  https://v.douyin.com/4f_EMBbDKdk/ 复制此链接，打开Dou音搜索，直接观看视频！',
      url: 'https://v.douyin.com/4f_EMBbDKdk/',
    },
    {
      name: 'Douyin, older style with V@y.tE 08/05 eBg:/ after the link',
      text: '4.66 复制打开抖音，看看【不是猪婆_的作品】好 我会改# 今天长这样 … https://v.douyin.com/i2aPnD7d/ V@y.tE 08/05 eBg:/',
      url: 'https://v.douyin.com/i2aPnD7d/',
    },
    {
      name: 'Kuaishou, link first',
      text: 'https://v.kuaishou.com/nGmUFX 自动化完成淘宝任务教程 该作品在快手被播放过1次，点击链接，打开【快手极速版】直接观看！',
      url: 'https://v.kuaishou.com/nGmUFX',
    },
    {
      name: 'Kuaishou, "tag after a space',
      text: 'https://v.kuaishou.com/Fq1fSF 把豆腐和鸡蛋放锅里蒸一蒸… "上快手学做饭 该作品在快手被播放过219.8万次，点击链接，打开【快手】直接观看！',
      url: 'https://v.kuaishou.com/Fq1fSF',
    },
    {
      name: 'XHS-like, full-width comma glued to the link',
      text: '44 YesItsAlexx发布了一篇小红书笔记，快来看吧！ 😆 2ajW9ypREUhgazx 😆 http://xhslink.com/a/rWPdgVMXojN3，复制本条信息，打开【小红书】App查看精彩内容！',
      url: 'http://xhslink.com/a/rWPdgVMXojN3',
    },
    {
      name: 'TikTok canonical link with its query',
      text: 'https://www.tiktok.com/@scout2015/video/6718335390845095173?_r=1&_t=8fAbCdEf',
      url: 'https://www.tiktok.com/@scout2015/video/6718335390845095173?_r=1&_t=8fAbCdEf',
    },
  ])('$name', ({ text, url }) => {
    expect(extractLink(text)).toEqual({ ok: true, url });
  });

  it('never takes a Douyin 口令 token for a link when no http(s) link is present', () => {
    const result = extractLink('7.17 pDH:/ 06/28 A@T.lC V@y.tE 05/17 复制此链接，打开Dou音搜索');
    expect(result).toMatchObject({ ok: false, type: 'link_missing' });
  });
});

describe('extractLink: where a link ends', () => {
  it.each([
    ['a space', 'https://v.douyin.com/abc/ 看看'],
    ['a tab', 'https://v.douyin.com/abc/\t看看'],
    ['a newline', 'https://v.douyin.com/abc/\n看看'],
    ['the ideographic space U+3000', 'https://v.douyin.com/abc/\u3000看看'],
    ['a full-width comma', 'https://v.douyin.com/abc/，看看'],
    ['an ideographic full stop', 'https://v.douyin.com/abc/。看看'],
    ['a full-width semicolon', 'https://v.douyin.com/abc/；看看'],
    ['a full-width exclamation mark', 'https://v.douyin.com/abc/！看看'],
    ['a full-width question mark', 'https://v.douyin.com/abc/？看看'],
    ['an enumeration comma', 'https://v.douyin.com/abc/、看看'],
    ['a lenticular bracket', 'https://v.douyin.com/abc/【快手】'],
    ['a double angle bracket', 'https://v.douyin.com/abc/《书》'],
    ['an ASCII double quote', 'https://v.douyin.com/abc/"tag'],
    ['an angle bracket', '<https://v.douyin.com/abc/>'],
    ['a backtick', '`https://v.douyin.com/abc/`'],
    ['a pipe', 'https://v.douyin.com/abc/|x'],
    ['a brace', '{https://v.douyin.com/abc/}'],
  ])('cuts at %s', (_name, text) => {
    expect(urlOf(extractLink(text))).toBe('https://v.douyin.com/abc/');
  });

  it.each([
    ['a full stop', '看这个 https://v.douyin.com/abc/.'],
    ['a comma', 'see https://v.douyin.com/abc/, then'],
    ['an exclamation mark', 'wow https://v.douyin.com/abc/!'],
    ['a question mark', 'this? https://v.douyin.com/abc/?'],
    ['a closing parenthesis', '(https://v.douyin.com/abc/)'],
    ['a colon and semicolon', 'https://v.douyin.com/abc/;:'],
  ])('drops trailing sentence punctuation: %s', (_name, text) => {
    expect(urlOf(extractLink(text))).toBe('https://v.douyin.com/abc/');
  });

  it('keeps punctuation inside the link (query, fragment, path)', () => {
    const link =
      'https://www.iesdouyin.com/share/video/7535852404919586100/?region=CN&mid=1&u_code=x.y';
    expect(urlOf(extractLink(`看 ${link} 复制`))).toBe(link);
  });

  it('finds an uppercase HTTPS:// link', () => {
    expect(urlOf(extractLink('看看 HTTPS://V.DOUYIN.COM/abc/ 复制'))).toBe(
      'HTTPS://V.DOUYIN.COM/abc/',
    );
  });

  it('finds a mixed-case Http:// link', () => {
    expect(urlOf(extractLink('Http://v.kuaishou.com/nGmUFX'))).toBe('Http://v.kuaishou.com/nGmUFX');
  });
});

describe('extractLink: how many links', () => {
  it.each([
    ['an empty text', ''],
    ['plain words', '复制此链接，打开Dou音搜索，直接观看视频！'],
    ['a bare host without scheme', 'v.douyin.com/i5xNsWVx/'],
    ['a non-http scheme', 'ftp://v.douyin.com/abc/'],
    ['a scheme with nothing after it', 'https:// 复制'],
    ['a scheme cut by punctuation at once', 'https://，复制'],
    ['a scheme followed only by a full stop', '看 https://. 复制'],
    ['a scheme followed only by sentence punctuation', 'http://!? 复制'],
  ])('answers link_missing for %s', (_name, text) => {
    const result = extractLink(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.type).toBe('link_missing');
    expect(result.message).toMatch(/link/i);
  });

  it('answers link_multiple for two different links', () => {
    const result = extractLink(
      'https://v.douyin.com/i5xNsWVx/ 和 https://v.kuaishou.com/nGmUFX 都看看',
    );
    expect(result).toMatchObject({ ok: false, type: 'link_multiple' });
    if (!result.ok) expect(result.message).toContain('2');
  });

  it('answers link_multiple for two links glued by Chinese punctuation', () => {
    expect(extractLink('https://v.douyin.com/a/，https://v.douyin.com/b/')).toMatchObject({
      ok: false,
      type: 'link_multiple',
    });
  });

  it('accepts the same link pasted twice as one link', () => {
    expect(
      extractLink('https://v.douyin.com/i5xNsWVx/ 复制此链接 https://v.douyin.com/i5xNsWVx/'),
    ).toEqual({ ok: true, url: 'https://v.douyin.com/i5xNsWVx/' });
  });

  it('accepts the same link twice when only trailing punctuation differs', () => {
    expect(
      extractLink('https://v.douyin.com/i5xNsWVx/. 再看 https://v.douyin.com/i5xNsWVx/'),
    ).toEqual({ ok: true, url: 'https://v.douyin.com/i5xNsWVx/' });
  });

  // Product bug: duplicates are compared as raw strings, so the same URL written with a
  // different scheme/host case (equal per RFC 3986 §6.2.2.1) counts as two links.
  it('accepts the same link twice when only the scheme and host case differ', () => {
    const result = extractLink('https://v.douyin.com/i5xNsWVx/ HTTPS://V.DOUYIN.COM/i5xNsWVx/');
    expect(result.ok).toBe(true);
  });
});

describe('extractLink: an ellipsis glued to the link', () => {
  it('cuts the link at …', () => {
    expect(extractLink('看看https://v.douyin.com/abc/…复制此链接')).toEqual({
      ok: true,
      url: 'https://v.douyin.com/abc/',
    });
  });
});
