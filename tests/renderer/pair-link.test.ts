import { describe, expect, it } from 'vitest';
import { pairLink, readPairFragment } from '../../src-renderer/app/pair-link.ts';
import { suggestPhoneName } from '../../src-renderer/features/phone/pair-name.ts';

const KEY = 'eph_cSVG3W0ItZKeeTNQ20E_yXp0xMUPYiq1W3GZLTm2lbw';

describe('pairing link', () => {
  it('puts the key and name only after the #, and reads them back', () => {
    const link = pairLink('http://192.168.1.20:8787/', KEY, 'Anna’s Pixel & co');
    const url = new URL(link);
    expect(url.origin + url.pathname + url.search).toBe('http://192.168.1.20:8787/');
    expect(url.hash.startsWith('#/pair?')).toBe(true);
    expect(readPairFragment(url.hash)).toEqual({ ok: true, key: KEY, name: 'Anna’s Pixel & co' });
  });

  it('is null for every other hash, so ordinary routes are left alone', () => {
    for (const hash of ['', '#/mail', '#/pairs', '#/video?key=x', '#pair']) {
      expect(readPairFragment(hash), hash).toBeNull();
    }
  });

  it('calls a missing, garbled or doubled key malformed', () => {
    const bad = [
      '#/pair',
      '#/pair?',
      '#/pair?name=Pixel',
      '#/pair?key=&name=Pixel',
      '#/pair?key=eph_short',
      '#/pair?key=abc_cSVG3W0ItZKeeTNQ20E_yXp0xMUPYiq1W3GZLTm2lbw',
      `#/pair?key=${KEY}%00`,
      `#/pair?key=${KEY.slice(0, 20)}%20${KEY.slice(20)}`,
      `#/pair?key=${KEY}&key=${KEY}`,
      '#/pair?key=%E0%A4%A',
    ];
    for (const hash of bad) expect(readPairFragment(hash), hash).toEqual({ ok: false });
  });

  it('keeps a missing name null and strips controls from a hostile one', () => {
    expect(readPairFragment(`#/pair?key=${KEY}`)).toEqual({ ok: true, key: KEY, name: null });
    const name = encodeURIComponent(`Pix\u0000el\u202e${'x'.repeat(100)}`);
    const read = readPairFragment(`#/pair?key=${KEY}&name=${name}`);
    expect(read).toEqual({ ok: true, key: KEY, name: `Pixel${'x'.repeat(55)}` });
  });
});

describe('suggested phone name', () => {
  it('is the base name, then the first free number', () => {
    expect(suggestPhoneName('Phone', [])).toBe('Phone');
    expect(suggestPhoneName('Phone', ['phone', 'default'])).toBe('Phone 2');
    expect(suggestPhoneName('Phone', ['Phone', 'Phone 2', 'phone 3'])).toBe('Phone 4');
  });
});
