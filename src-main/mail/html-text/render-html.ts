/**
 * The one HTML-to-text renderer of the app: the `text` of an HTML-only mail (html-to-text.ts)
 * and the visible text code extraction reads (code-extraction/sources.ts) both come from here.
 * htmlParser2's streaming parser is used: no DOM is built, and parsing stops once enough text
 * has been produced.
 *
 * - Dropped: `<head>`, `<style>`, `<script>`, `<title>`, `<template>`, `<svg>`, comments, and
 *   anything hidden by the `hidden` attribute, inline CSS (`display:none`, `visibility:hidden`,
 *   `font-size:0`, `opacity:0`, zero `max-height` with `overflow:hidden`...) or a class/id rule
 *   from a `<style>` block (the usual preheader tricks). Their text can be collected apart.
 * - Layout (html-tags.ts): paragraphs, headings, lists, tables and other blocks with a browser
 *   margin are set off by a blank line, other blocks and table rows by a line break, `<br>` is a
 *   line break, cells of a row are separated by a tab, list items start with `• ` (or `1. ` in
 *   an `<ol>`), indented two spaces per nesting level. Source whitespace collapses to one space,
 *   except in `<pre>`; at most one blank line is kept; entities are decoded. Links keep their
 *   text only: tracking URLs would swamp the text, and the HTML view has them.
 * - A word and a number in neighbouring inline elements (`<span>Code</span><span>817263</span>`)
 *   are kept apart by a space, as a reader sees them apart; single characters stay glued (a code
 *   drawn one digit per span).
 * - Emphasis: runs drawn big, letter-spaced, monospace, bold, in a heading or under a class/id
 *   mentioning code/otp/pin/verif are recorded as spans of the output.
 * - Bounded work (render-budget.ts): past MAX_DEPTH open elements or MAX_STEPS parser events
 *   the rendering stops, says why (`cut`) and where (`readTo`); callers read the rest as
 *   stripped text (stripped-text.ts) or from the text part.
 */

import { Parser } from 'htmlparser2';
import { hintsFromStylesheet, type CssHint } from './css-hints.ts';
import { BLOCKS, CELLS, PARAGRAPHS, SKIPPED, TAG_EMPHASIS } from './html-tags.ts';
import type { EmphasisLevel, EmphasisSpan } from './emphasis.ts';
import { AnchorCollector, type RenderedAnchor } from './anchors.ts';
import { RenderBudget, type RenderCut } from './render-budget.ts';
import { addEmphasis, hintOf, wordMeetsNumber } from './render-parts.ts';

// code-extraction/types.ts takes both emphasis types from this module.
export type { EmphasisLevel, EmphasisSpan };

export interface RenderOptions {
  /** Parsing stops once this many characters of text are produced; the text is cut there. */
  maxChars: number;
  /** Applied to each run of source text before its whitespace collapses (code extraction
   * normalises digits and spaces here, so emphasis offsets stay right). */
  mapText?: (text: string) => string;
  /** Also return the text of hidden elements (up to maxChars). */
  collectHidden?: boolean;
  /** Also return the links (`<a href>`) with their text (anchors.ts). */
  collectAnchors?: boolean;
  /** Bounds of the work (render-budget.ts; MAX_DEPTH and MAX_STEPS by default). */
  budget?: RenderBudget;
}

export interface RenderedHtml {
  text: string;
  emphasis: EmphasisSpan[];
  /** Text of hidden elements, a space between elements; '' unless collectHidden. */
  hiddenText: string;
  /** The links in document order; [] unless collectAnchors. */
  anchors: RenderedAnchor[];
  /** Set when a bound of render-budget.ts stopped the rendering before the end of `html`. */
  cut: RenderCut | null;
  /** Where in `html` the rendering stopped: its length unless cut. */
  readTo: number;
}

/** Stylesheets are read for class rules up to this size; mail CSS is far smaller. */
const MAX_STYLESHEET_CHARS = 64 * 1024;

/** Parsed in slices so that a huge mail stops being read once the text cap is reached. */
const FEED_SLICE = 16 * 1024;

const SPACES = /[ \t\n\r\f\v\u00a0]+/g;

interface Frame {
  name: string;
  hidden: boolean;
  emphasis: EmphasisLevel | 0;
  pre: boolean;
  /** Line breaks this element asks for before and after it: 0, 1, or 2 (a blank line). */
  breaks: 0 | 1 | 2;
}

interface List {
  ordered: boolean;
  next: number;
}

export function renderHtml(html: string, options: RenderOptions): RenderedHtml {
  const { maxChars, mapText, collectHidden = false, collectAnchors = false } = options;
  const budget = options.budget ?? new RenderBudget();
  const links = collectAnchors ? new AnchorCollector() : null;
  const out: string[] = [];
  let length = 0;
  const hiddenOut: string[] = [];
  let hiddenLength = 0;
  /** A tag was crossed since the last hidden text: the next hidden run is a new word. */
  let hiddenGap = false;
  const emphasis: EmphasisSpan[] = [];
  const classHints = new Map<string, CssHint>();
  const stack: Frame[] = [];
  const lists: List[] = [];
  /** Text of the `<style>` element being read, if any. */
  let styleText: string[] | null = null;
  let styleChars = 0;

  // Separators are held back until the next visible text, so that empty elements, trailing
  // spaces and runs of blocks collapse into one space, one tab or at most one blank line.
  let pendingNewlines = 0;
  let pendingTab = false;
  let pendingSpace = false;
  /** The bullet of a list item whose text has not started yet. */
  let pendingMarker = '';
  /** A tag was crossed since the last text: inline elements glue, except a word to a number. */
  let crossedTag = false;
  let lastText = '';

  const breakLines = (n: 0 | 1 | 2): void => {
    pendingNewlines = Math.max(n, pendingNewlines);
  };

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
    const sep = separator(s) + pendingMarker;
    out.push(sep, s);
    const start = length + sep.length;
    length = start + s.length;
    pendingNewlines = 0;
    pendingTab = false;
    pendingSpace = false;
    pendingMarker = '';
    crossedTag = false;
    lastText = s;
    return start;
  };

  /** Opens a visible element: its line breaks, tab or list bullet. */
  const layoutOpen = (name: string, attribs: Record<string, string>, frame: Frame): void => {
    crossedTag = true;
    if (name === 'br') {
      pendingNewlines = Math.min(2, pendingNewlines + 1);
      return;
    }
    if (name === 'ul' || name === 'ol') {
      // A list inside a list item has no margin in a browser.
      frame.breaks = lists.length > 0 ? 1 : 2;
      const start = Number.parseInt(attribs.start ?? '', 10);
      lists.push({ ordered: name === 'ol', next: Number.isFinite(start) ? start : 1 });
    } else if (PARAGRAPHS.has(name)) frame.breaks = 2;
    else if (BLOCKS.has(name)) frame.breaks = 1;
    else if (CELLS.has(name)) pendingTab = true;
    breakLines(frame.breaks);
    if (name === 'li') {
      const list = lists[lists.length - 1];
      const bullet = list?.ordered ? `${list.next++}. ` : '• ';
      pendingMarker = '  '.repeat(Math.max(0, lists.length - 1)) + bullet;
    }
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (!budget.step(stack.length + 1)) return stop();
        hiddenGap = true;
        const parent = stack[stack.length - 1];
        if (name === 'style') {
          styleText = [];
          styleChars = 0;
        }
        if (parent?.hidden) {
          // Nothing inside a hidden element shows; skip reading its styles.
          stack.push({ name, hidden: true, emphasis: 0, pre: false, breaks: 0 });
          if (name === 'a') links?.openAnchor(attribs.href, true, length);
          else if (name === 'img') links?.image(attribs.alt);
          return;
        }
        const hint = hintOf(attribs, classHints);
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
          breaks: 0,
        };
        stack.push(frame);
        if (name === 'a') links?.openAnchor(attribs.href, frame.hidden, length);
        else if (name === 'img') links?.image(attribs.alt);
        if (!frame.hidden) layoutOpen(name, attribs, frame);
      },
      onclosetag(name) {
        if (!budget.step(stack.length)) return stop();
        hiddenGap = true;
        let frame: Frame | undefined;
        while ((frame = stack.pop()) && frame.name !== name) {
          /* elements left open inside this one close with it */
        }
        if (name === 'a') links?.closeAnchor(length);
        if (name === 'style' && styleText) {
          hintsFromStylesheet(styleText.join('').slice(0, MAX_STYLESHEET_CHARS), classHints);
          styleText = null;
        }
        if (!frame || frame.hidden) return;
        crossedTag = true;
        if ((name === 'ul' || name === 'ol') && lists.length > 0) lists.pop();
        if (name === 'li') pendingMarker = '';
        if (frame.breaks > 0 && name !== 'br') breakLines(frame.breaks);
      },
      ontext(data) {
        if (!budget.step(stack.length)) return stop();
        if (styleText) {
          if (styleChars < MAX_STYLESHEET_CHARS) styleText.push(data);
          styleChars += data.length;
          return;
        }
        const frame = stack[stack.length - 1];
        let s = mapText ? mapText(data) : data;
        if (frame?.hidden) {
          links?.text(s, null);
          if (collectHidden && hiddenLength < maxChars) {
            const run = hiddenGap && hiddenLength > 0 ? ` ${s}` : s;
            hiddenOut.push(run);
            hiddenLength += run.length;
            hiddenGap = false;
          }
          return;
        }
        if (!frame?.pre) {
          // An anchor keeps the spaces around each run ("Confirm <b>now</b>").
          const run = s;
          s = s.replace(SPACES, ' ');
          if (s.startsWith(' ')) pendingSpace = true;
          const trailing = s.endsWith(' ');
          s = s.trim();
          if (s) {
            const start = write(s);
            links?.text(run, start);
            const level = frame?.emphasis ?? 0;
            if (level !== 0) addEmphasis(emphasis, start, length, level);
          } else links?.text(run, null);
          if (trailing) pendingSpace = true;
        } else if (s) {
          const start = write(s);
          links?.text(s, start);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  /** Where the event that passed a bound started: nothing from there on was rendered. */
  let readTo = html.length;
  function stop(): void {
    if (readTo === html.length) readTo = Math.min(html.length, parser.startIndex);
    parser.pause();
  }

  for (let i = 0; i < html.length && length < maxChars && !budget.cut; i += FEED_SLICE) {
    parser.write(html.slice(i, i + FEED_SLICE));
  }
  if (length < maxChars && !budget.cut) parser.end();

  const text = out.join('').slice(0, maxChars);
  return {
    text,
    emphasis: emphasis.filter((e) => e.start < text.length),
    hiddenText: hiddenOut.join('').slice(0, maxChars),
    anchors: links?.finish(length) ?? [],
    cut: budget.cut,
    readTo,
  };
}
