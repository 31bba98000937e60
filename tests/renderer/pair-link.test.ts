import { describe, expect, it } from 'vitest';
import { pairLink, readPairFragment } from '../../src-renderer/lib/pair-link.ts';
import { suggestPhoneName } from '../../src-renderer/features/phone/pair-name.ts';

const CODE = 'Q2m0b8s6N1x4yT7cVv9e_w';
const KEY = 'eph_cSVG3W0ItZKeeTNQ20E_yXp0xMUPYiq1W3GZLTm2lbw';

describe('pairing and sign-in links', () => {
  it('puts only the one-time code after the #, and reads it back', () => {
    const link = pairLink('http://192.168.1.20:8787/', CODE);
    const url = new URL(link);
    expect(url.origin + url.pathname + url.search).toBe('http://192.168.1.20:8787/');
    expect(url.hash).toBe(`#/pair?code=${CODE}`);
    expect(readPairFragment(url.hash)).toEqual({ ok: true, code: CODE });
    expect(readPairFragment(`#/sign-in?code=${CODE}`)).toEqual({ ok: true, code: CODE });
  });

  it('is null for every other hash, so ordinary routes are left alone', () => {
    for (const hash of ['', '#/mail', '#/pairs', '#/video?code=x', '#pair', '#/sign-inx']) {
      expect(readPairFragment(hash), hash).toBeNull();
    }
  });

  it('calls a missing, garbled or doubled code malformed', () => {
    const bad = [
      '#/pair',
      '#/sign-in?',
      '#/pair?name=Pixel',
      '#/pair?code=',
      '#/pair?code=short',
      `#/pair?code=${CODE}%00`,
      `#/pair?code=${CODE.slice(0, 10)}%20${CODE.slice(10)}`,
      `#/sign-in?code=${CODE}&code=${CODE}`,
      '#/pair?code=%E0%A4%A',
    ];
    for (const hash of bad) {
      expect(readPairFragment(hash), hash).toEqual({ ok: false, legacy: false });
    }
  });

  it('never uses an old link that carries a key, even with a code beside it', () => {
    expect(readPairFragment(`#/pair?key=${KEY}&name=Pixel`)).toEqual({ ok: false, legacy: true });
    expect(readPairFragment(`#/pair?code=${CODE}&key=${KEY}`)).toEqual({ ok: false, legacy: true });
  });
});

describe('suggested phone name', () => {
  it('is the base name, then the first free number', () => {
    expect(suggestPhoneName('Phone', [])).toBe('Phone');
    expect(suggestPhoneName('Phone', ['phone', 'default'])).toBe('Phone 2');
    expect(suggestPhoneName('Phone', ['Phone', 'Phone 2', 'phone 3'])).toBe('Phone 4');
  });
});
