import { describe, expect, it } from 'vitest';
import { classifyLink } from '../../../../../src-main/video/link-classifier.ts';
import { extractLink } from '../../../../../src-main/video/share-link.ts';
import { ownsKuaishouHost } from '../../../../../src-main/video/platforms/kuaishou/kuaishou-hosts.ts';
import {
  normaliseMobileUrl,
  photoIdOf,
  planLink,
} from '../../../../../src-main/video/platforms/kuaishou/kuaishou-links.ts';
import {
  REAL_SHARE_TEXTS,
  REFERENCE_PHOTO_ID,
} from '../../../../fixtures/platform-sim/kuaishou/kuaishou-samples.ts';

const ID = REFERENCE_PHOTO_ID;

describe('Kuaishou link forms (docs/platforms/kuaishou.md step 1)', () => {
  it.each([
    [`https://v.m.chenzhongtech.com/fw/photo/${ID}?cc=share_copylink&photoId=${ID}`, 'mobile'],
    [
      `https://c.kuaishou.com/fw/photo/${ID}?fid=1&photoId=${ID}&userId=3xuser&shareObjectId=5238796011&shareToken=X4aB&timestamp=1767225600000`,
      'mobile',
    ],
    [`https://m.kuaishou.com/fw/photo/${ID}`, 'mobile'],
    [`https://m.gifshow.com/fw/photo/${ID}`, 'mobile'],
    [`https://v.m.chenzhongtech.com/fw/long-video/${ID}?cc=share_copylink`, 'mobile'],
    [`https://v.m.chenzhongtech.com/fw/share?photoId=${ID}&userId=3xuser`, 'mobile'],
  ])('%s names photo %s via the %s route', (link, route) => {
    const url = new URL(link);
    expect(classifyLink(link)).toMatchObject({ ok: true, platform: 'kuaishou' });
    expect(photoIdOf(url)).toBe(ID);
    expect(planLink(url)).toMatchObject({ photoId: ID, route });
  });

  it.each([
    `https://www.kuaishou.com/short-video/${ID}`,
    `https://www.kuaishou.com/short-video/${ID}/`,
    `https://www.kuaishou.cn/short-video/${ID}`,
    `https://kuaishou.cn/short-video/${ID}?authorId=3xabc&streamSource=find`,
    `https://live.kuaishou.com/u/3xauthor/${ID}`,
  ])('%s (desktop or live) is read from the phone share page of its id first', (link) => {
    expect(classifyLink(link)).toMatchObject({ ok: true, platform: 'kuaishou' });
    const plan = planLink(new URL(link));
    expect(plan).toMatchObject({ photoId: ID, route: 'mobile' });
    expect(plan.url.href).toBe(`https://v.m.chenzhongtech.com/fw/photo/${ID}`);
  });

  it.each([
    'https://v.kuaishou.com/nGmUFX',
    'https://v.kuaishou.com/Fq1fSF',
    'https://v.kuaishou.cn/AbC123xy',
    'https://www.kuaishou.com/f/X-5KU0Yxb0eJk1w5',
    'https://v.kuaishouapp.com/s/MIaftqoZ',
  ])('%s carries no id: it is followed with the phone UA', (link) => {
    expect(classifyLink(link)).toMatchObject({ ok: true, platform: 'kuaishou' });
    const plan = planLink(new URL(link));
    expect(plan).toEqual({ photoId: null, url: new URL(link), route: 'mobile' });
  });

  it('rewrites /fw/long-video/ to /fw/photo/ and keeps the share query', () => {
    const url = new URL(`https://v.m.chenzhongtech.com/fw/long-video/${ID}?cc=share&photoId=${ID}`);
    expect(normaliseMobileUrl(url).href).toBe(
      `https://v.m.chenzhongtech.com/fw/photo/${ID}?cc=share&photoId=${ID}`,
    );
    expect(planLink(url).url.pathname).toBe(`/fw/photo/${ID}`);
    const other = new URL(`https://www.kuaishou.com/short-video/${ID}`);
    expect(normaliseMobileUrl(other)).toBe(other);
  });

  it('finds no id in pages that are not a video', () => {
    for (const link of [
      'https://www.kuaishou.com/',
      'https://www.kuaishou.com/profile/3xauthor',
      'https://v.m.chenzhongtech.com/fw/photo/?photoId=../../x',
      'https://www.kuaishou.com/short-video/a/b',
    ]) {
      expect(photoIdOf(new URL(link)), link).toBeNull();
    }
  });

  it.each(REAL_SHARE_TEXTS)('finds the short link in the real share text $shortCode', (s) => {
    const link = extractLink(s.text);
    expect(link).toEqual({ ok: true, url: `https://v.kuaishou.com/${s.shortCode}` });
    if (!link.ok) return;
    expect(classifyLink(link.url)).toMatchObject({ ok: true, platform: 'kuaishou' });
  });
});

describe('Kuaishou hosts (docs/platforms/kuaishou.md, owned hosts)', () => {
  it.each([
    'v.kuaishou.com',
    'www.kuaishou.cn',
    'v.m.chenzhongtech.com',
    'k8f3q2.m.chenzhongtech.com',
    'v.kuaishouapp.com',
    'm.gifshow.com',
    'captcha.zt.kuaishou.com',
    'p2.a.yximgs.com',
    'txmov2.a.kwimgs.com',
    'tymov2.a.kwimgs.com',
    'v2.kwaicdn.com',
    'TXMOV2.A.KWIMGS.COM.',
  ])('owns %s', (host) => expect(ownsKuaishouHost(host)).toBe(true));

  it.each([
    'evil.example.com',
    'kuaishou.com.evil.net',
    'notkuaishou.com',
    'kuaishouapp.com.evil.net',
    'douyinvod.com',
    '127.0.0.1',
  ])('does not own %s', (host) => expect(ownsKuaishouHost(host)).toBe(false));
});
