/**
 * Blanks out text that can hold code-shaped characters but never a code: URLs, e-mail
 * addresses, CSS hex colours, UUIDs and long hex hashes. The mask keeps every offset (one mask
 * character per masked character) and is neither a letter, a digit nor a space, so the blanked
 * run still separates the tokens around it.
 */

export const MASK_CHAR = '\u2592';

/** Each pattern runs only when its trigger character occurs (most texts have no `@` or `#`). */
const NOISE: readonly (readonly [string, RegExp])[] = [
  // Links, with or without a scheme. They stop at spaces, quotes and closing brackets.
  ['', /\b(?:https?:\/\/|www\.)[^\s<>"'()[\]{}（）【】「」]+/giu],
  // E-mail addresses, including masked local parts such as jo*****@example.com.
  ['@', /[\p{L}\p{N}._%+*-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu],
  // CSS colours: #abc, #abcd, #aabbcc, #aabbccdd, but not a web-OTP line "@example.com #123456".
  ['#', /(?<!@[\w.-]+[ \t]+)#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![\p{L}\p{N}])/giu],
  // UUIDs and hex hashes (commit ids, transaction hashes).
  ['-', /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi],
  ['', /\b(?:0x)?[0-9a-f]{16,}\b/gi],
];

export function maskNoise(text: string): string {
  let out = text;
  for (const [trigger, re] of NOISE) {
    if (trigger && !out.includes(trigger)) continue;
    out = out.replace(re, (m) => MASK_CHAR.repeat(m.length));
  }
  return out;
}
