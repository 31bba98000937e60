/**
 * Text normalisation shared by every source: NFKC (full-width digits and colons become ASCII),
 * Arabic-Indic, Persian and Devanagari digits become ASCII (so a code is returned in the digits
 * a form accepts), the Arabic decimal and thousands separators become `.` and `,`, every exotic
 * space becomes a plain space, Turkish `İ` becomes `I`, zero-width characters, bidirectional
 * controls and soft hyphens disappear, and line ends become `\n`.
 */

import { Buffer } from 'node:buffer';

/** Also the bidirectional marks, embeddings and isolates of right-to-left text. */
const ZERO_WIDTH = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]|\u034F/g;
const ODD_SPACES = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/g;
const NON_ASCII_DIGITS = /[\u0660-\u0669\u06F0-\u06F9\u0966-\u096F]/g;
/** The Arabic decimal and thousands separators (`١٢٫٥٠`, `١٢٥٬٠٠٠`) read like `.` and `,`. */
const ARABIC_DECIMAL = /\u066B/g;
const ARABIC_THOUSANDS = /\u066C/g;
/**
 * CJK text uses the full-width comma as punctuation, never as a thousands separator; NFKC would
 * turn `582036，5分钟` into `582036,5`, which reads as a decimal number.
 */
const FULLWIDTH_COMMA = /\uFF0C/g;
const NON_ASCII = /[\u0080-\uFFFF]/;
const LINE_ENDS = /\r\n?|[\u2028\u2029\u0085]/g;
/**
 * Turkish capital dotted I has no case-insensitive match for "i" in a regex, so "İndirim kodu"
 * would miss the phrase "indirim kodu"; as a plain I it matches.
 */
const DOTTED_CAPITAL_I = /\u0130/g;

function toAsciiDigit(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  for (const zero of [0x0660, 0x06f0, 0x0966]) {
    if (cp >= zero && cp <= zero + 9) return String(cp - zero);
  }
  return ch;
}

/** Below this length a regex answers faster than a call into the buffer code. */
const LONG_TEXT = 512;

/**
 * Whether `raw` has a code unit outside ASCII. A long text is looked at in its first
 * characters by regex, then whole by its UTF-8 length, which equals its length exactly when
 * every code unit is ASCII (any other unit, a lone surrogate too, takes two bytes or more) and
 * is counted far faster than a regex scans an ASCII text.
 */
function hasNonAscii(raw: string): boolean {
  if (raw.length < LONG_TEXT) return NON_ASCII.test(raw);
  return NON_ASCII.test(raw.slice(0, 64)) || Buffer.byteLength(raw, 'utf8') !== raw.length;
}

/**
 * Every character one of the replacements after NFKC acts on. A text without any is left as it
 * is by all of them (none can act unless one acts first), so they are skipped together.
 */
const REPLACED =
  /[\r\u2028\u2029\u0085\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\u0660-\u0669\u06F0-\u06F9\u0966-\u096F\u066B\u066C\u0130]|\u034F/;

export function normalizeText(raw: string): string {
  // Fast path: plain ASCII only needs its line ends unified.
  if (!hasNonAscii(raw)) return raw.includes('\r') ? raw.replace(LINE_ENDS, '\n') : raw;
  const folded = (raw.includes('\uFF0C') ? raw.replace(FULLWIDTH_COMMA, ', ') : raw).normalize(
    'NFKC',
  );
  if (!REPLACED.test(folded)) return folded;
  return folded
    .replace(LINE_ENDS, '\n')
    .replace(ZERO_WIDTH, '')
    .replace(ODD_SPACES, ' ')
    .replace(NON_ASCII_DIGITS, toAsciiDigit)
    .replace(ARABIC_DECIMAL, '.')
    .replace(ARABIC_THOUSANDS, ',')
    .replace(DOTTED_CAPITAL_I, 'I');
}
