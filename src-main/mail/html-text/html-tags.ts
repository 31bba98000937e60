/** How each HTML element lays out in the plain-text rendering (render-html.ts). */

import type { EmphasisLevel } from './emphasis.ts';

/** Never shown: their content is not text a reader sees. */
export const SKIPPED = new Set([
  'head',
  'style',
  'script',
  'noscript',
  'title',
  'template',
  'svg',
  'math',
  'iframe',
  'object',
  'xml',
]);

/**
 * Blocks with a margin in a browser's default style: a blank line before and after.
 * Lists nested in a list item are plain blocks (no margin there either).
 */
export const PARAGRAPHS = new Set([
  'blockquote',
  'dl',
  'fieldset',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'ol',
  'p',
  'pre',
  'table',
  'ul',
]);

/** Other blocks: a line break before and after. */
export const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'caption',
  'center',
  'dd',
  'div',
  'dt',
  'figcaption',
  'footer',
  'form',
  'header',
  'li',
  'main',
  'nav',
  'section',
  'tbody',
  'tfoot',
  'thead',
  'tr',
]);

/** Table cells: a tab between neighbouring cells of a row. */
export const CELLS = new Set(['td', 'th']);

export const TAG_EMPHASIS: Record<string, EmphasisLevel> = {
  h1: 2,
  h2: 2,
  code: 2,
  kbd: 2,
  samp: 2,
  tt: 2,
  h3: 1,
  b: 1,
  strong: 1,
};
