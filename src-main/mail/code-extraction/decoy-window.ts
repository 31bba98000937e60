/**
 * What the decoy patterns' shortcuts ask about one window of text (decoys.ts): its lower-case
 * form, whether it holds a character outside ASCII, and the lengths of its digit runs.
 */

/**
 * One window of text, with what the shortcuts ask about it. `lower` is the window in lower
 * case; a letter that a case-insensitive pattern matches but `toLowerCase` does not turn into
 * the letter the pattern names makes the window `loose`, and then every pattern runs: only the
 * long s (matched by `s`) and the old Cyrillic letter forms (U+1C80-U+1C88, matched by в д о с
 * т ъ) do that for the phrases of decoys.ts (Kelvin K lower-cases to k).
 */
export class WindowText {
  private lowered: string | null = null;
  readonly loose: boolean;
  readonly nonAscii: boolean;

  constructor(readonly part: string) {
    this.loose = LOOSE_LETTERS.test(part);
    this.nonAscii = NON_ASCII_CHAR.test(part);
  }

  get lower(): string {
    return (this.lowered ??= this.part.toLowerCase());
  }

  has(s: string): boolean {
    return this.part.includes(s);
  }

  private runBits = -1;
  private zeroRunBits = 0;

  /** A run of digits of `min` to `max` (at most 6) digits; a run of 7 or more counts as 7. */
  hasRun(min: number, max: number): boolean {
    return (this.runLengths() & spanBits(min, max)) !== 0;
  }

  /** The same, for runs whose first digit is 0. */
  hasZeroRun(min: number, max: number): boolean {
    this.runLengths();
    return (this.zeroRunBits & spanBits(min, max)) !== 0;
  }

  private runLengths(): number {
    if (this.runBits >= 0) return this.runBits;
    let bits = 0;
    let zeroBits = 0;
    DIGIT_RUN.lastIndex = 0;
    while (DIGIT_RUN.test(this.part)) {
      const end = DIGIT_RUN.lastIndex;
      let start = end - 1;
      while (start > 0 && isDigit(this.part.charCodeAt(start - 1))) start--;
      const bit = 1 << Math.min(end - start, 7);
      bits |= bit;
      if (this.part.charCodeAt(start) === 48) zeroBits |= bit;
    }
    this.zeroRunBits = zeroBits;
    return (this.runBits = bits);
  }
}

const LOOSE_LETTERS = /[\u017f\u1c80-\u1c8f]/;
const NON_ASCII_CHAR = /[^\0-\x7f]/;

const DIGIT_RUN = /[0-9]+/g;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** Bits `min` to `max` set. */
const spanBits = (min: number, max: number): number => ((1 << (max + 1)) - 1) & ~((1 << min) - 1);
