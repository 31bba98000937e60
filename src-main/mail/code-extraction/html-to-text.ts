/**
 * Renders mail HTML to the text a reader actually sees, with htmlparser2's streaming parser:
 * no DOM is built, and parsing stops once enough visible text has been produced.
 *
 * - Dropped: `<head>`, `<style>`, `<script>`, `<title>`, `<template>`, `<svg>`, comments, and
 *   anything hidden by the `hidden` attribute, inline CSS (`display:none`, `visibility:hidden`,
 *   `font-size:0`, `opacity:0`, zero `max-height` with `overflow:hidden`...) or a class/id rule
 *   from a `<style>` block (the usual preheader tricks).
 * - Layout: block elements and `<br>` become line breaks, table cells are separated by tabs, and
 *   a word and a number in neighbouring inline elements (`<span>Code</span><span>817263</span>`)
 *   are kept apart by a space, as a reader sees them apart.
 * - Emphasis: runs drawn big, letter-spaced, monospace, bold, in a heading or under a class/id
 *   mentioning code/otp/pin/verif are recorded as spans of the output.
 */

import { Parser } from 'htmlparser2';
import { hintFromStyle, hintsFromStylesheet, NO_HINT, type CssHint } from './css-hints.ts';
import { normalizeText } from './normalize.ts';
import type { EmphasisLevel, EmphasisSpan } from './types.ts';

export interface VisibleText {
  text: string;
  emphasis: EmphasisSpan[];
}

const SKIPPED = new Set([
  'head',
  'style',
  'script',
  'title',
  'template',
  'svg',
  'math',
  'iframe',
  'object',
  'xml',
]);

const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'caption',
  'center',
  'dd',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'tfoot',
  'thead',
  'tr',
  'ul',
]);

const CELLS = new Set(['td', 'th']);

const TAG_EMPHASIS: Record<string, EmphasisLevel> = {
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

const CODE_CLASS = /code|otp|pin|verif|token|passcode/i;

/** Stylesheets are read for class rules up to this size; mail CSS is far smaller. */
const MAX_STYLESHEET_CHARS = 64 * 1024;

/** Parsed in slices so that a huge mail stops being read once the text cap is reached. */
const FEED_SLICE = 16 * 1024;

interface Frame {
  name: string;
  hidden: boolean;
  emphasis: EmphasisLevel | 0;
  pre: boolean;
}

export function htmlToVisibleText(html: string, maxChars: number): VisibleText {
  const out: string[] = [];
  let length = 0;
  const emphasis: EmphasisSpan[] = [];
  const classHints = new Map<string, CssHint>();
  const stack: Frame[] = [];
  /** Text of the `<style>` element being read, if any. */
  let styleText: string[] | null = null;
  let styleChars = 0;

  // Separators are held back until the next visible text, so that empty elements, trailing
  // spaces and runs of blocks collapse into one space, one tab or at most one blank line.
  let pendingNewlines = 0;
  let pendingTab = false;
  let pendingSpace = false;
  /** A tag was crossed since the last text: inline elements glue, except a word to a number. */
  let crossedTag = false;
  let lastText = '';

  /** The held-back separator; nothing before the first text. */
  const separator = (next: string): string => {
    if (length === 0) return '';
    if (pendingNewlines > 0) return pendingNewlines > 1 ? '\n\n' : '\n';
    if (pendingTab) return '\t';
    if (pendingSpace) return ' ';
    return crossedTag && wordMeetsNumber(lastText, next) ? ' ' : '';
  };

  /** Writes visible text after the held-back separator; returns where the text starts. */
  const write = (s: string): number => {
    const sep = separator(s);
    out.push(sep, s);
    const start = length + sep.length;
    length = start + s.length;
    pendingNewlines = 0;
    pendingTab = false;
    pendingSpace = false;
    crossedTag = false;
    lastText = s;
    return start;
  };

  const hintOf = (attribs: Record<string, string>): CssHint => {
    let hidden = false;
    let level: EmphasisLevel | 0 = 0;
    for (const key of classKeys(attribs)) {
      const h = classHints.get(key);
      if (!h) continue;
      hidden ||= h.hidden;
      level = Math.max(level, h.emphasis) as EmphasisLevel | 0;
    }
    const inline = attribs.style ? hintFromStyle(attribs.style) : NO_HINT;
    if (CODE_CLASS.test(`${attribs.class ?? ''} ${attribs.id ?? ''}`)) level = 2;
    return {
      hidden: hidden || inline.hidden,
      emphasis: Math.max(level, inline.emphasis) as EmphasisLevel | 0,
    };
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const parent = stack[stack.length - 1];
        if (name === 'style') {
          styleText = [];
          styleChars = 0;
        }
        if (parent?.hidden) {
          // Nothing inside a hidden element shows; skip reading its styles.
          stack.push({ name, hidden: true, emphasis: 0, pre: false });
          return;
        }
        const hint = hintOf(attribs);
        const fontSize = name === 'font' ? Number.parseInt(attribs.size ?? '', 10) : 0;
        const frame: Frame = {
          name,
          hidden: SKIPPED.has(name) || 'hidden' in attribs || hint.hidden,
          emphasis: Math.max(
            parent?.emphasis ?? 0,
            hint.emphasis,
            TAG_EMPHASIS[name] ?? 0,
            fontSize >= 5 ? 2 : 0,
          ) as EmphasisLevel | 0,
          pre: (parent?.pre ?? false) || name === 'pre',
        };
        stack.push(frame);
        if (frame.hidden) return;
        crossedTag = true;
        if (name === 'br') pendingNewlines = Math.min(2, pendingNewlines + 1);
        else if (BLOCKS.has(name)) pendingNewlines = Math.max(1, pendingNewlines);
        else if (CELLS.has(name)) pendingTab = true;
      },
      onclosetag(name) {
        let frame: Frame | undefined;
        while ((frame = stack.pop()) && frame.name !== name) {
          /* elements left open inside this one close with it */
        }
        if (name === 'style' && styleText) {
          hintsFromStylesheet(styleText.join('').slice(0, MAX_STYLESHEET_CHARS), classHints);
          styleText = null;
        }
        if (frame && !frame.hidden) crossedTag = true;
        if (frame && !frame.hidden && BLOCKS.has(name)) {
          pendingNewlines = Math.max(1, pendingNewlines);
        }
      },
      ontext(data) {
        if (styleText) {
          if (styleChars < MAX_STYLESHEET_CHARS) styleText.push(data);
          styleChars += data.length;
          return;
        }
        const frame = stack[stack.length - 1];
        if (frame?.hidden) return;
        let s = normalizeText(data);
        if (!frame?.pre) {
          s = s.replace(/[ \t\n\f\v]+/g, ' ');
          if (s.startsWith(' ')) pendingSpace = true;
          const trailing = s.endsWith(' ');
          s = s.trim();
          if (s) {
            const start = write(s);
            const level = frame?.emphasis ?? 0;
            if (level !== 0) addEmphasis(emphasis, start, length, level);
          }
          if (trailing) pendingSpace = true;
        } else if (s) {
          write(s);
        }
      },
    },
    { decodeEntities: true },
  );

  for (let i = 0; i < html.length && length < maxChars; i += FEED_SLICE) {
    parser.write(html.slice(i, i + FEED_SLICE));
  }
  if (length < maxChars) parser.end();

  const text = out.join('').slice(0, maxChars);
  return { text, emphasis: emphasis.filter((e) => e.start < text.length) };
}

/**
 * A word of two or more letters meets a digit, or a digit meets such a word: "Code" and
 * "817263" in neighbouring spans. Single characters (one digit or letter per cell of a split
 * code) stay glued.
 */
function wordMeetsNumber(before: string, after: string): boolean {
  return (
    (/\p{L}{2}$/u.test(before) && /^\p{N}/u.test(after)) ||
    (/\p{N}$/u.test(before) && /^\p{L}{2}/u.test(after))
  );
}

function classKeys(attribs: Record<string, string>): string[] {
  const keys: string[] = [];
  for (const c of (attribs.class ?? '').split(/\s+/)) if (c) keys.push(`.${c.toLowerCase()}`);
  if (attribs.id) keys.push(`#${attribs.id.toLowerCase()}`);
  return keys;
}

/** Adds a span, merging it with the previous one when they touch at the same level. */
function addEmphasis(
  spans: EmphasisSpan[],
  start: number,
  end: number,
  level: EmphasisLevel,
): void {
  const prev = spans[spans.length - 1];
  if (prev && prev.level === level && prev.end >= start) {
    prev.end = Math.max(prev.end, end);
    return;
  }
  spans.push({ start, end, level });
}
