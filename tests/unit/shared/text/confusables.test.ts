import { domainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  imitatesAscii,
  isMixedScript,
  skeleton,
  visibleText,
} from '../../../../src-shared/text/confusables.ts';
import { decodePunycode, unicodeHost } from '../../../../src-shared/text/punycode.ts';

describe('confusable skeletons (a subset of UTS #39)', () => {
  it('removes zero-width, joiner, bidi and soft-hyphen characters, folds NFKC', () => {
    expect(visibleText('pay\u200bpal\u200c.\u200dcom\u2060\ufeff')).toBe('paypal.com');
    expect(visibleText('\u202epay\u00adpal.com\u202c')).toBe('paypal.com');
    expect(visibleText('ｐａｙｐａｌ．ｃｏｍ')).toBe('paypal.com');
    expect(visibleText('𝐩𝐚𝐲𝐩𝐚𝐥.com')).toBe('paypal.com');
  });

  it('maps Cyrillic, Greek and Armenian look-alikes to the Latin letters they imitate', () => {
    expect(skeleton('p\u0430ypal.com')).toBe('paypal.com');
    expect(skeleton('\u0440\u0430\u0443\u0440\u0430\u04cf.\u0441\u043e\u043c')).toBe('paypal.com');
    expect(skeleton('g\u03bf\u03bfgle.com')).toBe('google.com');
    expect(skeleton('\u0410PPLE.COM')).toBe('apple.com');
    expect(skeleton('micr\u0585soft.com')).toBe('microsoft.com');
    expect(skeleton('paypa1.c0m')).toBe('paypal.com');
  });

  it('leaves letters with no Latin look-alike as they are', () => {
    // п, ч and ф stay: the name does not read as Latin (о, т and р alone do).
    expect(skeleton('почта.рф')).toBe('пoчta.pф');
    expect(skeleton('例え.jp')).toBe('例え.jp');
  });

  it('finds mixed scripts within one label only', () => {
    expect(isMixedScript('p\u0430ypal.com')).toBe(true);
    expect(isMixedScript('g\u03bf\u03bfgle.com')).toBe(true);
    expect(isMixedScript('почта.рф')).toBe(false);
    expect(isMixedScript('почта.com')).toBe(false);
    expect(isMixedScript('paypal-2024.com')).toBe(false);
  });

  it('tells a name that imitates an ASCII one from a real non-Latin name', () => {
    expect(imitatesAscii('p\u0430ypal.com')).toBe(true);
    expect(imitatesAscii('\u0440\u0430\u0443\u0440\u0430\u04cf.com')).toBe(true);
    expect(imitatesAscii('paypal.com')).toBe(false);
    expect(imitatesAscii('pay\u200bpal.com')).toBe(false);
    expect(imitatesAscii('почта.рф')).toBe(false);
    expect(imitatesAscii('bücher.de')).toBe(false);
  });
});

describe('punycode labels, decoded to check their scripts', () => {
  it('decodes as node:url does', () => {
    for (const host of [
      'xn--pypal-4ve.com',
      'xn--80a1acny.xn--p1ai',
      'xn--bcher-kva.de',
      'xn--fsqu00a.xn--0zwm56d',
      'xn--n3h.com',
      'example.com',
    ]) {
      expect(unicodeHost(host)).toBe(domainToUnicode(host));
    }
  });

  it('leaves a label that is not valid punycode as it is', () => {
    expect(unicodeHost('xn--ab!.com')).toBe('xn--ab!.com');
    expect(decodePunycode('!!')).toBeNull();
    expect(decodePunycode('9')).toBeNull(); // cut off inside a number
  });
});
