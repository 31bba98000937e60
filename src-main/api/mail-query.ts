import { MAIL_LIMITS } from '../../src-shared/mail/limits.ts';
import { MailReadRequestSchema } from '../../src-shared/mail/schemas.ts';
import { AppError } from '../core/app-error.ts';
import { checkInteger, checkReadQuery, type ReadQuery } from '../mail/read/read-query.ts';

/** A request's query as a carrier hands it over: strings, repeated names as arrays. */
export type Query = Record<string, string | string[] | undefined>;

/**
 * A query parameter as an integer written in plain digits (a leading `-` allowed, so a negative
 * value gets its range message); absent stays undefined. `+5`, ` 5`, `5.0`, `5e0` and a repeated
 * parameter are 400s: one spelling per number, whatever a client's URL encoder does.
 */
function integerParam(query: Query, name: string): number | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^-?\d{1,16}$/.test(raw)) {
    throw new AppError('MAIL_BAD_REQUEST', `${name} must be an integer in plain digits, e.g. 5.`);
  }
  return Number(raw);
}

/**
 * `?domain=` of GET /api/generate and POST /api/generate/batch: once, not empty (whether the
 * pool has it is the lease service's check, 400 MAIL_DOMAIN_UNSUPPORTED).
 */
export function parseDomainParam(query: Query): string | undefined {
  const raw = query.domain;
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || raw.trim() === '' || raw.length > 320) {
    throw new AppError('MAIL_BAD_REQUEST', 'domain must be one of the mail domains, given once.');
  }
  return raw;
}

/** `?after_id=&limit=` of GET /api/emails/{email}. */
export function parseReadQuery(query: Query): ReadQuery {
  return checkReadQuery(integerParam(query, 'after_id'), integerParam(query, 'limit'));
}

/** The `{id}` of GET /api/emails/{email}/{id}: a positive integer, else 400. */
export function parseMailId(raw: string): number {
  if (!/^\d{1,16}$/.test(raw))
    throw new AppError('MAIL_BAD_REQUEST', 'The mail id must be an integer.');
  return checkInteger('id', Number(raw), 0, 1, Number.MAX_SAFE_INTEGER);
}

/** `?wait=S` (0–30 s, fractions allowed) → milliseconds. */
export function parseWaitMs(query: Query): number {
  const raw = query.wait;
  if (raw === undefined || raw === '') return 0;
  const seconds = typeof raw === 'string' ? Number(raw) : Number.NaN;
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > MAIL_LIMITS.maxWaitSeconds) {
    throw new AppError(
      'MAIL_BAD_REQUEST',
      `wait must be a number of seconds from 0 to ${MAIL_LIMITS.maxWaitSeconds}.`,
    );
  }
  return Math.round(seconds * 1000);
}

/** `?count=N` of POST /api/generate/batch: required, 1–100. */
export function parseBatchCount(query: Query): number {
  const count = integerParam(query, 'count');
  if (count === undefined) throw new AppError('MAIL_BAD_REQUEST', 'count is required.');
  return checkInteger('count', count, 0, MAIL_LIMITS.batchMin, MAIL_LIMITS.batchMax);
}

/** `?after_id=` of the WebSocket: absent means live mails only. */
export function parseStreamAfterId(query: Query): number | null {
  const afterId = integerParam(query, 'after_id');
  return afterId === undefined ? null : checkReadQuery(afterId, undefined).afterId;
}

/** Body of POST /api/emails/bulk: `{items: [...]}`; the items are checked one by one later. */
export function parseBulkBody(body: unknown): unknown[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('MAIL_BAD_REQUEST', 'The body must be a JSON object with "items".');
  }
  const items = (body as { items?: unknown }).items;
  if (!Array.isArray(items)) {
    throw new AppError('MAIL_BAD_REQUEST', '"items" must be an array of {email, after_id, limit}.');
  }
  return items;
}

/**
 * `?q=` of GET /api/emails/{email}: absent is a plain listing (undefined); given, it must be
 * one non-blank value (mail/store/search-query.ts checks its words).
 */
export function parseSearchQuery(query: Query): string | undefined {
  const raw = query.q;
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw new AppError('MAIL_BAD_REQUEST', 'Send q once.');
  return requireSearchText(raw);
}

/** Body of POST /api/emails/{email}/{id}/read: `{"read": true}` or `{"read": false}`. */
export function parseReadBody(body: unknown): boolean {
  const parsed = MailReadRequestSchema.safeParse(body);
  if (!parsed.success) {
    throw new AppError('MAIL_BAD_REQUEST', 'The body must be {"read": true} or {"read": false}.');
  }
  return parsed.data.read;
}

/** `q` as given: blank is a 400. */
export function requireSearchText(q: string): string {
  if (q.trim() === '') throw new AppError('MAIL_BAD_REQUEST', 'q must not be empty.');
  return q;
}
