/**
 * The http(s) URLs written in a text (a text/plain part, or the rendered text of an HTML part),
 * as a person would copy them:
 * - `<…>`, `【…】`, `「…」` and similar brackets around a URL are dropped, and a URL inside
 *   them may run over several lines (RFC 3986 appendix C: the brackets delimit it);
 * - a URL cut at a line end (plain text wrapped at 72–78 columns) is rejoined with the next
 *   line when that line is one unbroken run of URL characters that reads as the URL's rest
 *   (it holds a digit or one of `= & % / ? # _ ~ +`, the URL stopped after such a character,
 *   or the URL was cut inside a token at a wrapping column), a closing `>` included;
 * - punctuation that ends the sentence (`.`, `,`, `)`, `。`…) is not part of it.
 * Each URL comes with its label (the text before it on its line) and the text before that.
 */

import { CONTEXT_CHARS, MAX_TEXT_URLS, MAX_URL_CHARS } from './limits.ts';

export interface TextUrl {
  url: string;
  /** Offset of the URL's first character in the text. */
  start: number;
  end: number;
  /** The text before it on its own line (after any earlier URL on that line). */
  label: string;
  /** Up to CONTEXT_CHARS of text before its line, after the previous URL. */
  context: string;
}

const CLOSERS: Record<string, string> = {
  '<': '>',
  '【': '】',
  '「': '」',
  '『': '』',
  '《': '》',
  '〈': '〉',
  '［': '］',
  '（': '）',
  '＜': '＞',
};

/** Characters a URL is written with (RFC 3986 unreserved, reserved and `%`). */
const URL_CHAR = /[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/;
const URL_RUN = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;
const CONTINUES = /[\d=&%/?#_~+]/;
const ENDS_OPEN = /[=&?/%#_\-+.]$/;
const TRAILING = /[.,;:!?'"\]}>]$/;

function readPlain(text: string, from: number): number {
  let i = from;
  while (i < text.length && i - from < MAX_URL_CHARS && URL_CHAR.test(text[i] ?? '')) i++;
  return i;
}

/** A line end this far in (or more) is where a mailer wraps plain text (72–78 columns). */
const WRAP_COLUMN = 60;
/** The URL stopped inside a token (a signature, a key): the next line is likely its rest. */
const CUT_IN_TOKEN = /[A-Za-z0-9_-]{8}$/;
/** A token's rest ("RZ", "GDv", "x") and not a word of prose ("Thanks,", "team"). */
const TOKEN_REST = /^[A-Za-z0-9_-]+$/;
const PROSE_WORD = /^[A-Z]?[a-z]{2,}$/;

/**
 * The next line, when it is the rest of a URL cut at `at` (a line end): one unbroken run of URL
 * characters (a `>` may close it) that does not start a new URL, and either reads as a URL's
 * rest (a digit or one of `= & % / ? # _ ~ +`), or follows a URL that stopped after such a
 * character, or continues the token the URL was cut in on a line as long as a wrapped one.
 */
function continuation(text: string, at: number, url: string): string | null {
  let i = at;
  if (text[i] === '\r') i++;
  if (text[i] !== '\n') return null;
  // Only a line short enough to be part of a URL is read (the scan stays bounded).
  const ahead = text.slice(i + 1, i + 2 + MAX_URL_CHARS);
  const lineEnd = ahead.indexOf('\n');
  if (lineEnd < 0 && ahead.length > MAX_URL_CHARS) return null;
  const line = ahead.slice(0, lineEnd < 0 ? ahead.length : lineEnd).replace(/\r$/, '');
  const rest = line.replace(/>$/, '');
  if (!URL_RUN.test(rest) || /^https?:/i.test(rest)) return null;
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const cutInToken =
    at - lineStart >= WRAP_COLUMN &&
    CUT_IN_TOKEN.test(url) &&
    TOKEN_REST.test(rest) &&
    !PROSE_WORD.test(rest);
  if (!CONTINUES.test(rest) && !ENDS_OPEN.test(url) && !cutInToken) return null;
  return text.slice(at, i + 1 + line.length);
}

/** Drops sentence punctuation after a URL; a `)` stays when it closes a `(` of the URL. */
function trimTrailing(url: string): string {
  let u = url;
  for (let k = 0; k < 8; k++) {
    if (u.endsWith(')')) {
      const opens = u.split('(').length - 1;
      const closes = u.split(')').length - 1;
      if (closes <= opens) return u;
      u = u.slice(0, -1);
    } else if (TRAILING.test(u)) u = u.slice(0, -1);
    else return u;
  }
  return u;
}

export function findTextUrls(text: string): TextUrl[] {
  const found: TextUrl[] = [];
  const starts = /https?:\/\//gi;
  let previousEnd = 0;
  let m: RegExpExecArray | null;
  while ((m = starts.exec(text)) && found.length < MAX_TEXT_URLS) {
    const start = m.index;
    if (start < previousEnd) continue;
    const closer = CLOSERS[text[start - 1] ?? ''];
    let url: string | null = null;
    let end = start;
    if (closer) {
      const close = text.slice(start, start + MAX_URL_CHARS + 1).indexOf(closer);
      if (close > 0) {
        url = text.slice(start, start + close).replace(/\s+/g, '');
        end = start + close + 1;
      }
    }
    if (url === null) {
      end = readPlain(text, start);
      url = text.slice(start, end);
      for (let lines = 0; lines < 8 && url.length < MAX_URL_CHARS; lines++) {
        const rest = continuation(text, end, url);
        if (rest === null) break;
        url += rest.replace(/\s+/g, '');
        end += rest.length;
      }
      url = trimTrailing(url);
    }
    starts.lastIndex = Math.max(end, start + 1);
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const labelFrom = Math.max(lineStart, previousEnd);
    const contextFrom = Math.max(previousEnd, lineStart - CONTEXT_CHARS);
    found.push({
      url,
      start,
      end,
      label: text.slice(labelFrom, closer && url ? start - 1 : start).trim(),
      context: labelFrom > contextFrom ? text.slice(contextFrom, labelFrom).trim() : '',
    });
    previousEnd = end;
  }
  return found;
}
