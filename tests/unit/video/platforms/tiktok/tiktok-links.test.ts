import { describe, expect, it } from 'vitest';
import { classifyLink } from '../../../../../src-main/video/link-classifier.ts';
import {
  hrefFromBody,
  parseTiktokLink,
  videoPageUrl,
} from '../../../../../src-main/video/platforms/tiktok/tiktok-links.ts';

const ID = '7305827432509082913';

describe('parseTiktokLink: the link forms of docs/platforms/tiktok.md step 1', () => {
  it.each([
    [`https://www.tiktok.com/@vantoan___/video/${ID}?_r=1&_t=8hUpBSwPUVC`, 'vantoan___'],
    [
      `https://www.tiktok.com/@vantoan___/video/${ID}?is_from_webapp=1&sender_device=pc`,
      'vantoan___',
    ],
    [`https://www.tiktok.com/@user.name-1/video/${ID}/`, 'user.name-1'],
    [`https://www.tiktok.com/@_/video/${ID}`, '_'],
    [`https://www.tiktok.com/@i/video/${ID}`, 'i'],
    [`https://tiktok.com/@vantoan___/video/${ID}`, 'vantoan___'],
    [`https://m.tiktok.com/@vantoan___/video/${ID}`, 'vantoan___'],
    [`https://www.tiktokv.com/share/video/${ID}/`, null],
    [`https://www.tiktok.com/share/video/${ID}`, null],
    [`https://www.tiktok.com/i18n/share/video/${ID}`, null],
    [`https://www.tiktok.com/embed/${ID}`, null],
    [`https://www.tiktok.com/embed/v2/${ID}`, null],
    [`https://m.tiktok.com/v/${ID}.html`, null],
  ])('%s names video %s', (link, user) => {
    expect(parseTiktokLink(new URL(link))).toEqual({ kind: 'video', id: ID, user });
  });

  it.each([
    'https://vm.tiktok.com/ZGeTo7tHd/',
    'https://vm.tiktok.com/ZGeTo7tHd/?k=1',
    'https://vm.tiktok.com/ZGeTo7tHd',
    'https://vt.tiktok.com/ZSRk8DQJB/',
    'https://www.tiktok.com/t/ZTRC5xgJp',
    'https://www.tiktok.com/t/ZTRC5xgJp/',
  ])('%s is a short link', (link) => {
    expect(parseTiktokLink(new URL(link))).toEqual({ kind: 'short' });
  });

  it('tells slideshows, the sign-in page and other pages apart', () => {
    expect(parseTiktokLink(new URL(`https://www.tiktok.com/@van/photo/${ID}`))).toEqual({
      kind: 'photo',
      id: ID,
      user: 'van',
    });
    expect(parseTiktokLink(new URL('https://www.tiktok.com/login?redirect_url=x'))).toEqual({
      kind: 'login',
    });
    for (const other of [
      'https://www.tiktok.com/',
      'https://www.tiktok.com/@vantoan___',
      'https://www.tiktok.com/tag/piano',
      'https://www.tiktok.com/@van/video/',
      'https://vm.tiktok.com/',
      'https://www.tiktok.com/foryou',
    ]) {
      expect(parseTiktokLink(new URL(other)), other).toEqual({ kind: 'other' });
    }
  });

  it('every video and short form is accepted as a TikTok link before any task exists', () => {
    for (const link of [
      `https://www.tiktok.com/@van/video/${ID}?_r=1`,
      `https://www.tiktokv.com/share/video/${ID}/`,
      `https://m.tiktok.com/v/${ID}.html`,
      `https://www.tiktok.com/embed/${ID}`,
      'https://vm.tiktok.com/ZGeTo7tHd/',
      'https://vt.tiktok.com/ZSRk8DQJB/',
      'https://www.tiktok.com/t/ZTRC5xgJp',
    ]) {
      expect(classifyLink(link), link).toMatchObject({ ok: true, platform: 'tiktok' });
    }
  });
});

describe('videoPageUrl', () => {
  it('keeps a known user and uses @_ for an unknown one', () => {
    expect(videoPageUrl(ID, 'van')).toBe(`https://www.tiktok.com/@van/video/${ID}`);
    expect(videoPageUrl(ID, null)).toBe(`https://www.tiktok.com/@_/video/${ID}`);
  });
});

describe('hrefFromBody: the target in a short link answer', () => {
  const base = new URL('https://vm.tiktok.com/ZGeTo7tHd/');

  it('reads the first link, entities decoded, relative to the short link', () => {
    const body = `<a href="https://www.tiktok.com/@van/video/${ID}?_r=1&amp;_t=abc">Moved Permanently</a>.`;
    expect(hrefFromBody(body, base)?.href).toBe(
      `https://www.tiktok.com/@van/video/${ID}?_r=1&_t=abc`,
    );
    expect(hrefFromBody(`<A class='x' HREF='/t/ZT1/'>x</A>`, base)?.href).toBe(
      'https://vm.tiktok.com/t/ZT1/',
    );
  });

  it('gives null when the body has no usable link', () => {
    expect(hrefFromBody('Moved', base)).toBeNull();
    expect(hrefFromBody('<a name="x">', base)).toBeNull();
    expect(hrefFromBody('<a href="http://[bad">', base)).toBeNull();
  });
});
