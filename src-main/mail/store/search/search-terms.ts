/**
 * Chinese, Japanese and Korean in the full-text index. unicode61 (the index's tokenizer) keeps
 * an unbroken run of such characters as one token, and these languages put no spaces between
 * words, so only a whole run was findable. The index is given, for each run, every character
 * with the pair it starts between them (验证码 → 验 验证 证 证码 码); a search asks for its own
 * run the same way, as a phrase (验证码 → "验证 证 证码", 验证 → "验证", 码 → "码"), which
 * matches exactly where that run occurs. A single character is a token of its own: asking for
 * it as a prefix of the pairs merged hundreds of thousands of entries (0.6 s at 1M mails).
 * Latin words keep unicode61's own handling.
 */

/** Han (with 々), kana (with ー), Hangul: the scripts written without spaces between words. */
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u30FC';
const CJK_RUN = new RegExp(`[${CJK}]+`, 'gu');
const HAS_CJK = new RegExp(`[${CJK}]`, 'u');

/** 验证码 → 验 验证 证 证码 码 (index); with `forQuery`, 验证 证 证码 (the run's own phrase). */
function interleaved(run: string, forQuery: boolean): string {
  const chars = [...run];
  if (chars.length === 1) return run;
  const out: string[] = [];
  chars.forEach((char, i) => {
    const next = chars[i + 1];
    if (!forQuery || (i > 0 && next !== undefined)) out.push(char);
    if (next !== undefined) out.push(`${char}${next}`);
  });
  return out.join(' ');
}

/** What the index is given for a column's text (the text itself when it has no CJK). */
export function indexTerms(text: string | null): string | null {
  if (text === null || !HAS_CJK.test(text)) return text;
  return text.replace(CJK_RUN, (run) => ` ${interleaved(run, false)} `);
}

/**
 * One query word (letters and digits, as search-query.ts cuts them) as FTS5 terms, ANDed:
 * quoted Latin parts as before, a CJK run as its phrase (see the top).
 */
export function queryTerms(word: string): string {
  if (!HAS_CJK.test(word)) return `"${word}"`;
  const parts: string[] = [];
  let last = 0;
  for (const match of word.matchAll(CJK_RUN)) {
    const before = word.slice(last, match.index);
    if (before) parts.push(`"${before}"`);
    parts.push(`"${interleaved(match[0], true)}"`);
    last = (match.index ?? 0) + match[0].length;
  }
  const after = word.slice(last);
  if (after) parts.push(`"${after}"`);
  return parts.join(' AND ');
}
