import { normalizePoolEntry } from '../../src-shared/mail/address.ts';
import type { SettingsInvalidReason } from '../../src-shared/errors/codes.ts';
import { settingsInvalid } from '../core/app-error.ts';
import { normalizeHostName } from '../core/host-name.ts';
import { isBrowserBlockedPort, otherServiceOfPort } from '../../src-shared/settings/ports.ts';

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

/**
 * The ports of a patch that could never work: an HTTP port browsers refuse to open pages on, or
 * an SMTP port of another protocol (80, 443, 22 …) no mail server delivers to. Only the values
 * being set are checked; what a flag or an older settings.json holds is left as it is.
 */
export function checkPorts(patch: { http_port?: number; smtp_port?: number }): void {
  const http = patch.http_port;
  if (http !== undefined && isBrowserBlockedPort(http)) {
    throw settingsInvalid(
      'http_port_blocked',
      `Browsers refuse to open pages on port ${http}: choose another HTTP port, e.g. 8787.`,
    );
  }
  const smtp = patch.smtp_port;
  const service = smtp === undefined ? null : otherServiceOfPort(smtp);
  if (smtp !== undefined && service !== null) {
    throw settingsInvalid(
      'smtp_port_reserved',
      `Port ${smtp} is for ${service}, not mail: mail servers never deliver to it. Use 25, 587 or 2525.`,
    );
  }
}
