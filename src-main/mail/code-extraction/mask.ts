/**
 * Blanks out text that can hold code-shaped characters but never a code: URLs, e-mail
 * addresses, CSS hex colours, UUIDs and long hex hashes. The mask keeps every offset (one mask
 * character per masked character) and is neither a letter, a digit nor a space, so the blanked
 * run still separates the tokens around it.
 */

export const MASK_CHAR = '\u2592';

/**
 * A run of at least `length` hex digits somewhere in `text`. Any such run covers one of the
 * positions `length - 1`, `2 * length - 1`, ..., so only those are looked at, and the run is
 * measured around each one that is a hex digit; after a run too short, the next look is
 * `length` past its end.
 */
export function hasHexRun(text: string, length: number): boolean {
  let p = length - 1;
  while (p < text.length) {
    if (!isHex(text.charCodeAt(p))) {
      p += length;
      continue;
    }
    let from = p;
    while (from > 0 && isHex(text.charCodeAt(from - 1))) from--;
    let to = p + 1;
    while (to < text.length && isHex(text.charCodeAt(to))) to++;
    if (to - from >= length) return true;
    // A long enough run starts past `to`, which is not a hex digit, so it covers `to + length`.
    p = to + length;
  }
  return false;
}

function isHex(c: number): boolean {
  const lower = c | 0x20;
  return (c >= 48 && c <= 57) || (lower >= 97 && lower <= 102);
}

/** A link needs `://` or `www.` (in any case); `www.` ends in `w.` or `W.`, which `includes` finds fast. */
const WWW = /[wW]{3}\./;
const mayHoldLink = (t: string): boolean =>
  t.includes('://') || ((t.includes('w.') || t.includes('W.')) && WWW.test(t));

/**
 * Each pattern runs only when its cheap precondition holds on the text (most texts have no
 * link, `@`, `#` or hex run): a pattern that cannot match is not run over the whole text.
 */
const NOISE: readonly (readonly [(text: string) => boolean, RegExp])[] = [
  // Links, with or without a scheme. They stop at spaces, quotes and closing brackets.
  [mayHoldLink, /\b(?:https?:\/\/|www\.)[^\s<>"'()[\]{}（）【】「」]+/giu],
  // E-mail addresses, including masked local parts such as jo*****@example.com.
  [(t) => t.includes('@'), /[\p{L}\p{N}._%+*-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu],
  // CSS colours: #abc, #abcd, #aabbcc, #aabbccdd, but not a web-OTP line "@example.com #123456".
  [
    (t) => t.includes('#'),
    /(?<!@[\w.-]+[ \t]+)#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![\p{L}\p{N}])/giu,
  ],
  // UUIDs and hex hashes (commit ids, transaction hashes).
  [
    (t) => t.includes('-') && hasHexRun(t, 12),
    /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
  ],
  [(t) => hasHexRun(t, 16), /\b(?:0x)?[0-9a-f]{16,}\b/gi],
];

export function maskNoise(text: string): string {
  let out = text;
  for (const [worth, re] of NOISE) {
    if (!worth(out)) continue;
    out = out.replace(re, (m) => MASK_CHAR.repeat(m.length));
  }
  return out;
}
