/**
 * The building blocks of the per-language keyword files: how a phrase becomes a regex, and
 * what each language file provides (keywords/index.ts combines them).
 */

/** What a code label means, for the two families whose meaning depends on the mail. */
export type LabelKind = 'code' | 'confirmation' | 'passcode' | 'payment';

export interface LabelPattern {
  re: RegExp;
  weight: number;
  kind: LabelKind;
  /**
   * Lower-case fragments, one of which every match contains. The regex runs only on text that
   * holds one: a cheap `includes` spares most patterns on most mails.
   */
  anchors: readonly string[];
}

/** No letter or digit right before or after a phrase. */
export const BEFORE = String.raw`(?<![\p{L}\p{N}])`;
export const AFTER = String.raw`(?![\p{L}\p{N}])`;

/** Word-bounded, case-insensitive: for scripts with spaces between words. */
export function words(source: string, caseSensitive = false): RegExp {
  return new RegExp(`${BEFORE}(?:${source})${AFTER}`, caseSensitive ? 'gu' : 'giu');
}

/** Unbounded: for Chinese, Japanese and Korean, where labels run into the next word. */
export function runs(source: string): RegExp {
  return new RegExp(source, 'gu');
}

export const label = (
  anchors: readonly string[],
  re: RegExp,
  weight: number,
  kind: LabelKind = 'code',
): LabelPattern => ({ re, weight, kind, anchors });

/**
 * The keywords of one language. Phrase lists are regex alternatives; in a `spaced` language
 * they are matched as whole words, otherwise anywhere (see `words` and `runs`).
 */
export interface LanguageKeywords {
  spaced: boolean;
  /** Phrases that announce a verification code ("verification code", 验证码). */
  codeLabels: readonly LabelPattern[];
  /**
   * Verbs that ask the reader to type something ("enter", 입력): a weak code label. Every
   * language's verbs are merged into one label.
   */
  entryVerbs?: { anchors: readonly string[]; phrases: readonly string[] };
  /**
   * Phrases that announce some other number (order, tracking, phone, postal code, promo
   * code...). A number right after one of these is never the code.
   */
  identifiers: readonly string[];
  /** A booking or trip: "confirmation code" there is a booking reference. */
  travel: readonly string[];
  /** A meeting invitation: "passcode" there is the meeting's password. */
  meeting: readonly string[];
  /** A card-payment receipt: "authorization code" there is the bank's approval number. */
  receipt: readonly string[];
  /** A sentence selling something: a code in it is a coupon. */
  promo: readonly string[];
  /** Where the end matter starts: copyright, unsubscribe links, imprint. */
  footer: readonly string[];
}
