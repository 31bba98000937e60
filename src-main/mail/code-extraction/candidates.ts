/**
 * Finds every code-shaped token in one (masked) source text, with its span:
 * - digit runs of 4–8 (`482913`), and of 9–10 only with a label right next to them;
 * - digit groups that read as one code: `ddd ddd`, `ddd-ddd`, `dd dd dd`, and, only with a label
 *   right next to them, `dddd dddd`, `ddd.ddd` and `ddd-ddd-ddd`; 4–8 single digits split by
 *   spaces, tabs or line breaks (one digit per table cell);
 * - `G-482913` and `FB-48213`, kept as written;
 * - upper-case alphanumerics of 4–8 with a letter and a digit (`K7XQ2P`, `7QK-X4P`), lower-case
 *   ones (`7hq2kx9m`) and capital-letter words (`KWTRZB`, `WXRT-KQPL`) only next to a label;
 * - the origin-bound line `@example.com #482913`.
 *
 * A token glued to a longer number or identifier is not a candidate: decimals and thousands
 * (`1,299.00`), dates and times (`12.05.2024`, `14:02`), IP addresses, compound references
 * (`RE-2024-00412`), phone prefixes (`+33`), card tails (`*4821`), percentages and currencies.
 */

import { digitRuns, type DigitRun } from './digit-runs.ts';
import type { Candidate, CandidateShape } from './types.ts';

const ALNUM = /[A-Za-z0-9]/;
const DIGIT = /[0-9]/;
const DASHES = '-\u2010\u2011\u2012\u2013\u2014';
/** Hyphens that join the groups of one code (`482-913`); en and em dashes separate things. */
const JOINING_HYPHENS = '-\u2010\u2011';
const CURRENCY_SIGNS = '$€£¥₩₽₹¢₺₴₫₱₪';

const isAlnum = (ch: string | undefined): boolean => ch !== undefined && ALNUM.test(ch);
const isDigit = (ch: string | undefined): boolean => ch !== undefined && DIGIT.test(ch);

/** Is the token `[start, end)` free on the left, i.e. not the tail of a longer number or id? */
function freeBefore(text: string, start: number): boolean {
  const b1 = text[start - 1];
  const b2 = text[start - 2];
  if (b1 === undefined) return true;
  if (isAlnum(b1)) return false;
  if ('.,:/'.includes(b1) && isDigit(b2)) return false; // 1.299 / 12:30 / 05/14 / 192.0
  if (DASHES.includes(b1) && isAlnum(b2)) return false; // RE-2024-00412
  if ('+*•●@_\\'.includes(b1)) return false; // +49, *4821, ••••4417
  if (CURRENCY_SIGNS.includes(b1)) return false;
  return true;
}

/** Is the token `[start, end)` free on the right? */
function freeAfter(text: string, end: number): boolean {
  const a1 = text[end];
  const a2 = text[end + 1];
  if (a1 === undefined) return true;
  if (isAlnum(a1)) return false;
  if ('.,:/'.includes(a1) && isDigit(a2)) return false;
  if (DASHES.includes(a1) && isAlnum(a2)) return false;
  if ('%‰°@_\\'.includes(a1)) return false;
  if (CURRENCY_SIGNS.includes(a1)) return false;
  return true;
}

/** Separator that can join two digit groups of one code. */
function joins(sep: string, left: DigitRun, right: DigitRun): boolean {
  const singleDigits = left.end - left.start === 1 && right.end - right.start === 1;
  if (singleDigits && /^[ \t\n]{1,4}$/.test(sep)) return true;
  return sep === ' ' || sep === '.' || (sep.length === 1 && JOINING_HYPHENS.includes(sep));
}

function digitCandidates(text: string, runs: readonly DigitRun[], out: Candidate[]): void {
  let i = 0;
  while (i < runs.length) {
    const chain: DigitRun[] = [runs[i] as DigitRun];
    let j = i + 1;
    for (; j < runs.length; j++) {
      const prev = chain[chain.length - 1] as DigitRun;
      const next = runs[j] as DigitRun;
      if (!joins(text.slice(prev.end, next.start), prev, next)) break;
      chain.push(next);
    }
    i = j;
    const first = chain[0] as DigitRun;
    const last = chain[chain.length - 1] as DigitRun;
    if (!freeBefore(text, first.start) || !freeAfter(text, last.end)) continue;
    const groups = chain.map((r) => text.slice(r.start, r.end));
    const shape = groupShape(groups, text.slice(first.start, last.end));
    if (!shape) continue;
    out.push({
      start: first.start,
      end: last.end,
      value: groups.join(''),
      shape: shape.shape,
      needsDirectLabel: shape.needsDirectLabel,
      hashPrefixed: text[first.start - 1] === '#',
    });
  }
}

function groupShape(
  groups: string[],
  raw: string,
): { shape: CandidateShape; needsDirectLabel: boolean } | null {
  const lengths = groups.map((g) => g.length).join(',');
  if (groups.length === 1) {
    const n = groups[0]?.length ?? 0;
    if (n >= 4 && n <= 8) return { shape: 'digits', needsDirectLabel: false };
    // Long confirmation codes (mail-forwarding confirmations have 9 digits): only when labelled.
    return n >= 9 && n <= 10 ? { shape: 'digits', needsDirectLabel: true } : null;
  }
  if (groups.every((g) => g.length === 1)) {
    if (groups.length < 4 || groups.length > 8 || /[^0-9 \t\n]/.test(raw)) return null;
    return { shape: 'spaced-digits', needsDirectLabel: false };
  }
  const separators = raw.replace(/[0-9]/g, '');
  const uniform = new Set(separators).size === 1;
  // 482.913 reads as a thousands group too: only right next to a label.
  if (separators.includes('.')) {
    return lengths === '3,3' ? { shape: 'grouped', needsDirectLabel: true } : null;
  }
  if (lengths === '3,3') return { shape: 'grouped', needsDirectLabel: false };
  if (lengths === '2,2,2' && uniform) return { shape: 'grouped', needsDirectLabel: false };
  if (lengths === '4,4') return { shape: 'grouped', needsDirectLabel: true };
  // Nine-digit PINs of telcos and banks, read out in threes (418-205-937); also a phone number's
  // shape, so only right after a label, like other nine-digit codes (scoring.ts).
  if (lengths === '3,3,3' && uniform) return { shape: 'grouped', needsDirectLabel: true };
  return null;
}

const UNIT_TOKEN =
  /^\d+(?:st|nd|rd|th|px|pt|em|rem|gb|mb|kb|tb|gbps|mbps|mah|wh|kwh|hz|khz|mhz|ghz|fps|ms|mm|cm|km|kg|lbs?|ml|ft|min|mins|hrs?|am|pm|p|k|x|g|s|d|h|m|w|v)$/i;
const CLOCK_TOKEN = /^\d{1,2}h\d{2}$/i; // 14h30

const isAlnumCode = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** Two capitals in a row: every code-shaped word without a digit has them (see below). */
const CAPITAL_PAIR = /[A-Z]{2}/g;
/** Any capital: what `findCandidates(text, false)` looks for, to check the skip in tests. */
const CAPITAL = /[A-Z]/g;

/** Offset of the next pair of capitals (or capital) at or after `from`, or Infinity. */
function nextCapital(text: string, from: number, pairs: boolean): number {
  const re = pairs ? CAPITAL_PAIR : CAPITAL;
  re.lastIndex = from;
  return re.test(text) ? re.lastIndex - (pairs ? 2 : 1) : Infinity;
}

/**
 * Word tokens (`[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*`) that can be codes. Every code shape has a digit
 * or is a word of capitals only (`wordShape`), so only tokens holding a digit (known from the
 * digit runs) or two capitals in a row are looked at, in text order; the rest of a mail (lower-
 * case and capitalised words) is skipped by two native regex scans. A token is the same whichever
 * of its characters it is found from, and the counts gathered while scanning it by character
 * code reject most tokens without building a string.
 */
function wordCandidates(
  text: string,
  runs: readonly DigitRun[],
  out: Candidate[],
  pairs: boolean,
): void {
  const n = text.length;
  let run = 0;
  let pair = nextCapital(text, 0, pairs);
  for (;;) {
    const runStart = run < runs.length ? (runs[run] as DigitRun).start : Infinity;
    const hit = Math.min(runStart, pair);
    if (hit === Infinity) return;
    // Back to the start of the token: across letters and digits, and hyphens between them.
    let i = hit;
    for (;;) {
      if (i > 0 && isAlnumCode(text.charCodeAt(i - 1))) i--;
      else if (i > 1 && text.charCodeAt(i - 1) === 45 && isAlnumCode(text.charCodeAt(i - 2))) {
        i -= 2;
      } else break;
    }
    const start = i;
    let parts = 0;
    let shortestPart = Infinity;
    let digits = 0;
    let lowers = 0;
    let uppers = 0;
    for (;;) {
      const partStart = i;
      for (; i < n; i++) {
        const c = text.charCodeAt(i);
        if (c >= 48 && c <= 57) digits++;
        else if (c >= 97 && c <= 122) lowers++;
        else if (c >= 65 && c <= 90) uppers++;
        else break;
      }
      parts++;
      shortestPart = Math.min(shortestPart, i - partStart);
      // A hyphen continues the token only when a letter or digit follows it.
      if (i + 1 < n && text.charCodeAt(i) === 45 && isAlnumCode(text.charCodeAt(i + 1))) i++;
      else break;
    }
    const end = i;
    while (run < runs.length && (runs[run] as DigitRun).start < end) run++;
    if (pair < end) pair = nextCapital(text, end, pairs);
    if (lowers + uppers === 0) continue; // digit runs are handled above
    const shape = wordShape(text, start, end, parts, shortestPart, digits, lowers);
    if (!shape || !wordIsFree(text, start, end)) continue;
    out.push({ start, end, ...shape, hashPrefixed: text[start - 1] === '#' });
  }
}

/** The token `[start, end)` is not glued to an address, a path, a number or a time. */
function wordIsFree(text: string, start: number, end: number): boolean {
  const b1 = text[start - 1];
  const a1 = text[end];
  if (
    b1 !== undefined &&
    ('@_/\\'.includes(b1) || ('.,:'.includes(b1) && isAlnum(text[start - 2])))
  ) {
    return false;
  }
  if (a1 !== undefined && ('@_/\\'.includes(a1) || ('.,'.includes(a1) && isAlnum(text[end + 1])))) {
    return false;
  }
  return !(a1 === ':' && isDigit(text[end + 1]));
}

const PREFIXED = /^(?:G|FB)-[0-9]{4,8}$/;

/**
 * The shape of the token `[start, end)` of `parts` hyphen-joined parts, from its character
 * counts; the token's string is built only for the few that can be codes.
 */
function wordShape(
  text: string,
  start: number,
  end: number,
  parts: number,
  shortestPart: number,
  digits: number,
  lowers: number,
): Pick<Candidate, 'value' | 'shape' | 'needsDirectLabel'> | null {
  // Every code shape but the capital-letter word has a digit, and none has a lower-case letter
  // without one: this rejects ordinary words.
  if (digits === 0 && lowers > 0) return null;
  if (parts > 2) return null;
  const bareLength = end - start - (parts - 1);
  if (parts === 2) {
    const token = text.slice(start, end);
    if (PREFIXED.test(token)) return { value: token, shape: 'prefixed', needsDirectLabel: false };
    if (lowers > 0 || bareLength > 10 || shortestPart < 3) return null;
    // WXRT-KQPL: capital letters only, in two parts (issue 33); a letter code, so it must be
    // labelled right next to it and end its line or stand alone, like KWTRZB.
    if (digits === 0) return { value: token, shape: 'letters', needsDirectLabel: true };
    // 7QK-X4P: two upper-case parts of three or more, with a digit somewhere.
    return { value: token, shape: 'alnum', needsDirectLabel: true };
  }
  if (bareLength < 4 || bareLength > 8) return null;
  const token = text.slice(start, end);
  if (digits > 0) {
    // Units and clock times start with a digit; a word without one is neither.
    if (UNIT_TOKEN.test(token) || CLOCK_TOKEN.test(token)) return null;
    return { value: token, shape: 'alnum', needsDirectLabel: lowers > 0 || bareLength === 4 };
  }
  if (bareLength >= 5) return { value: token, shape: 'letters', needsDirectLabel: true };
  return null;
}

/** The origin-bound one-time code line (WICG): `@example.com #482913`, alone on its line. */
function webOtpCandidates(text: string, out: Candidate[]): void {
  if (!text.includes('#') || !text.includes('@')) return;
  const re = /^[ \t]*@[A-Za-z0-9.-]+\.[A-Za-z]{2,}[ \t]+#([A-Za-z0-9]{4,10})[ \t]*$/gm;
  for (const m of text.matchAll(re)) {
    const code = m[1] ?? '';
    const start = m.index + m[0].lastIndexOf(`#${code}`) + 1;
    out.push({
      start,
      end: start + code.length,
      value: code,
      shape: 'web-otp',
      needsDirectLabel: false,
      hashPrefixed: false,
    });
  }
}

/**
 * `skipCapitalised: false` also looks at every token with a single capital, which can never be a
 * code (a test checks that both give the same candidates).
 */
export function findCandidates(text: string, skipCapitalised = true): Candidate[] {
  const out: Candidate[] = [];
  webOtpCandidates(text, out);
  const webOtpStarts = new Set(out.map((c) => c.start));
  const rest: Candidate[] = [];
  const runs = digitRuns(text);
  digitCandidates(text, runs, rest);
  wordCandidates(text, runs, rest, skipCapitalised);
  for (const c of rest) if (!webOtpStarts.has(c.start)) out.push(c);
  return out.sort((a, b) => a.start - b.start);
}
