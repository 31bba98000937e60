/**
 * The multilingual phrase lists, one file per language, combined into the patterns the
 * extractor runs. Three families:
 * - code labels: phrases that announce a verification code ("verification code", 验证码, 認証コード);
 * - identifier labels: phrases that announce some other number (order, tracking, phone, postal
 *   code, promo code...). A number right after one of these is never the code;
 * - context cues: travel and meeting mails (where "confirmation code" and "passcode" mean a
 *   booking reference or a meeting password), promotions, and footers.
 */

import { ar } from './ar.ts';
import { groupByFirstLetter } from './first-letter-groups.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fa } from './fa.ts';
import { fi } from './fi.ts';
import { fr } from './fr.ts';
import { he } from './he.ts';
import { id } from './id.ts';
import { it } from './it.ts';
import { ja } from './ja.ts';
import { ko } from './ko.ts';
import { nl } from './nl.ts';
import {
  AFTER,
  BEFORE,
  label,
  runs,
  words,
  type LabelPattern,
  type LanguageKeywords,
} from './patterns.ts';
import { pl } from './pl.ts';
import { pt } from './pt.ts';
import { ru } from './ru.ts';
import { sv } from './sv.ts';
import { tr } from './tr.ts';
import { vi } from './vi.ts';
import { zh } from './zh.ts';

export type { LabelKind, LabelPattern } from './patterns.ts';

/** Every language, in the order their labels are tried. */
const LANGUAGES: readonly LanguageKeywords[] = [
  en,
  de,
  fr,
  es,
  pt,
  ru,
  zh,
  ja,
  ko,
  it,
  nl,
  sv,
  tr,
  id,
  pl,
  vi,
  fi,
  ar,
  fa,
  he,
];

const spaced = LANGUAGES.filter((l) => l.spaced);
const unspaced = LANGUAGES.filter((l) => !l.spaced);

const unique = <T>(xs: readonly T[]): T[] => [...new Set(xs)];

/** The entry verbs of `langs` as one weak label. */
function verbLabel(langs: readonly LanguageKeywords[], compile: (s: string) => RegExp) {
  const anchors = unique(langs.flatMap((l) => l.entryVerbs?.anchors ?? []));
  const phrases = unique(langs.flatMap((l) => l.entryVerbs?.phrases ?? []));
  return label(anchors, compile(phrases.join('|')), 0.6);
}

/** Labels of languages sharing words (Spanish and Portuguese "código") appear once. */
function dedupe(labels: readonly LabelPattern[]): LabelPattern[] {
  const seen = new Set<string>();
  return labels.filter((l) => {
    const key = `${l.re.source}/${l.weight}/${l.kind}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const CODE_LABELS: readonly LabelPattern[] = dedupe([
  ...LANGUAGES.flatMap((l) => l.codeLabels),
  // "Enter 4821 in the app", "以下の6桁の数字を入力", "482913을 입력": the verb alone is a weak label
  verbLabel(spaced, words),
  verbLabel(unspaced, runs),
]);

export interface IdentifierPattern {
  re: RegExp;
  /** The regex runs only on text holding a character of this script. */
  script: RegExp;
}

const identifiers = (langs: readonly LanguageKeywords[]): string =>
  unique(langs.flatMap((l) => l.identifiers)).join('|');

/** A few languages per regex: one alternation is cheaper than many, but not too long to read. */
const IDENTIFIER_GROUPS: readonly {
  langs: readonly LanguageKeywords[];
  script: RegExp;
  compile: (source: string) => RegExp;
}[] = [
  { langs: [en, de], script: /[a-z]/i, compile: words },
  { langs: [fr, es, pt], script: /[a-z]/i, compile: words },
  { langs: [it, nl, sv], script: /[a-z]/i, compile: words },
  { langs: [tr, id, pl, vi, fi], script: /[a-z]/i, compile: words },
  { langs: [ru], script: /[\u0400-\u04FF]/, compile: words },
  { langs: [ar, fa, he], script: /[\u0590-\u06FF]/, compile: words },
  { langs: [zh, ja, ko], script: /[\u3000-\u30FF\u3400-\u9FFF\uAC00-\uD7AF〒]/, compile: runs },
];

/** The phrases grouped by first letter, which finds the same labels faster (first-letter-groups.ts). */
export const IDENTIFIER_LABELS: readonly IdentifierPattern[] = IDENTIFIER_GROUPS.map((g) => ({
  re: g.compile(groupByFirstLetter(identifiers(g.langs))),
  script: g.script,
}));

/** The same patterns with their phrases in the order written: what the grouping is tested against. */
export const identifierLabelsAsWritten = (): RegExp[] =>
  IDENTIFIER_GROUPS.map((g) => g.compile(identifiers(g.langs)));

type CueKind = 'travel' | 'meeting' | 'receipt' | 'promo' | 'footer';

const cueWords = (kind: CueKind): string => unique(spaced.flatMap((l) => l[kind])).join('|');
const cueRuns = (kind: CueKind): string => unique(unspaced.flatMap((l) => l[kind])).join('|');

/** Whole-mail cues: one word-bounded regex for spaced scripts, one for the others. */
const cues = (kind: CueKind): RegExp[] => [words(cueWords(kind)), runs(cueRuns(kind))];

/** A booking, a trip: "confirmation code" there is a booking reference. */
export const TRAVEL_CUES: readonly RegExp[] = cues('travel');

/** A meeting invitation: "passcode" there is the meeting's password. */
export const MEETING_CUES: readonly RegExp[] = cues('meeting');

/** A receipt for a card payment: "authorization code" there is the bank's approval number. */
export const RECEIPT_CUES: readonly RegExp[] = cues('receipt');

/** A sentence selling something: a code in it is a coupon. Turkish writes the sign first: %20. */
const promoCues = (group: (s: string) => string): RegExp =>
  new RegExp(
    String.raw`\d\s?[%٪]|[%٪]\s?\d|${BEFORE}(?:${group(cueWords('promo'))})${AFTER}|${cueRuns('promo')}`,
    'iu',
  );

/** Where the end matter starts: copyright, unsubscribe links, imprint. */
const footerMarkers = (group: (s: string) => string): RegExp =>
  new RegExp(
    String.raw`©|\(c\)\s*\d{4}|${BEFORE}(?:${group(cueWords('footer'))})${AFTER}|${cueRuns('footer')}`,
    'iu',
  );

const asWritten = (s: string): string => s;

/** Their words grouped by first letter, which finds the same cues faster (first-letter-groups.ts). */
export const PROMO_CUES: RegExp = promoCues(groupByFirstLetter);
export const FOOTER_MARKERS: RegExp = footerMarkers(groupByFirstLetter);

/** The same two with their words in the order written: what the grouping is tested against. */
export const cuesAsWritten = (): { promo: RegExp; footer: RegExp } => ({
  promo: promoCues(asWritten),
  footer: footerMarkers(asWritten),
});
