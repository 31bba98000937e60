/**
 * The extractor's shortcuts over labels (anchor gate, subjects, grouped phrase lists, sources
 * where no candidate can score) skip work that cannot change a result. Each is checked here
 * against the full work over the corpus and over random texts of the phrases involved.
 */

import { describe, expect, it } from 'vitest';
import { analyzeSource } from '../../../../src-main/mail/code-extraction/analyze-source.ts';
import { AnchorGate } from '../../../../src-main/mail/code-extraction/anchor-gate.ts';
import { groupByFirstLetter } from '../../../../src-main/mail/code-extraction/keywords/first-letter-groups.ts';
import {
  CODE_LABELS,
  cuesAsWritten,
  FOOTER_MARKERS,
  IDENTIFIER_LABELS,
  identifierLabelsAsWritten,
  PROMO_CUES,
} from '../../../../src-main/mail/code-extraction/keywords/index.ts';
import {
  announcesCode,
  findLabels,
  isStrongCodeLabel,
  mailContext,
  type MailContext,
} from '../../../../src-main/mail/code-extraction/labels.ts';
import { maskNoise } from '../../../../src-main/mail/code-extraction/mask.ts';
import { readSources } from '../../../../src-main/mail/code-extraction/sources.ts';
import type { SourceText } from '../../../../src-main/mail/code-extraction/types.ts';
import { loadCorpus } from './corpus-loader.ts';
import { corpusTexts, randomTexts } from './shortcut-inputs.ts';

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
