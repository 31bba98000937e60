/**
 * Narrowing helpers for JSON read from Douyin's pages. The page is untrusted input: every field
 * may be missing or of another type, and each helper answers null (or []) instead of throwing.
 */
export type JsonRecord = Record<string, unknown>;

export function asRecord(value: unknown): JsonRecord | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonRecord)
    : null;
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A non-empty string after trimming; ids that arrive as numbers are turned into strings. */
export function asString(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** A finite number greater than zero (sizes and durations of 0 mean "unknown" on Douyin). */
export function asPositive(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/** The `url_list` of a `{uri, url_list}` address object, http(s) entries only. */
export function urlList(address: unknown): string[] {
  return asArray(asRecord(address)?.url_list).filter(
    (u): u is string => typeof u === 'string' && /^https?:\/\//i.test(u),
  );
}
