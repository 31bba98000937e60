/** Line and sentence geometry of a source text, used to relate a candidate to its labels. */

import type { Span } from './types.ts';

export function lineStart(text: string, pos: number): number {
  return text.lastIndexOf('\n', pos - 1) + 1;
}

export function lineEnd(text: string, pos: number): number {
  const i = text.indexOf('\n', pos);
  return i < 0 ? text.length : i;
}

/** Number of line breaks between two points, a blank line counting as one break. */
export function lineBreaks(gap: string): number {
  return gap.match(/[ \t]*\n[\s]*/g)?.length ?? 0;
}

/** Letters and digits in a gap; spaces, punctuation and symbols cost nothing. */
export function wordCost(gap: string): number {
  return gap.replace(/[\s\p{P}\p{S}]/gu, '').length;
}

/** A sentence ends inside the gap ("... your code. Order 58213"). */
export function endsSentence(gap: string): boolean {
  return /[.!?](?:\s|$)|[。！？]/.test(gap);
}

const ONLY_WRAPPERS = /^[\s\p{P}\p{S}]*$/u;

/** Only spaces, punctuation and symbols in `[from, to)` (checked on at most 64 characters). */
function onlyWrappers(text: string, from: number, to: number): boolean {
  return to - from <= 64 && ONLY_WRAPPERS.test(text.slice(from, to));
}

/** The candidate is the only thing on its line, give or take brackets and punctuation. */
export function isStandalone(text: string, span: Span): boolean {
  return (
    onlyWrappers(text, lineStart(text, span.start), span.start) &&
    onlyWrappers(text, span.end, lineEnd(text, span.end))
  );
}

/** Nothing but punctuation follows the candidate on its line. */
export function endsLine(text: string, span: Span): boolean {
  return onlyWrappers(text, span.end, lineEnd(text, span.end));
}

/** Nothing but punctuation precedes the candidate on its line. */
export function startsLine(text: string, span: Span): boolean {
  return onlyWrappers(text, lineStart(text, span.start), span.start);
}

const SPACE = /\s/;

/**
 * The start of the sentence that ends at `to`: just past the last `.`, `!` or `?` followed by a
 * space, or `。！？` or line break, in `[from, to)` (a full stop at `to - 1` does not count: what
 * follows it is outside the range), else `from`. Read backwards, so only the last one is found.
 */
function sentenceStart(text: string, from: number, to: number): number {
  for (let i = to - 1; i >= from; i--) {
    const ch = text[i];
    if (ch === '\n' || ch === '。' || ch === '！' || ch === '？') return i + 1;
    if ((ch === '.' || ch === '!' || ch === '?') && i + 1 < to && SPACE.test(text[i + 1] ?? '')) {
      return i + 1;
    }
  }
  return from;
}

/** The sentence holding the span: from the previous sentence end or line break to the next. */
export function sentenceAround(text: string, span: Span): string {
  const start = sentenceStart(text, Math.max(0, span.start - 200), span.start);
  const tail = text.slice(span.end, span.end + 200);
  const next = /[.!?](?:\s|$)|[。！？\n]/.exec(tail);
  const end = next ? span.end + next.index : span.end + tail.length;
  return text.slice(start, end);
}
