/**
 * What of a request, a page or an error may enter a diagnostics record. A record is meant to be
 * pasted into a public bug report, so everything here keeps structure and drops content: hosts
 * and paths without queries, fragments or credentials; path segments and JSON keys that look
 * like signatures or tokens replaced by their length; JSON as keys and types, never values;
 * errors as class and code, never their message (messages carry URLs).
 */

/** Segments and keys longer than this, or opaque ones from this length on, are replaced. */
const MAX_PLAIN = 40;
const OPAQUE_FROM = 16;
const SAFE_CHARS = /^[\w.@~$:()/-]*$/;

/** A placeholder for a dropped segment or key: only its length is kept. */
function hidden(text: string): string {
  return `<redacted:${text.length}>`;
}

/**
 * A token-like string: long, with both letters and digits (signatures, hashes, session ids).
 * Pure numbers (post ids) and words with separators (`tos-cn-ve-15`) stay readable.
 */
function looksOpaque(text: string): boolean {
  if (text.length > MAX_PLAIN) return true;
  if (text.length < OPAQUE_FROM || /^\d+$/.test(text)) return false;
  return /\d/.test(text) && /[a-z]/i.test(text) && !/^([a-z]+[-_.])+[a-z0-9]*$/i.test(text);
}

/** One path segment or JSON key as it may be shown. */
export function safeToken(text: string): string {
  return SAFE_CHARS.test(text) && !looksOpaque(text) ? text : hidden(text);
}

/** The host (and a non-default port) of a URL; never its user name or password. */
export function safeHost(url: URL): string {
  return url.host.toLowerCase();
}

/** The path of a URL, segment by segment; the query and fragment are never kept. */
export function safePath(url: URL): string {
  return url.pathname
    .split('/')
    .map((segment) => (segment === '' ? '' : safeToken(segment)))
    .join('/');
}

/** A URL's host and redacted path, or null when `raw` is not a URL. */
export function safeUrl(raw: string, base?: string): { host: string; path: string } | null {
  try {
    const url = new URL(raw, base);
    return { host: safeHost(url), path: safePath(url) };
  } catch {
    return null;
  }
}

/** A media type without its parameters (a boundary or charset says nothing useful). */
export function safeContentType(raw: unknown): string | null {
  const value = Array.isArray(raw) ? (raw[0] as unknown) : raw;
  if (typeof value !== 'string') return null;
  const type = value.split(';')[0]?.trim().toLowerCase() ?? '';
  return /^[\w.+-]+\/[\w.+-]+$/.test(type) ? type : null;
}

export interface ShapeLimits {
  maxDepth: number;
  maxLines: number;
  maxKeys: number;
}

export const SHAPE_LIMITS: ShapeLimits = { maxDepth: 8, maxLines: 120, maxKeys: 40 };

/**
 * The shape of parsed JSON as `path: type` lines, breadth of each object bounded by maxKeys,
 * depth by maxDepth, the whole by maxLines. Arrays show their length and their first item's
 * shape. Values never appear: a string is `string` (or `empty string`, which is a shape fact).
 */
export function jsonShape(value: unknown, limits: ShapeLimits = SHAPE_LIMITS): string[] {
  const lines: string[] = [];
  const visit = (node: unknown, path: string, depth: number): void => {
    if (lines.length >= limits.maxLines) return;
    lines.push(`${path}: ${typeOf(node)}`);
    if (depth >= limits.maxDepth) return;
    if (Array.isArray(node)) {
      if (node.length > 0) visit(node[0], `${path}[0]`, depth + 1);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const keys = Object.keys(node);
    for (const key of keys.slice(0, limits.maxKeys)) {
      visit((node as Record<string, unknown>)[key], `${path}.${safeToken(key)}`, depth + 1);
    }
    if (keys.length > limits.maxKeys && lines.length < limits.maxLines) {
      lines.push(`${path}: … ${keys.length - limits.maxKeys} more keys`);
    }
  };
  visit(value, '$', 0);
  if (lines.length >= limits.maxLines) lines.push('… shape cut here');
  return lines;
}

function typeOf(node: unknown): string {
  if (node === null) return 'null';
  if (Array.isArray(node)) return `array(${node.length})`;
  if (typeof node === 'object') return `object(${Object.keys(node).length})`;
  if (node === '') return 'empty string';
  return typeof node;
}

const MAX_MARKERS = 20;

/**
 * Where a page keeps JSON, by name only: `script#id` for each `<script id=…>` and `window.NAME`
 * for each assignment. When the block an extractor wanted is missing, these show what the page
 * carries instead (a captcha page has none; a redesigned page has new names).
 */
export function pageMarkers(html: string): string[] {
  const found = new Set<string>();
  const scripts = /<script\b[^>]*\bid=["']([^"']{1,80})["']/gi;
  const assigns = /\bwindow\.([A-Za-z_$][\w$]{0,60})\s*=/g;
  for (const [, id] of html.matchAll(scripts)) {
    if (found.size >= MAX_MARKERS) break;
    found.add(`script#${safeToken(id ?? '')}`);
  }
  for (const [, name] of html.matchAll(assigns)) {
    if (found.size >= MAX_MARKERS) break;
    found.add(`window.${safeToken(name ?? '')}`);
  }
  return found.size > 0 ? [...found] : ['(no JSON markers on the page)'];
}

export interface ErrorFacts {
  errorClass: string;
  code: string | null;
  status: number | null;
  host: string | null;
}

/**
 * What an error may tell a record: its class, a code (the task code, or an errno/undici code of
 * it or its causes), an HTTP status and the host of a failed URL. The message is left out, as
 * messages may quote a URL with its query or a header.
 */
export function errorFacts(err: unknown): ErrorFacts {
  const facts: ErrorFacts = { errorClass: 'unknown', code: null, status: null, host: null };
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 4; depth++) {
    const fields = e as { code?: unknown; reason?: unknown; statusCode?: unknown; url?: unknown };
    if (depth === 0) facts.errorClass = /^[A-Za-z]\w{0,40}$/.test(e.name) ? e.name : 'Error';
    const code = typeof fields.code === 'string' ? fields.code : fields.reason;
    if (facts.code === null && typeof code === 'string' && /^\w{1,40}$/.test(code)) {
      facts.code = code;
    }
    if (facts.status === null && typeof fields.statusCode === 'number') {
      facts.status = fields.statusCode;
    }
    if (facts.host === null && typeof fields.url === 'string') {
      facts.host = safeUrl(fields.url)?.host ?? null;
    }
    e = e.cause;
  }
  return facts;
}
