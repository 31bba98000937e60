import { normalizeHostName } from '../http/host-guard.ts';
import { normalizePoolEntry } from '../../src-shared/mail/address.ts';
import type { SettingsInvalidReason } from '../../src-shared/errors/codes.ts';
import { settingsInvalid } from '../core/app-error.ts';

/** Each value normalised, duplicates dropped; the first invalid one refuses the whole list. */
function uniqueNormalized(
  raw: readonly string[],
  normalize: (value: string) => string | null,
  reason: SettingsInvalidReason,
  invalid: (value: string) => string,
): string[] {
  const out: string[] = [];
  for (const value of raw) {
    const normal = normalize(value);
    if (!normal) throw settingsInvalid(reason, invalid(value));
    if (!out.includes(normal)) out.push(normal);
  }
  return out;
}

/** The mail domain pool of a settings patch: domains, or mailboxes for plus addressing. */
export function normalizeDomains(raw: readonly string[]): string[] {
  return uniqueNormalized(
    raw,
    normalizePoolEntry,
    'domain_invalid',
    (v) => `"${v}" is not a valid mail domain or mailbox address (name@domain, without +).`,
  );
}

/** Allowed host names: each a DNS name or IP literal (no port, no wildcard). */
export function normalizeHosts(raw: readonly string[]): string[] {
  return uniqueNormalized(
    raw,
    normalizeHostName,
    'host_invalid',
    (v) =>
      `"${v}" is not a host name or IP address (write it without scheme, port or wildcard, e.g. mail.example.org).`,
  );
}
