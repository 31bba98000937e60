/** What stopped a connection, in words for the user, and whether trying again could help. */
export interface SourceFailure {
  text: string;
  /** A lasting failure stops the source until its settings change (no retry storm). */
  lasting: boolean;
  /** The server refused the login (an OAuth source renews its token and tries once more). */
  authRefused?: boolean;
}

/** A failure already in words for the user (an OAuth refresh that failed, ...). */
export class FailureInWords extends Error {
  override name = 'FailureInWords';
  constructor(
    message: string,
    readonly lasting: boolean,
  ) {
    super(message);
  }
}

/** The mailbox could not be opened (SELECT answered NO). */
export class MailboxMissing extends Error {
  override name = 'MailboxMissing';
  constructor(readonly mailbox: string) {
    super(`mailbox missing: "${mailbox}" does not exist on the server`);
  }
}

const CERT_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
]);

interface ErrorLike {
  message?: string;
  code?: string;
  authenticationFailed?: boolean;
  responseText?: string;
}

/** Turns whatever imapflow or the socket threw into a SourceFailure; never includes secrets. */
export function describeFailure(err: unknown): SourceFailure {
  if (err instanceof MailboxMissing) return { text: err.message, lasting: true };
  if (err instanceof FailureInWords) return { text: err.message, lasting: err.lasting };
  const e = (typeof err === 'object' && err !== null ? err : {}) as ErrorLike;
  const code = typeof e.code === 'string' ? e.code : '';
  if (e.authenticationFailed) {
    return {
      text: 'authentication failed: the server refused the user name or password (most providers need an app password)',
      lasting: true,
      authRefused: true,
    };
  }
  if (CERT_CODES.has(code)) {
    return { text: `certificate not trusted (${code})`, lasting: true };
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return { text: 'host not found', lasting: false };
  if (code === 'ECONNREFUSED') return { text: 'connection refused', lasting: false };
  if (
    code === 'ETIMEDOUT' ||
    code === 'ETIMEOUT' ||
    code === 'CONNECT_TIMEOUT' ||
    code === 'GreetingTimeout' ||
    code === 'CommandTimeout'
  ) {
    return { text: 'the server did not answer in time', lasting: false };
  }
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'NoConnection') {
    return { text: 'connection lost', lasting: false };
  }
  if (code === 'LiteralTooLarge' || code === 'ResponseTooLarge' || code === 'LineTooLarge') {
    return { text: 'the server sent more than the limits allow', lasting: false };
  }
  if (/STARTTLS/i.test(e.message ?? '')) {
    return { text: 'the server does not offer STARTTLS', lasting: true };
  }
  return {
    text: `connection failed: ${(e.message ?? 'unknown error').slice(0, 200)}`,
    lasting: false,
  };
}
