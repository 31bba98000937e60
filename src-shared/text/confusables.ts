/**
 * Look-alike host names: a compact subset of Unicode's confusable skeletons (UTS #39, section 4) and
 * its mixed-script test, for the link banner (src-renderer/features/mail/link-host.ts).
 *
 * Why a subset: no maintained confusables package is among the dependencies, and the full
 * table (confusables.txt, ~6,000 mappings) would be shipped to every window for one check. A
 * host name a mail's text pretends to be is Latin letters, digits, dots and hyphens, so only
 * characters that look like those matter: Cyrillic, Greek and Armenian look-alikes of Latin
 * letters (the table below, taken from confusables.txt), Latin variants (dotless ı, script ɡ),
 * and the digits 0/1 against o/l. Everything NFKC folds (full-width ａ, mathematical 𝐚, ℓ …) is
 * handled by NFKC first, and format characters (zero-width spaces and joiners, bidi controls,
 * soft hyphens) are removed. Not covered: look-alikes of non-Latin names, and sequences such as
 * "rn" for "m" (UTS #39 maps them; ASCII look-alike names are compared as text, not skeletons).
 */

/** Invisible in a link's text: format characters and default-ignorable code points. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/** Look-alikes of Latin letters and digits (from confusables.txt), by the letter they imitate. */
const LOOKALIKES: Record<string, string> = {
  a: 'аАɑαΑ',
  b: 'ЬВβв',
  c: 'сϲСⅽ',
  d: 'ԁⅾ',
  e: 'еЕΕҽ',
  g: 'ɡց',
  h: 'һНΗн',
  i: 'іıιІ',
  j: 'јϳЈ',
  k: 'кКΚκ',
  l: 'ӀӏⅼǀΙ1',
  m: 'МΜм',
  n: 'ΝոՈ',
  o: 'оОοΟօՕ0',
  p: 'рРρΡ',
  q: 'ԛզ',
  s: 'ѕЅ',
  t: 'тТΤ',
  u: 'υսՍ',
  v: 'νѵⅴ',
  w: 'ԝѡ',
  x: 'хХχΧⅹ',
  y: 'уУγΥү',
  z: 'Ζᴢ',
};

const SKELETON_OF = new Map<string, string>(
  Object.entries(LOOKALIKES).flatMap(([latin, alikes]) =>
    [...alikes].map((c): [string, string] => [c, latin]),
  ),
);

/** What a reader sees: NFKC-folded, invisible characters removed. */
export function visibleText(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '');
}

/**
 * The skeleton of a host name as written in text: visible text, each look-alike replaced by
 * the Latin letter it imitates, lower case. Two names with the same skeleton look the same.
 */
export function skeleton(text: string): string {
  return [...visibleText(text)]
    .map((c) => SKELETON_OF.get(c) ?? c)
    .join('')
    .toLowerCase();
}

const SCRIPTS: [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
];

/** The scripts of the letters of one label (digits, hyphens: Common, not counted). */
function scriptsOf(label: string): Set<string> {
  const found = new Set<string>();
  for (const c of label) {
    for (const [name, re] of SCRIPTS) if (re.test(c)) found.add(name);
  }
  return found;
}

/** Whether any label mixes Latin, Cyrillic, Greek or Armenian letters (`pаypal`, Cyrillic а). */
export function isMixedScript(host: string): boolean {
  return visibleText(host)
    .split('.')
    .some((label) => scriptsOf(label).size > 1);
}

/**
 * Whether a name written with non-ASCII letters reads as an ASCII one: its skeleton is plain
 * ASCII (`раураl.com`, all Cyrillic, reads as paypal.com), or it mixes scripts.
 */
export function imitatesAscii(host: string): boolean {
  const visible = visibleText(host);
  if (/^[\x20-\x7e]*$/.test(visible)) return false;
  return isMixedScript(visible) || /^[\x20-\x7e]*$/.test(skeleton(visible));
}
