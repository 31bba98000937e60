/** Small pure helpers of render-html.ts: word/number spacing, class keys, emphasis spans. */

import { hintFromStyle, NO_HINT, type CssHint } from './css-hints.ts';
import type { EmphasisLevel, EmphasisSpan } from './emphasis.ts';

const CODE_CLASS = /code|otp|pin|verif|token|passcode/i;

/**
 * A word of two or more letters meets a digit, or a digit meets such a word: "Code" and
 * "817263" in neighbouring spans. Single characters (one digit or letter per cell of a split
 * code) stay glued.
 */
export function wordMeetsNumber(before: string, after: string): boolean {
  return (
    (/\p{L}{2}$/u.test(before) && /^\p{N}/u.test(after)) ||
    (/\p{N}$/u.test(before) && /^\p{L}{2}/u.test(after))
  );
}

export function classKeys(attribs: Record<string, string>): string[] {
  const keys: string[] = [];
  for (const c of (attribs.class ?? '').split(/\s+/)) if (c) keys.push(`.${c.toLowerCase()}`);
  if (attribs.id) keys.push(`#${attribs.id.toLowerCase()}`);
  return keys;
}

/**
 * What an element's class/id rules (from `<style>` blocks read so far), inline style and a
 * class or id naming a code say about its text.
 */
export function hintOf(attribs: Record<string, string>, classHints: Map<string, CssHint>): CssHint {
  let hidden = false;
  let level: EmphasisLevel | 0 = 0;
  for (const key of classKeys(attribs)) {
    const h = classHints.get(key);
    if (!h) continue;
    hidden ||= h.hidden;
    level = Math.max(level, h.emphasis) as EmphasisLevel | 0;
  }
  const inline = attribs.style ? hintFromStyle(attribs.style) : NO_HINT;
  if (CODE_CLASS.test(`${attribs.class ?? ''} ${attribs.id ?? ''}`)) level = 2;
  return {
    hidden: hidden || inline.hidden,
    emphasis: Math.max(level, inline.emphasis) as EmphasisLevel | 0,
  };
}

/** Adds a span, merging it with the previous one when they touch at the same level. */
export function addEmphasis(
  spans: EmphasisSpan[],
  start: number,
  end: number,
  level: EmphasisLevel,
): void {
  const prev = spans[spans.length - 1];
  if (prev && prev.level === level && prev.end >= start) {
    prev.end = Math.max(prev.end, end);
    return;
  }
  spans.push({ start, end, level });
}
