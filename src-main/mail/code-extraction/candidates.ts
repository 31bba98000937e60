/**
 * Finds every code-shaped token in one (masked) source text, with its span:
 * - digit runs of 4–8 (`482913`);
 * - digit groups that read as one code: `ddd ddd`, `ddd-ddd`, `dd dd dd`, and, only with a label
 *   right next to them, `dddd dddd` and `ddd.ddd`; 4–8 single digits split by spaces, tabs or
 *   line breaks (one digit per table cell);
 * - `G-482913` and `FB-48213`, kept as written;
 * - upper-case alphanumerics of 4–8 with a letter and a digit (`K7XQ2P`, `7QK-X4P`), lower-case
 *   ones (`7hq2kx9m`) and capital-letter words (`KWTRZB`) only next to a label;
 * - the origin-bound line `@example.com #482913`.
 *
 * A token glued to a longer number or identifier is not a candidate: decimals and thousands
 * (`1,299.00`), dates and times (`12.05.2024`, `14:02`), IP addresses, compound references
 * (`RE-2024-00412`), phone prefixes (`+33`), card tails (`*4821`), percentages and currencies.
 */

import type { Candidate, CandidateShape } from './types.ts';

const ALNUM = /[A-Za-z0-9]/;
const DIGIT = /[0-9]/;
const DASHES = '-\u2010\u2011\u2012\u2013\u2014';
/** Hyphens that join the groups of one code (`482-913`); en and em dashes separate things. */
const JOINING_HYPHENS = '-\u2010\u2011';
const CURRENCY_SIGNS = '$€£¥₩₽₹¢₺₴₫₱';

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

interface DigitRun {
  start: number;
  end: number;
}

/** Separator that can join two digit groups of one code. */
function joins(sep: string, left: DigitRun, right: DigitRun): boolean {
  const singleDigits = left.end - left.start === 1 && right.end - right.start === 1;
  if (singleDigits && /^[ \t\n]{1,4}$/.test(sep)) return true;
  return sep === ' ' || sep === '.' || (sep.length === 1 && JOINING_HYPHENS.includes(sep));
}

function digitCandidates(text: string, out: Candidate[]): void {
  const runs: DigitRun[] = [];
  for (const m of text.matchAll(/[0-9]+/g)) {
    const start = m.index;
    runs.push({ start, end: start + m[0].length });
  }
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
    return n >= 4 && n <= 8 ? { shape: 'digits', needsDirectLabel: false } : null;
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
  return null;
}

const UNIT_TOKEN =
  /^\d+(?:st|nd|rd|th|px|pt|em|rem|gb|mb|kb|tb|gbps|mbps|mah|wh|kwh|hz|khz|mhz|ghz|fps|ms|mm|cm|km|kg|lbs?|ml|ft|min|mins|hrs?|am|pm|p|k|x|g|s|d|h|m|w|v)$/i;
const CLOCK_TOKEN = /^\d{1,2}h\d{2}$/i; // 14h30

function wordCandidates(text: string, out: Candidate[]): void {
  for (const m of text.matchAll(/[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*/g)) {
    const token = m[0];
    const start = m.index;
    const end = start + token.length;
    if (/^[0-9-]+$/.test(token)) continue; // digit runs are handled above
    const b1 = text[start - 1];
    const a1 = text[end];
    if (
      b1 !== undefined &&
      ('@_/\\'.includes(b1) || ('.,:'.includes(b1) && isAlnum(text[start - 2])))
    ) {
      continue;
    }
    if (
      a1 !== undefined &&
      ('@_/\\'.includes(a1) || ('.,'.includes(a1) && isAlnum(text[end + 1])))
    ) {
      continue;
    }
    if (a1 === ':' && isDigit(text[end + 1])) continue;
    const candidate = wordShape(token);
    if (!candidate) continue;
    out.push({ start, end, ...candidate, hashPrefixed: b1 === '#' });
  }
}

function wordShape(token: string): Pick<Candidate, 'value' | 'shape' | 'needsDirectLabel'> | null {
  if (/^(?:G|FB)-[0-9]{4,8}$/.test(token)) {
    return { value: token, shape: 'prefixed', needsDirectLabel: false };
  }
  const parts = token.split('-');
  const bare = parts.join('');
  const hasDigit = /[0-9]/.test(bare);
  const hasLetter = /[A-Za-z]/.test(bare);
  const lower = /[a-z]/.test(bare);
  if (parts.length > 2) return null;
  if (parts.length === 2) {
    // 7QK-X4P: two upper-case parts of three or more, with a digit somewhere.
    if (lower || !hasDigit || !hasLetter || bare.length > 10) return null;
    if (parts.some((p) => p.length < 3)) return null;
    return { value: token, shape: 'alnum', needsDirectLabel: true };
  }
  if (bare.length < 4 || bare.length > 8) return null;
  if (UNIT_TOKEN.test(bare) || CLOCK_TOKEN.test(bare)) return null;
  if (hasDigit && hasLetter) {
    return { value: token, shape: 'alnum', needsDirectLabel: lower || bare.length === 4 };
  }
  if (!hasDigit && !lower && bare.length >= 5) {
    return { value: token, shape: 'letters', needsDirectLabel: true };
  }
  return null;
}

/** The origin-bound one-time code line (WICG): `@example.com #482913`, alone on its line. */
function webOtpCandidates(text: string, out: Candidate[]): void {
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

export function findCandidates(text: string): Candidate[] {
  const out: Candidate[] = [];
  webOtpCandidates(text, out);
  const webOtpStarts = new Set(out.map((c) => c.start));
  const rest: Candidate[] = [];
  digitCandidates(text, rest);
  wordCandidates(text, rest);
  for (const c of rest) if (!webOtpStarts.has(c.start)) out.push(c);
  return out.sort((a, b) => a.start - b.start);
}
