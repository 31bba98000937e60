/**
 * The sentence that introduces a link, and whether it is a remedy: what to do if the reader did
 * NOT do something ("If not, change your password now.", "如果不是，请立即修改密码"). A link after
 * such a sentence is a way out of a notice, never the action a mail asks for; a sentence that
 * says to ignore the mail ("If this wasn't you, ignore this email") is not one.
 */

import { IGNORE, REMEDY } from './keywords/index.ts';

/** Sentence ends in the scripts of the 20 languages (Latin, CJK full stops, Arabic ؟). */
const SENTENCE_END = /[.!?。！？؟]/;

/**
 * The last sentence of `text` (the one right before a link), without its closing punctuation.
 * A blank line ends a sentence; a single line break is where plain text was wrapped.
 */
export function lastSentence(text: string): string {
  const paragraphs = text.replace(/[\s:：.!?。！？؟]+$/u, '').split(/\n\s*\n/);
  const last = (paragraphs[paragraphs.length - 1] ?? '').replace(/\s+/g, ' ');
  let i = last.length - 1;
  while (i >= 0 && !SENTENCE_END.test(last[i] ?? '')) i--;
  return last.slice(i + 1).trim();
}

export const isRemedy = (sentence: string): boolean =>
  REMEDY.test(sentence) && !IGNORE.test(sentence);
