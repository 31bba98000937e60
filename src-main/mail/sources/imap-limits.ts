import { MAIL_LIMITS } from '../../../src-shared/mail/limits.ts';

/**
 * What a server may send at once; imapflow's own defaults accept 1 GiB literals and lines. A
 * message body is asked for as its first `maxMessageBytes + 1` bytes (BODY.PEEK[]<0.N>), so the
 * longest literal an honest server sends is one byte over the mail limit: that byte is how a
 * message over it is told apart without reading the rest. A longer literal breaks the
 * connection before any of it is read (imapflow: LiteralTooLarge).
 */
export const IMAP_LIMITS = {
  maxLiteralSize: MAIL_LIMITS.maxMessageBytes + 1,
  /** The longest line without a literal: a UID SEARCH answer of about a million UIDs. */
  maxLineLength: 8 * 1024 * 1024,
  /** One response: a body literal and its framing, or one long line. */
  maxResponseSize: MAIL_LIMITS.maxMessageBytes + 8 * 1024 * 1024,
  /** Header blocks read per FETCH round (the rest follow in the next round). */
  headerBatch: 200,
} as const;

/** imapflow's error codes for a response past IMAP_LIMITS. */
const TOO_LARGE = new Set(['LiteralTooLarge', 'ResponseTooLarge', 'LineTooLarge']);

/** Did imapflow refuse a response for its size? */
export function isTooLarge(err: unknown): err is Error {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && TOO_LARGE.has(code);
}
