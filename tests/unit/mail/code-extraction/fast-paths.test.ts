/**
 * The extractor's shortcuts skip work that cannot change a result. Each is checked here against
 * the full work over the corpus and over random texts built from the characters and fragments
 * the shortcut is about.
 */

import { describe, expect, it } from 'vitest';
import { analyzeSource } from '../../../../src-main/mail/code-extraction/analyze-source.ts';
import { AnchorGate } from '../../../../src-main/mail/code-extraction/anchor-gate.ts';
import { findCandidates } from '../../../../src-main/mail/code-extraction/candidates.ts';
import { digitRuns } from '../../../../src-main/mail/code-extraction/digit-runs.ts';
import { findDecoySpans } from '../../../../src-main/mail/code-extraction/decoys.ts';
import { digitFirst } from '../../../../src-main/mail/code-extraction/digit-first.ts';
import { groupByFirstLetter } from '../../../../src-main/mail/code-extraction/keywords/first-letter-groups.ts';
import {
  CODE_LABELS,
  cuesAsWritten,
  FOOTER_MARKERS,
  IDENTIFIER_LABELS,
  identifierLabelsAsWritten,
  PROMO_CUES,
} from '../../../../src-main/mail/code-extraction/keywords/index.ts';
import { sentenceAround } from '../../../../src-main/mail/code-extraction/text-layout.ts';
import {
  announcesCode,
  findLabels,
  isStrongCodeLabel,
  mailContext,
  type MailContext,
} from '../../../../src-main/mail/code-extraction/labels.ts';
import { hasHexRun, maskNoise } from '../../../../src-main/mail/code-extraction/mask.ts';
import { normalizeText } from '../../../../src-main/mail/code-extraction/normalize.ts';
import { readSources } from '../../../../src-main/mail/code-extraction/sources.ts';
import type { SourceText } from '../../../../src-main/mail/code-extraction/types.ts';
import { loadCorpus } from './corpus-loader.ts';

const hasNonAsciiReference = (t: string): boolean => /[\u0080-\uFFFF]/.test(t);

/** A small deterministic generator (the same texts on every run). */
function randomTexts(fragments: readonly string[], count: number, maxParts: number): string[] {
  let seed = 20261127;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return Math.floor((seed / 0x80000000) * n);
  };
  const texts: string[] = [];
  for (let k = 0; k < count; k++) {
    let s = '';
    const parts = next(maxParts + 1);
    for (let i = 0; i < parts; i++) s += fragments[next(fragments.length)];
    texts.push(s);
  }
  return texts;
}

const corpusTexts = (): string[] => loadCorpus().flatMap((m) => readSources(m).map((s) => s.text));

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

describe('AnchorGate', () => {
  const groups = CODE_LABELS.map((p) => p.anchors);
  const anchors = [...new Set(groups.flat())];
  const single = new AnchorGate(anchors.map((a) => [a]));
  const grouped = new AnchorGate(groups);
  const fragments = [...anchors, ...anchors.map((a) => a.slice(1)), ...'ac de-oé码 \n'];
  const texts = [
    ...corpusTexts().map((t) => t.toLowerCase()),
    ...randomTexts(fragments, 5_000, 12),
  ];

  it('answers as includes for every code label anchor', () => {
    for (const t of texts) {
      single.reset(t);
      expect([...single.open].map((o) => o === 1)).toEqual(anchors.map((a) => t.includes(a)));
    }
  });

  it('opens a code label when the text holds one of its anchors', () => {
    for (const t of texts) {
      grouped.reset(t);
      expect([...grouped.open].map((o) => o === 1)).toEqual(
        groups.map((g) => g.some((a) => t.includes(a))),
      );
    }
  });
});

describe('announcesCode', () => {
  it('is whether findLabels finds a strong code label', () => {
    const fragments = [
      ...[' ', ' ', '\n', ': ', 'Your ', 'the ', 'Acme '],
      ...['verification code', 'code', 'PIN', 'passcode', 'confirmation code', 'one-time'],
      ...['promo code', 'coupon code', 'order', 'booking', 'flight', 'meeting ID', 'receipt'],
      ...['Bestätigungscode', 'Gutscheincode', 'code promo', 'código', 'código de reserva'],
      ...['验证码', '优惠码', '認証コード', 'クーポンコード', '인증번호', 'код', 'промокод'],
    ];
    const plain = mailContext(['']);
    const travel = mailContext(['Your flight booking itinerary']);
    const subjects = loadCorpus().flatMap((m) => (m.subject ? [m.subject] : []));
    for (const t of [...subjects, ...randomTexts(fragments, 5_000, 8)]) {
      for (const context of [plain, travel]) {
        expect(announcesCode(t, context)).toBe(findLabels(t, context).some(isStrongCodeLabel));
      }
    }
  });
});

describe('identifier labels grouped by first letter', () => {
  it('find the same matches as the phrases in the order written', () => {
    const written = identifierLabelsAsWritten();
    const texts = corpusTexts();
    const words = [...new Set(texts.flatMap((t) => t.split(/\s+/)))].filter((w) => w !== '');
    const fragments = [...words, ' ', ' ', ': ', '\n', '#', 'No. ', 'ſ', 'K'];
    const all = (re: RegExp, t: string): string[] =>
      [...t.matchAll(re)].map((m) => `${m.index}:${m[0]}`);
    for (const t of [...texts, ...randomTexts(fragments, 3_000, 12)]) {
      IDENTIFIER_LABELS.forEach(({ re }, i) => {
        expect(all(re, t)).toEqual(all(written[i] as RegExp, t));
      });
    }
    expect(IDENTIFIER_LABELS.map((l) => l.re.source)).not.toEqual(written.map((r) => r.source));
  });

  it('and the promotion and footer cues find the same first match as written', () => {
    const { promo, footer } = cuesAsWritten();
    const texts = corpusTexts();
    const words = [...new Set(texts.flatMap((t) => t.split(/\s+/)))].filter((w) => w !== '');
    const fragments = [...words, ' ', ' ', '%', '\n', '©', '(c) 2024'];
    const first = (re: RegExp, t: string): string => {
      const m = re.exec(t);
      return m ? `${m.index}:${m[0]}` : '-';
    };
    for (const t of [...texts, ...randomTexts(fragments, 3_000, 12)]) {
      expect(first(PROMO_CUES, t)).toBe(first(promo, t));
      expect(first(FOOTER_MARKERS, t)).toBe(first(footer, t));
    }
    expect(PROMO_CUES.source).not.toBe(promo.source);
  });

  it('keep alternatives that do not open on an ASCII letter in place', () => {
    expect(groupByFirstLetter('ab|x|Ac|xy|[ée]f|ad|(?:n|m)o|a?b|ae|af')).toBe(
      '(?:ab|Ac)|(?:x|xy)|[ée]f|ad|(?:n|m)o|a?b|(?:ae|af)',
    );
  });
});

describe('analyzeSource: sources where no candidate can score', () => {
  const same = (source: SourceText, text: string, context: MailContext): void => {
    for (const announces of [false, true]) {
      const fast = analyzeSource(source, text, context, () => announces);
      const full = analyzeSource(source, text, context, () => announces, false);
      expect(fast.scored).toEqual(full.scored);
      expect(fast.announcesCode()).toBe(full.announcesCode());
    }
  };

  it('give the same analysis as looking for every label and decoy', () => {
    for (const mail of loadCorpus()) {
      const sources = readSources(mail);
      const masked = sources.map((s) => maskNoise(s.text));
      const context = mailContext(masked);
      sources.forEach((s, i) => same(s, masked[i] ?? '', context));
    }
    const fragments = [
      ...[' ', ' ', '\n', '. ', ': ', '482913', '4829', '12', '2024', '#58213', 'K7XQ2P'],
      ...['Your code is ', 'verification code', 'code', 'PIN', 'order', 'Order no. ', 'booking'],
      ...['promo', '10 minutes', '\n@shop.example.com #482913\n', 'Bestellnummer', '验证码'],
    ];
    const plain = mailContext(['']);
    for (const t of randomTexts(fragments, 3_000, 14)) {
      for (const kind of ['subject', 'text'] as const)
        same({ kind, text: t, emphasis: [] }, t, plain);
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
