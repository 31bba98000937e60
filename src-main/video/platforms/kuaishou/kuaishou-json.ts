/**
 * Narrowing helpers for page JSON. Pages are untrusted: every reader returns null (or an empty
 * list) for anything that is not the expected shape, so a changed field never throws.
 */

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-empty trimmed string, or null. */
export function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** U+3164 HANGUL FILLER: Kuaishou user names carry it to look blank or spaced (fllesser). */
const NAME_FILLER = /\u3164/g;

/** A user name without its filler characters, or null when nothing else is left. */
export function personName(value: unknown): string | null {
  return typeof value === 'string' ? text(value.replace(NAME_FILLER, '')) : null;
}

/** A finite number > 0 (numbers as strings too, as some payloads send them), or null. */
export function positive(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
}

/** An integer, or null; `result` codes are small integers. */
export function integer(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** `url` of each `{url}` entry, skipping anything else (`mainMvUrls[]`, `coverUrls[]`). */
export function urlsOf(value: unknown): string[] {
  return list(value)
    .map((entry) => (isObject(entry) ? text(entry.url) : text(entry)))
    .filter((url): url is string => url !== null);
}

/** Apollo stores JSON scalars as `{type: "json", json: …}`; either form yields the value. */
export function unwrapApolloJson(value: unknown): unknown {
  return isObject(value) && value.type === 'json' && 'json' in value ? value.json : value;
}
