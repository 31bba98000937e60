/**
 * Every maximal run of ASCII digits in a text, in order. Most mails hold few digits in a lot of
 * text: the next occurrence of each of the ten digits is found with `indexOf`, which V8 runs at
 * memory-scan speed, and only the digits a run passed are looked for again. A text with many
 * runs would look for them many times, so after the first few runs one regex scan finds the
 * rest. Both ways find the same runs.
 */

export interface DigitRun {
  start: number;
  end: number;
}

/** Runs found by `indexOf` before the rest are left to the regex. */
const INDEX_OF_RUNS = 8;

/** Below this length ten `indexOf` calls cost more than one regex scan. */
const LONG_TEXT = 1024;

/** `test` moves `lastIndex` to a run's end without building a match. */
const DIGIT_RUN = /[0-9]+/g;

const DIGITS = '0123456789';
const NONE = 0x7fffffff;

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** `indexOfRuns`: how many runs `indexOf` finds before the regex takes the rest (for tests). */
export function digitRuns(
  text: string,
  indexOfRuns = text.length < LONG_TEXT ? 0 : INDEX_OF_RUNS,
): DigitRun[] {
  const runs: DigitRun[] = [];
  let pos = indexOfRuns > 0 ? runsByIndexOf(text, runs, indexOfRuns) : 0;
  if (pos < 0) return runs;
  DIGIT_RUN.lastIndex = pos;
  while (DIGIT_RUN.test(text)) {
    const end = DIGIT_RUN.lastIndex;
    let start = end - 1;
    while (start > pos && isDigit(text.charCodeAt(start - 1))) start--;
    runs.push({ start, end });
    pos = end;
  }
  return runs;
}

/**
 * The first `limit` runs into `runs`; returns where the search stopped, or -1 when the text
 * holds no more digits.
 */
function runsByIndexOf(text: string, runs: DigitRun[], limit: number): number {
  const next = new Int32Array(10);
  for (let d = 0; d < 10; d++) {
    const i = text.indexOf(DIGITS[d] as string);
    next[d] = i < 0 ? NONE : i;
  }
  let pos = 0;
  while (runs.length < limit) {
    let start = NONE;
    for (let d = 0; d < 10; d++) start = Math.min(start, next[d] as number);
    if (start === NONE) return -1;
    let end = start + 1;
    while (end < text.length && isDigit(text.charCodeAt(end))) end++;
    runs.push({ start, end });
    pos = end;
    for (let d = 0; d < 10; d++) {
      if ((next[d] as number) < end) {
        const i = text.indexOf(DIGITS[d] as string, end);
        next[d] = i < 0 ? NONE : i;
      }
    }
  }
  return pos;
}
