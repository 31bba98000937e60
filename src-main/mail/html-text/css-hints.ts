/**
 * What a piece of CSS says about the text it styles: hidden (never shown to the reader) and
 * emphasised (how codes are usually drawn: big, letter-spaced, monospace, bold).
 * Only the cheap, common cases are read; no cascade, no specificity.
 */

import type { EmphasisLevel } from './emphasis.ts';

export interface CssHint {
  hidden: boolean;
  emphasis: EmphasisLevel | 0;
}

export const NO_HINT: CssHint = { hidden: false, emphasis: 0 };

function declarations(style: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of style.split(';')) {
    const colon = part.indexOf(':');
    if (colon <= 0) continue;
    const prop = part.slice(0, colon).trim().toLowerCase();
    const value = part
      .slice(colon + 1)
      .replace(/!\s*important/i, '')
      .trim()
      .toLowerCase();
    if (prop) out.set(prop, value);
  }
  return out;
}

/** `0`, `0px`, `0.0em`, `0%`: a length that renders nothing. */
function isZeroLength(value: string | undefined): boolean {
  if (value === undefined) return false;
  return /^[-+]?0*\.?0+(?:px|pt|em|rem|%|vh|vw)?$/.test(value);
}

/** Font size in CSS pixels, or null when it is not a plain length. */
function fontSizePx(value: string): number | null {
  const m = /^([\d.]+)\s*(px|pt|em|rem|%)?$/.exec(value);
  if (!m?.[1]) return null;
  const n = Number.parseFloat(m[1]);
  switch (m[2]) {
    case 'pt':
      return (n * 4) / 3;
    case 'em':
    case 'rem':
      return n * 16;
    case '%':
      return (n / 100) * 16;
    case undefined: // a bare number is pixels
    default:
      return n;
  }
}

export function hintFromStyle(style: string): CssHint {
  if (!style) return NO_HINT;
  const d = declarations(style);
  const overflowHidden = /hidden|clip/.test(d.get('overflow') ?? '');
  const hidden =
    d.get('display') === 'none' ||
    /^(hidden|collapse)$/.test(d.get('visibility') ?? '') ||
    isZeroLength(d.get('font-size')) ||
    (d.has('opacity') && Number.parseFloat(d.get('opacity') ?? '1') === 0) ||
    (overflowHidden && (isZeroLength(d.get('max-height')) || isZeroLength(d.get('height')))) ||
    (overflowHidden && (isZeroLength(d.get('max-width')) || isZeroLength(d.get('width'))));

  let emphasis: EmphasisLevel | 0 = 0;
  const size = d.has('font-size') ? fontSizePx(d.get('font-size') ?? '') : null;
  const spacing = d.get('letter-spacing');
  if (
    (size !== null && size >= 20) ||
    (spacing !== undefined && /^[\d.]+/.test(spacing) && Number.parseFloat(spacing) > 0) ||
    /mono|courier|consolas|menlo/.test(d.get('font-family') ?? '')
  ) {
    emphasis = 2;
  } else if (/^(bold|bolder|[6-9]00)$/.test(d.get('font-weight') ?? '')) {
    emphasis = 1;
  }
  return { hidden, emphasis };
}

/**
 * Reads a `<style>` block and returns the hint of each simple class or id selector
 * (`.preheader`, `span.code`, `#otp`). Rules inside `@media` and other at-rules are skipped:
 * they apply only on some screens, and a desktop reader sees the plain rules.
 */
export function hintsFromStylesheet(css: string, into: Map<string, CssHint>): void {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{', i);
    if (open < 0) return;
    // Statements such as `@import url(a.css);` end with `;` and have no block.
    const prelude = text.slice(i, open).split(';').pop()?.trim() ?? '';
    if (prelude.startsWith('@')) {
      let depth = 1;
      let j = open + 1;
      for (; j < text.length && depth > 0; j++) {
        if (text[j] === '{') depth++;
        else if (text[j] === '}') depth--;
      }
      i = j;
      continue;
    }
    const close = text.indexOf('}', open);
    if (close < 0) return;
    addRule(prelude, text.slice(open + 1, close), into);
    i = close + 1;
  }
}

function addRule(selectors: string, body: string, into: Map<string, CssHint>): void {
  const hint = hintFromStyle(body);
  if (!hint.hidden && hint.emphasis === 0) return;
  for (const raw of selectors.split(',')) {
    const selector = raw.trim();
    // The last compound of a plain selector, without pseudo-classes or attribute tests.
    if (/[:[\]>+~*]/.test(selector)) continue;
    const last = selector.split(/\s+/).pop() ?? '';
    const m = /^[a-z0-9]*([.#][\w-]+)$/i.exec(last);
    if (!m?.[1]) continue;
    const key = m[1].toLowerCase();
    const prev = into.get(key) ?? NO_HINT;
    into.set(key, {
      hidden: prev.hidden || hint.hidden,
      emphasis: Math.max(prev.emphasis, hint.emphasis) as EmphasisLevel | 0,
    });
  }
}
