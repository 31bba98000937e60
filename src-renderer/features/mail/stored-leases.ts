import type { Lease } from '../../../src-shared/mail/schemas.ts';

/**
 * The mailboxes this device keeps in localStorage, as far as they are still leases: an older
 * version, another app on the same origin or a hand edit may have left anything there, and an
 * entry without its dates would show "NaN:NaN" and "Extended undefined/undefined". What is
 * not a lease is dropped; what is not JSON, or not a list, gives none.
 */
export function storedLeases(json: string | null): Lease[] {
  let saved: unknown;
  try {
    saved = JSON.parse(json ?? '[]');
  } catch {
    return [];
  }
  return Array.isArray(saved) ? saved.filter(isLease) : [];
}

function isLease(value: unknown): value is Lease {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.email === 'string' &&
    typeof v.domain === 'string' &&
    isTime(v.generated_at) &&
    isTime(v.expires_at) &&
    Number.isInteger(v.expires_in_minutes) &&
    Number.isInteger(v.extension_count) &&
    Number.isInteger(v.max_extension_count)
  );
}

function isTime(value: unknown): boolean {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value));
}
