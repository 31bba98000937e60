/**
 * The reasons a mail source gives (`last_error`, a test's `error`) are English sentences made by
 * the server (mail/sources: imap-errors, oauth/sign-in, ...). This table reads them back into a
 * reason and its values, so the UI can say them in its own language; an unknown sentence is
 * shown as it is. tests/renderer/source-errors.test.ts runs every sentence the server makes
 * through it, so the two cannot drift apart.
 */

/** Each reason and the sentence shape it reads, tried in this order. */
const PATTERNS = {
  auth_failed: /^authentication failed:/,
  cert_untrusted: /^certificate not trusted \((?<code>[A-Z0-9_]+)\)$/,
  host_not_found: /^host not found$/,
  connection_refused: /^connection refused$/,
  timeout: /^the server did not answer in time$/,
  connection_lost: /^connection lost$/,
  server_too_large: /^the server sent more than the limits allow$/,
  no_starttls: /^the server does not offer STARTTLS$/,
  connection_failed: /^connection failed: (?<inner>[\s\S]*)$/,
  mailbox_missing: /^mailbox missing: "(?<mailbox>[\s\S]*)" does not exist on the server$/,
  not_signed_in: /^not signed in yet:/,
  sign_in_declined: /^sign-in was declined at the provider/,
  sign_in_expired: /^the sign-in expired before it was finished/,
  grant_lost: /^the sign-in is no longer valid/,
  sign_in_cancelled: /^sign-in was cancelled$/,
  renew_failed: /^the access token could not be renewed: (?<inner>[\s\S]*)$/,
  sign_in_failed: /^sign-in failed: (?<inner>[\s\S]*)$/,
  secret_unreadable: /^the stored password .*; enter it again$/,
  message_over_limit: /^message (?<uid>\d+) refused: it is over the (?<mib>\d+) MiB mail limit/,
  message_server_too_large:
    /^message (?<uid>\d+) refused: the server sent more than the limits allow/,
} as const satisfies Record<string, RegExp>;

export type SourceErrorReason = keyof typeof PATTERNS;
export const SOURCE_ERROR_REASONS = Object.keys(PATTERNS) as SourceErrorReason[];

export interface SourceErrorRead {
  reason: SourceErrorReason;
  /** Values the sentence carried (a certificate error code, a mailbox, a message UID, ...). */
  values: Record<string, string>;
  /** A sentence inside this one (why a renewal or sign-in failed), read the same way. */
  inner: string | null;
}

/** The reason behind a source's sentence, or null for one this table does not know. */
export function readSourceError(text: string): SourceErrorRead | null {
  for (const reason of SOURCE_ERROR_REASONS) {
    const pattern: RegExp = PATTERNS[reason];
    const match = pattern.exec(text);
    if (!match) continue;
    const { inner = null, ...values } = match.groups ?? {};
    return { reason, values, inner };
  }
  return null;
}
