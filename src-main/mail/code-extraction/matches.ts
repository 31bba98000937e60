/**
 * `text.matchAll(re)` without its cost: matchAll clones the regex on every call, which is most
 * of the work for the short windows the labels and decoys are looked for in. Same matches, in
 * the same order, for a global regex whose `lastIndex` is 0 (it is left at 0).
 */
export function forEachMatch(
  re: RegExp,
  text: string,
  visit: (match: RegExpExecArray) => void,
): void {
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    // An empty match moves on by one character, as matchAll does (a code point with `u`).
    if (m[0] === '')
      re.lastIndex = advance(text, re.lastIndex, re.unicode || re.flags.includes('v'));
    visit(m);
  }
}

function advance(text: string, index: number, unicode: boolean): number {
  if (!unicode || index + 1 >= text.length) return index + 1;
  const cp = text.codePointAt(index) ?? 0;
  return index + (cp > 0xffff ? 2 : 1);
}
