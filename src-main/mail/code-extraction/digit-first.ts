/**
 * The same regex, rewritten so that V8 skips most positions of a text at native speed. A
 * pattern that opens with an assertion about the character before it and then a digit
 * (`(?<![\p{L}\p{N}])\d{1,2}...`, `\b\d+...`) makes irregexp evaluate that assertion at every
 * position; with `u` and `i` flags a `\b` or `\p` class there costs several nanoseconds a
 * character. Written as "a digit, then the same assertion looked back at from after it"
 * (`\d(?<=(?<![\p{L}\p{N}])\d)\d?...`), the engine only stops at digits.
 *
 * The two forms are the same pattern: both consume one digit at the match start, both require
 * the assertion to hold at the position before that digit (the lookbehind matches the digit
 * backwards and then tests the assertion there), and the first digit's quantifier (greedy
 * `{m,n}`, `{m,}`, `{m}` or `+`, with m >= 1) becomes the same quantifier minus one on the
 * digits after it, which backtracks through the same lengths in the same order. A pattern with
 * any other opening is returned unchanged.
 */

const LEADS = [String.raw`(?<![\p{L}\p{N}])\d`, String.raw`\b\d`];

/** `{m}`, `{m,}`, `{m,n}` or `+`, not lazy. */
const QUANTIFIER = /^(?:\+|\{(\d+)(,(\d*))?\})(?!\?)/;

export function digitFirst(re: RegExp): RegExp {
  const lead = LEADS.find((l) => re.source.startsWith(l));
  if (lead === undefined) return re;
  let rest = re.source.slice(lead.length);
  let more = '';
  if (/^[?*{+]/.test(rest)) {
    const q = QUANTIFIER.exec(rest);
    if (!q) return re;
    if (q[0] === '+') {
      more = String.raw`\d*`;
    } else {
      const min = Number(q[1]);
      if (min < 1) return re;
      const max = q[2] === undefined ? String(min) : q[3] === '' ? '' : String(Number(q[3]) - 1);
      more =
        q[2] === undefined && min === 1 ? '' : String.raw`\d{${min - 1}${q[2] ? `,${max}` : ''}}`;
    }
    rest = rest.slice(q[0].length);
  }
  return new RegExp(String.raw`\d(?<=${lead})${more}${rest}`, re.flags);
}
