/**
 * The text of HTML with its markup taken out and nothing laid out: what is left to read of a
 * body once the renderer's budget (render-budget.ts) is spent. htmlparser2's Tokenizer alone
 * does it in one pass whatever the nesting (no element stack, unlike its Parser), decoding
 * entities. The content of `<style>`, `<script>`, `<head>`, comments and the like is dropped;
 * elements hidden by CSS are not known here and their text stays.
 */

import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { SKIPPED } from './html-tags.ts';

/** HTML read past the cut: enough for a body of mail size, linear in any case. */
export const MAX_STRIPPED_HTML = 4 * 1024 * 1024;

const SPACES = /[ \t\n\r\f\v\u00a0]+/g;

/** The text of `html`, words apart by single spaces, cut to `maxChars`. */
export function strippedText(html: string, maxChars: number): string {
  if (maxChars <= 0) return '';
  const source = html.length > MAX_STRIPPED_HTML ? html.slice(0, MAX_STRIPPED_HTML) : html;
  const parts: string[] = [];
  let chars = 0;
  /** The element whose content is being dropped (`style`...), if any; they do not nest. */
  let skipping: string | null = null;
  let tagName = '';
  /** A space is owed before the next word (whitespace or a tag since the last one). */
  let space = false;
  const add = (s: string): void => {
    if (skipping !== null || chars >= maxChars) return;
    const run = s.replace(SPACES, ' ');
    const word = run.trim();
    if (word === '') {
      space ||= run !== '';
      return;
    }
    const text = (space || run.startsWith(' ')) && chars > 0 ? ` ${word}` : word;
    parts.push(text);
    chars += text.length;
    space = run.endsWith(' ');
    if (chars >= maxChars) tokenizer.pause();
  };
  const gap = (): void => {
    space = true;
  };
  const noop = (): void => {};
  const callbacks: TokenizerCallbacks = {
    ontext: (start, end) => add(source.slice(start, end)),
    ontextentity: (codepoint) => add(String.fromCodePoint(codepoint)),
    onopentagname: (start, end) => {
      tagName = source.slice(start, end).toLowerCase();
      if (skipping === null && SKIPPED.has(tagName)) skipping = tagName;
      // A tag separates words as a reader would see them apart ("<td>a</td><td>b</td>").
      else gap();
    },
    onclosetag: (start, end) => {
      if (source.slice(start, end).toLowerCase() === skipping) skipping = null;
      gap();
    },
    onselfclosingtag: () => {
      if (skipping === tagName) skipping = null;
    },
    onattribdata: noop,
    onattribentity: noop,
    onattribend: noop,
    onattribname: noop,
    oncdata: noop,
    oncomment: noop,
    ondeclaration: noop,
    onend: noop,
    onopentagend: noop,
    onprocessinginstruction: noop,
  };
  const tokenizer = new Tokenizer({ decodeEntities: true }, callbacks);
  tokenizer.write(source);
  if (chars < maxChars) tokenizer.end();
  return parts.join('').slice(0, maxChars);
}

/** Rendered text, then the stripped text of the rest of the body on a line of its own. */
export function joinText(rendered: string, rest: string): string {
  if (!rest) return rendered;
  return rendered ? `${rendered}\n${rest}` : rest;
}
