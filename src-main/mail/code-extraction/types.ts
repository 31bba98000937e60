/** A half-open range `[start, end)` of UTF-16 offsets into one source text. */
export interface Span {
  start: number;
  end: number;
}

export type { EmphasisLevel, EmphasisSpan } from '../html-text/render-html.ts';
import type { EmphasisSpan } from '../html-text/render-html.ts';

/** One place a mail's text can come from. Each is scanned on its own. */
export type SourceKind = 'subject' | 'text' | 'html';

export interface SourceText {
  kind: SourceKind;
  /** Normalised visible text (NFKC, ASCII digits, plain spaces, `\n` line ends). */
  text: string;
  /** Emphasised runs; only the HTML rendering has any. */
  emphasis: readonly EmphasisSpan[];
  /** Text the HTML holds in hidden elements; only the HTML rendering has any. */
  hiddenText?: string;
}

export type CandidateShape =
  | 'digits' // 482913
  | 'grouped' // 482 913, 482-913, 48 29 13, 4829 1300
  | 'spaced-digits' // one digit per cell or span: 4 8 2 9 1 3
  | 'alnum' // K7XQ2P, 7QK-X4P, 7hq2kx9m
  | 'letters' // KWTRZB
  | 'prefixed' // G-482913, FB-48213
  | 'web-otp'; // "@example.com #482913"

export interface Candidate extends Span {
  /** The code as it should be returned (digit groups joined). */
  value: string;
  shape: CandidateShape;
  /** Only acceptable with a label directly before or after it (weak shapes). */
  needsDirectLabel: boolean;
  /** The character before the candidate is `#` (order numbers, tickets). */
  hashPrefixed: boolean;
}

export interface Label extends Span {
  /** 0..1: how surely the phrase announces a verification code. */
  weight: number;
  /** An identifier label (order number, phone, postal code...) rather than a code label. */
  negative: boolean;
  /** The label was written in capitals ("YOUR CODE"), which makes capital words after it suspect. */
  shouting: boolean;
}
