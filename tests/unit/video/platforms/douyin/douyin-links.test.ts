import { describe, expect, it } from 'vitest';
import {
  readDouyinLink,
  sharePageUrl,
} from '../../../../../src-main/video/platforms/douyin/douyin-links.ts';

const ID = '7535852404919586100';

describe('readDouyinLink: ids from every link form (docs/platforms/douyin.md step 1)', () => {
  it.each([
    `https://www.iesdouyin.com/share/video/${ID}/?region=CN&mid=7535852694951480091&u_code=ej0dk7l2g004jm&did=x&iid=y&with_sec_did=1&titleType=title&share_sign=b3bf1vN0&share_version=170400&ts=1762177424&from_aid=6383&from_ssr=1`,
    `https://www.iesdouyin.com/share/video/${ID}`,
    `https://m.douyin.com/share/video/${ID}`,
    `https://www.douyin.com/video/${ID}`,
    `https://www.douyin.com/video/${ID}/`,
    `https://www.douyin.com/jingxuan?modal_id=${ID}`,
    `https://www.douyin.com/discover?modal_id=${ID}`,
    `https://www.douyin.com/user/MS4wLjABAAAAwJYnMkU3OD9t?modal_id=${ID}`,
    `https://www.douyin.com/search/%E5%88%98%E5%A4%87?aid=1&modal_id=${ID}&type=general`,
    `https://www.douyin.com/channel/300203?modal_id=${ID}`,
    `https://www.douyin.com/?vid=${ID}`,
    `https://www.douyin.com/?recommend=1&vid=${ID}`,
    `https://jingxuan.douyin.com/m/video/${ID}?app=yumme&utm_source=copy_link`,
    `http://www.douyin.com/VIDEO/${ID}`,
  ])('%s → video %s', (link) => {
    expect(readDouyinLink(new URL(link))).toEqual({ kind: 'video', id: ID });
  });

  it.each([
    `https://www.douyin.com/note/${ID}`,
    `https://www.douyin.com/slides/${ID}`,
    `https://www.iesdouyin.com/share/note/${ID}/?region=CN`,
    `https://www.iesdouyin.com/share/slides/${ID}/`,
    `https://m.douyin.com/share/note/${ID}`,
  ])('%s → gallery', (link) => {
    expect(readDouyinLink(new URL(link))).toEqual({ kind: 'gallery', id: ID });
  });

  it.each([
    'https://v.douyin.com/i5xNsWVx/',
    'https://v.douyin.com/_2ljF4AmKL8/',
    'https://v.douyin.com/4f_EMBbDKdk/',
    'https://jx.douyin.com/abcDEF12/',
    // Not post links: a profile, a modal id that is not an id, a too-short number.
    'https://www.douyin.com/user/MS4wLjABAAAA',
    'https://www.douyin.com/jingxuan?modal_id=abc',
    'https://www.douyin.com/video/12345',
    'https://www.iesdouyin.com/share/music/7535852694951480091/',
  ])('%s → no id (follow it or refuse it)', (link) => {
    expect(readDouyinLink(new URL(link))).toEqual({ kind: 'no-id' });
  });

  it('tells Xigua and foreign hosts apart from Douyin', () => {
    expect(readDouyinLink(new URL('https://m.ixigua.com/video/7535852404919586100'))).toEqual({
      kind: 'xigua',
    });
    expect(readDouyinLink(new URL(`https://evil.example/share/video/${ID}/`))).toEqual({
      kind: 'foreign',
    });
    expect(readDouyinLink(new URL(`https://douyin.com.evil.example/video/${ID}`))).toEqual({
      kind: 'foreign',
    });
  });
});

describe('sharePageUrl', () => {
  it('keeps the share page Douyin redirected to, query included', () => {
    const from = new URL(`https://www.iesdouyin.com/share/video/${ID}/?region=CN&from_ssr=1`);
    expect(sharePageUrl(ID, from)).toBe(from.href);
  });

  it('builds the bare iesdouyin page for every other form', () => {
    for (const link of [
      `https://www.douyin.com/video/${ID}`,
      `https://m.douyin.com/share/video/${ID}`,
      `https://www.douyin.com/jingxuan?modal_id=${ID}`,
    ]) {
      expect(sharePageUrl(ID, new URL(link))).toBe(`https://www.iesdouyin.com/share/video/${ID}/`);
    }
  });
});
