/** Finding the labels near a candidate in a source's labels, which are sorted by start. */

import type { Label, Span } from './types.ts';

/**
 * How many labels before a candidate are weighed: the nearest ones. A text that repeats a label
 * and a number hundreds of times would otherwise cost labels × candidates.
 */
const NEAREST_LABELS = 16;

/** Index of the first label starting at or after `pos` (`labels` is sorted by start). */
export function firstLabelFrom(labels: readonly Label[], pos: number): number {
  let lo = 0;
  let hi = labels.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((labels[mid] as Label).start < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** `[from, after)`: the nearest labels starting before the span ends; `after`: the next. */
export function nearbyLabels(c: Span, labels: readonly Label[]): { from: number; after: number } {
  const after = firstLabelFrom(labels, c.end);
  return { from: Math.max(0, after - NEAREST_LABELS), after };
}
