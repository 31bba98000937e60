/**
 * The extractor's shortcuts over text (candidates, digit runs, normalisation, hex runs,
 * sentences, decoys) skip work that cannot change a result. Each is checked here against the
 * full work over the corpus and over random texts built from the characters and fragments the
 * shortcut is about.
 */

import { describe, expect, it } from 'vitest';
import { findCandidates } from '../../../../src-main/mail/code-extraction/candidates.ts';
import { findDecoySpans } from '../../../../src-main/mail/code-extraction/decoys.ts';
import { digitFirst } from '../../../../src-main/mail/code-extraction/digit-first.ts';
import { digitRuns } from '../../../../src-main/mail/code-extraction/digit-runs.ts';
import { hasHexRun } from '../../../../src-main/mail/code-extraction/mask.ts';
import { normalizeText } from '../../../../src-main/mail/code-extraction/normalize.ts';
import { sentenceAround } from '../../../../src-main/mail/code-extraction/text-layout.ts';
import { corpusTexts, randomTexts } from './shortcut-inputs.ts';

const hasNonAsciiReference = (t: string): boolean => /[\u0080-\uFFFF]/.test(t);

describe('findCandidates: skipping capitalised words', () => {
  const fragments = [...'aZ09-#@. AB12xyQ\n:,/_', 'G-', 'FB-', 'Lorem', 'ABCDE', 'K7XQ2P', '482'];

  it('finds the same candidates as looking at every token with a capital', () => {
    const texts = [...corpusTexts(), ...randomTexts(fragments, 20_000, 24)];
    for (const t of texts) expect(findCandidates(t)).toEqual(findCandidates(t, false));
    expect(texts.length).toBeGreaterThan(20_000);
  });
});

describe('digitRuns', () => {
  it('finds every maximal digit run, by indexOf, by regex and by both', () => {
    const fragments = [...'0123456789 a.\né', '4829', 'x'.repeat(40)];
    const texts = [...corpusTexts(), ...randomTexts(fragments, 5_000, 40)];
    for (const t of texts) {
      const expected = [...t.matchAll(/[0-9]+/g)].map((m) => ({
        start: m.index,
        end: m.index + m[0].length,
      }));
      expect(digitRuns(t)).toEqual(expected);
      expect(digitRuns(t, 0)).toEqual(expected);
      expect(digitRuns(t, 1_000)).toEqual(expected);
      expect(digitRuns(t, 3)).toEqual(expected);
    }
  });
});

describe('normalizeText: the ASCII fast path of long texts', () => {
  it.each([0, 63, 64, 511, 512, 4_000])('normalises a non-ASCII character at %i', (at) => {
    const pad = (n: number): string => 'a'.repeat(n);
    const long = (ch: string): string => pad(at) + ch + pad(4_100 - at);
    expect(normalizeText(long('\u00a0'))).toBe(long(' '));
    expect(normalizeText(long('\uff11'))).toBe(long('1'));
    expect(normalizeText(long('\u200b'))).toBe(long(''));
    expect(normalizeText(long('\ud800'))).toBe(long('\ud800').normalize('NFKC'));
    expect(normalizeText(long('\r\n'))).toBe(long('\n'));
  });
});

describe('normalizeText: replacements skipped together', () => {
  /** As it was written before: every replacement, always. */
  const reference = (raw: string): string =>
    raw
      .replace(/\uFF0C/g, ', ')
      .normalize('NFKC')
      .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
      .replace(/[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]|\u034F/g, '')
      .replace(/[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/g, ' ')
      .replace(/[\u0660-\u0669\u06F0-\u06F9\u0966-\u096F]/g, (ch) => {
        const cp = ch.codePointAt(0) ?? 0;
        const zero = [0x0660, 0x06f0, 0x0966].find((z) => cp >= z && cp <= z + 9) ?? cp;
        return String(cp - zero);
      })
      .replace(/\u066B/g, '.')
      .replace(/\u066C/g, ',')
      .replace(/\u0130/g, 'I');

  it('gives what every replacement gives', () => {
    const fragments = [
      ...'aé 1\r\n\u2028\u0085\u00ad\u200b\u200e\u2066\ufeff\u034f\u00a0\u3000\u202f',
      ...'\u0664\u06f4\u096a\u066b\u066c\u0130\uff0c\uff11\u2460\ufb01验证码',
    ];
    for (const t of [...corpusTexts(), ...randomTexts(fragments, 10_000, 20)]) {
      expect(normalizeText(t)).toBe(
        hasNonAsciiReference(t) ? reference(t) : t.replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n'),
      );
    }
  });
});

describe('hasHexRun', () => {
  it('answers as a regex for a run of hex digits', () => {
    const fragments = [...'0123456789abcdefABCDEF xg-', 'deadbeef', 'cafe'];
    for (const t of randomTexts(fragments, 10_000, 30)) {
      for (const length of [12, 16]) {
        expect(hasHexRun(t, length)).toBe(new RegExp(`[0-9a-fA-F]{${length}}`).test(t));
      }
    }
  });
});

describe('digitFirst', () => {
  const B = String.raw`(?<![\p{L}\p{N}])`;

  it.each([
    [String.raw`${B}\d{1,2}\s?h`, 'giu'],
    [String.raw`${B}\d+(?:[.,]\d+)? ?%`, 'gu'],
    [String.raw`${B}\d{4}`, 'gu'],
    [String.raw`${B}\d{2,}x`, 'gu'],
    [String.raw`${B}\d\.\d`, 'gu'],
    [String.raw`\b\d{1,2}(?::\d{2})?\s?(?:[ap]\.?m\.?)(?![\p{L}])`, 'giu'],
    [String.raw`\b\d{3}[.-]\d{3}`, 'g'],
  ])('finds the same matches as %s', (source, flags) => {
    const re = new RegExp(source, flags);
    const fast = digitFirst(re);
    expect(fast.source).not.toBe(re.source);
    const all = (r: RegExp, t: string): string[] =>
      [...t.matchAll(r)].map((m) => `${m.index}:${m[0]}`);
    for (const t of randomTexts([...'12 3a.:-%xhApmſ\n', '4567', 'é'], 5_000, 14)) {
      expect(all(fast, t)).toEqual(all(re, t));
    }
  });

  it('leaves other openings alone', () => {
    for (const source of [
      String.raw`${B}\d?x`,
      String.raw`${B}\d*x`,
      String.raw`${B}\d+?x`,
      'x\\d',
    ]) {
      const re = new RegExp(source, 'gu');
      expect(digitFirst(re)).toBe(re);
    }
  });
});

describe('findDecoySpans: shortcuts', () => {
  const fragments = [
    ..."0123456789 \t\n.,:;-/+()#*•$€£¥₩₽₹¢₺₪₫%'’",
    ...[
      'ſ',
      'ᲂ',
      'K',
      'ß',
      'ẞ',
      'İ',
      '©',
      '〒',
      'г',
      'Г',
      '年',
      '月',
      '日',
      '時',
      '分',
      '元',
      '円',
    ],
    ...['May', 'jan', 'Sept', 'Mai', 'de', 'de maio', 'мая', 'am', 'P.M.', 'h', 'Uhr', 'копия'],
    ...['EUR', 'usd', 'kr', 'zł', 'руб.', 'р.', 'đồng', 'ש"ח', 'ريال', 'Copyright', '(c)'],
    ...['Straße', 'STRASSE', 'str.', 'weg', 'Rua', 'Av.', 'ул.', 'проспект', 'Street', 'Ave'],
    ...['HRB', 'SIRET', 'VAT no', 'P. IVA', 'ИНН', 'ICP备', '사업자 등록 번호', 'CEP', 'Singapore'],
    ...['version', 'iOS', 'v', 'Chrome', 'versión', 'минут', 'minutes', 'px', 'GB', '分钟', '시간'],
    // Letters a case-insensitive pattern reads as s, о or с, inside the phrases.
    ...['прᲂспект', 'ſtraße', 'ſep', 'verſion', 'уᲃд', 'ᲂffice', ' прᲂспект Мира 12'],
    ...[' 12 May 2024', ' 3 de maio de 2024', ' 3:45 PM', ' 9 am', ' 14h30', ' 2024 - 05 - 12'],
    ...[' 06 12 34 56 78', ' 0612-345-678', ' 555.123.4567', ' CA 94105', ' NSW 2000', '**** 4821'],
    ...[
      ' 1588-1234',
      ' 10115 Berlin,',
      ' 2474 Walnut Street',
      ' 5 Main St',
      ' 10 minutes',
      ' 12,50 EUR',
    ],
    ...[' ſtraße 5', ' ſep 12, 2024', ' verſion 2', ' 12 ſeptember 2024', ' 5 uᲃd'],
    ...['NSW', 'CA', 'SW1A', '1AA', 'Main', 'St', '0800', '1588', '400', '0120', 'г.', 'года'],
  ];

  it('finds the same spans as running every pattern as written', () => {
    const texts = [...corpusTexts(), ...randomTexts(fragments, 20_000, 16)];
    for (const t of texts) expect(findDecoySpans(t)).toEqual(findDecoySpans(t, undefined, false));
    expect(texts.length).toBeGreaterThan(20_000);
  });
});

describe('sentenceAround', () => {
  /** As it was written before: every break in the 200 characters before, the last one wins. */
  function reference(text: string, span: { start: number; end: number }): string {
    const from = Math.max(0, span.start - 200);
    const head = text.slice(from, span.start);
    const breaks = [...head.matchAll(/[.!?](?=\s)|[。！？\n]/g)];
    const last = breaks[breaks.length - 1];
    const start = last ? from + last.index + 1 : from;
    const tail = text.slice(span.end, span.end + 200);
    const next = /[.!?](?:\s|$)|[。！？\n]/.exec(tail);
    const end = next ? span.end + next.index : span.end + tail.length;
    return text.slice(start, end);
  }

  it('finds the same sentence as scanning every break', () => {
    const fragments = [...'ab .!?\n\t。！？\u3000\u00a0', 'word ', '482913', 'x'.repeat(60)];
    for (const t of randomTexts(fragments, 5_000, 40)) {
      for (let start = 0; start <= t.length; start += 7) {
        const span = { start, end: Math.min(t.length, start + 6) };
        expect(sentenceAround(t, span)).toBe(reference(t, span));
      }
    }
  });
});
