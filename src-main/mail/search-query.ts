import { MAIL_LIMITS } from '../../src-shared/mail/limits.ts';
import { AppError } from '../core/app-error.ts';

/** Runs of letters and digits: the words unicode61 (the index's tokenizer) would make. */
const WORD = /[\p{L}\p{N}]+/gu;

/** The columns a search looks in (not `mailbox`, the index's own key). */
const SEARCHED = '{from_address from_name subject text}';

/**
 * The FTS5 expression for `?q=` within one mailbox. The person's text is never FTS5 syntax:
 * it is cut into words, each quoted as a string, so `"`, `*`, `:`, `-`, `NEAR`, `AND`, a
 * column name … are plain words and no input can make a syntax error. Every word must occur
 * (in any of sender, sender name, subject, text; whole words, case and accents ignored); the
 * mailbox's hex token narrows the walk to its mails (see 004-mail-control.ts).
 * Text without a letter or digit, or longer than the limits, is a 400.
 */
export function searchExpression(email: string, q: string): string {
  if (q.length > MAIL_LIMITS.searchMaxChars) {
    throw new AppError(
      'MAIL_BAD_REQUEST',
      `q must be at most ${MAIL_LIMITS.searchMaxChars} characters.`,
    );
  }
  const words = q.match(WORD) ?? [];
  if (words.length === 0) {
    throw new AppError('MAIL_BAD_REQUEST', 'q must contain at least one letter or digit.');
  }
  if (words.length > MAIL_LIMITS.searchMaxWords) {
    throw new AppError(
      'MAIL_BAD_REQUEST',
      `q may hold at most ${MAIL_LIMITS.searchMaxWords} words.`,
    );
  }
  const mailbox = Buffer.from(email, 'utf8').toString('hex').toUpperCase();
  const terms = words.map((word) => `"${word}"`).join(' AND ');
  return `mailbox : "${mailbox}" AND ${SEARCHED} : (${terms})`;
}

/** `q` as given: blank is a 400 (REST checks the same in mail-request.ts). */
export function requireSearchText(q: string): string {
  if (q.trim() === '') throw new AppError('MAIL_BAD_REQUEST', 'q must not be empty.');
  return q;
}
