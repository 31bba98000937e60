import { MAIL_LIMITS } from '../../../src-shared/mail/limits.ts';
import { AppError } from '../../core/app-error.ts';
import { queryTerms } from './search/search-terms.ts';

/** Runs of letters and digits: the words unicode61 (the index's tokenizer) would make. */
const WORD = /[\p{L}\p{N}]+/gu;

/** The columns a plain word is looked for in (not `mailbox`, the index's own key). */
const SEARCHED = '{from_address from_name subject text}';
/** The columns of `from:` and `subject:`. */
const FIELD_COLUMNS = { from: '{from_address from_name}', subject: '{subject}' } as const;

/**
 * `from:acme`, `subject:invoice`, `has:attachment`, `is:unread`, `is:read` (operator names and
 * the has/is values in any case). Anything else with a colon is plain words, as before.
 */
const OPERATOR = /^(from|subject|has|is):(.*)$/i;

/** A search of one mailbox, as `?q=` asked for it. */
export interface SearchQuery {
  /** Words to find anywhere (sender, sender name, subject, text). */
  words: string[];
  /** Words the sender (address or name) must hold. */
  from: string[];
  /** Words the subject must hold. */
  subject: string[];
  hasAttachment: boolean;
  /** true: only unread; false: only read; null: either. */
  unread: boolean | null;
}

/**
 * Reads `?q=`: whitespace-separated parts, each an operator (above) or plain text. The text of
 * every part is cut into words, so `"`, `*`, `-`, `NEAR`, `AND`, an unknown `name:` … are plain
 * words and no input can make an FTS5 syntax error. Text without a letter or digit, or longer
 * than the limits, is a 400; `is:unread` alone is a search (every unread mail).
 */
export function parseSearch(q: string): SearchQuery {
  if (q.length > MAIL_LIMITS.searchMaxChars) {
    throw new AppError(
      'MAIL_BAD_REQUEST',
      `q must be at most ${MAIL_LIMITS.searchMaxChars} characters.`,
    );
  }
  const query: SearchQuery = {
    words: [],
    from: [],
    subject: [],
    hasAttachment: false,
    unread: null,
  };
  let filters = 0;
  for (const part of q.split(/\s+/)) {
    const operator = OPERATOR.exec(part);
    const name = operator?.[1]?.toLowerCase();
    const value = operator?.[2] ?? '';
    if (name === 'has' && /^attachments?$/i.test(value)) {
      query.hasAttachment = true;
      filters += 1;
    } else if (name === 'is' && /^(unread|read)$/i.test(value)) {
      query.unread = value.toLowerCase() === 'unread';
      filters += 1;
    } else if ((name === 'from' || name === 'subject') && value !== '') {
      query[name].push(...(value.match(WORD) ?? []));
    } else {
      query.words.push(...(part.match(WORD) ?? []));
    }
  }
  const count = query.words.length + query.from.length + query.subject.length;
  if (count === 0 && filters === 0) {
    throw new AppError('MAIL_BAD_REQUEST', 'q must contain at least one letter or digit.');
  }
  if (count > MAIL_LIMITS.searchMaxWords) {
    throw new AppError(
      'MAIL_BAD_REQUEST',
      `q may hold at most ${MAIL_LIMITS.searchMaxWords} words.`,
    );
  }
  return query;
}

/**
 * The FTS5 expression for the words of `query` within one mailbox, or null when it has none
 * (only `has:` / `is:` filters, which are columns of mail_messages, not of the index). Every
 * word must occur, whole (case and accents ignored; Chinese, Japanese and Korean as any part of
 * a run, search/search-terms.ts), in its columns; the mailbox's hex token
 * narrows the walk to its mails (see 004-mail-control.ts).
 */
export function searchExpression(email: string, query: SearchQuery): string | null {
  const terms = (words: string[]): string => words.map(queryTerms).join(' AND ');
  const parts: string[] = [];
  if (query.words.length > 0) parts.push(`${SEARCHED} : (${terms(query.words)})`);
  if (query.from.length > 0) parts.push(`${FIELD_COLUMNS.from} : (${terms(query.from)})`);
  if (query.subject.length > 0) {
    parts.push(`${FIELD_COLUMNS.subject} : (${terms(query.subject)})`);
  }
  if (parts.length === 0) return null;
  const mailbox = Buffer.from(email, 'utf8').toString('hex').toUpperCase();
  return [`mailbox : "${mailbox}"`, ...parts].join(' AND ');
}
