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
    // A pool entry is a domain or a mailbox (name@domain, for plus addressing). Its domain has at
    // least two labels: a single label (`x`, `localhost`) is no domain anyone can send mail to
    // (ephemera.localhost is the local one).
    (value) => {
      const entry = normalizePoolEntry(value);
      return entry?.slice(entry.lastIndexOf('@') + 1).includes('.') ? entry : null;
    },
    'domain_invalid',
    (v) =>
      `"${v}" is not a valid mail domain or mailbox address: write a domain with a dot (mail.example.org) or name@domain, without +.`,
  );
}

/** Names the host guard always accepts; listing them as extra host names means nothing. */
const ALWAYS_ALLOWED = /^(localhost|127(\.\d{1,3}){3}|\[?::1\]?)$/;

/** Allowed host names: each a DNS name or IP literal (no port, no wildcard). */
export function normalizeHosts(raw: readonly string[]): string[] {
  for (const value of raw) {
    if (ALWAYS_ALLOWED.test(normalizeHostName(value) ?? '')) {
      throw settingsInvalid(
        'host_invalid',
        `"${value}" is always allowed (localhost and loopback addresses need no entry).`,
      );
    }
  }
  return uniqueNormalized(
    raw,
    normalizeHostName,
    'host_invalid',
    (v) =>
      `"${v}" is not a host name or IP address (write it without scheme, port or wildcard, e.g. mail.example.org).`,
  );
}
