import { currentDiagnostics } from '../diagnostics/diagnostics-scope.ts';

/**
 * Pulls the JSON a platform embeds in its HTML: `<script id="…">{…}</script>` blocks and
 * `window.NAME = {…}` assignments. Pages are untrusted input: everything returns null on any
 * surprise instead of throwing.
 */

/** The parsed JSON inside `<script id="id" …>…</script>`, or null. */
export function scriptJsonById(html: string, id: string): unknown {
  return recorded(`script#${id}`, html, findScriptJson(html, id));
}

function findScriptJson(html: string, id: string): unknown {
  const open = new RegExp(`<script\\b[^>]*\\bid=["']${escapeRegExp(id)}["'][^>]*>`, 'i').exec(html);
  if (!open) return null;
  const start = open.index + open[0].length;
  const end = html.indexOf('</script>', start);
  return end < 0 ? null : parseJson(html.slice(start, end));
}

/** The object literal assigned to `window.NAME` (or `NAME`), parsed as JSON, or null. */
export function assignedJson(html: string, name: string): unknown {
  return recorded(`window.${name}`, html, findAssignedJson(html, name));
}

function findAssignedJson(html: string, name: string): unknown {
  const at = new RegExp(`(?:window\\.)?${escapeRegExp(name)}\\s*=\\s*\\{`).exec(html);
  if (!at) return null;
  const start = at.index + at[0].length - 1;
  const end = matchingBrace(html, start);
  return end < 0 ? null : parseJson(html.slice(start, end + 1));
}

/**
 * Writes the shape of JSON an extractor parsed itself (an API answer) to the run's diagnostics:
 * keys and types only. `source` names it in the record, e.g. `api aweme/detail`.
 */
export function recordJsonShape(source: string, value: unknown): void {
  currentDiagnostics()?.json(source, value);
}

/** Every lookup leaves its shape (or the page's JSON markers when it found nothing) behind. */
function recorded(source: string, html: string, value: unknown): unknown {
  currentDiagnostics()?.json(source, value, html);
  return value;
}

/** Index of the `}` closing the `{` at `start`, skipping strings; -1 when unbalanced. */
function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/\bundefined\b(?=\s*[,}\]])/g, 'null'));
  } catch {
    return null;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
