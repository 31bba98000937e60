import { MAIL_LIMITS } from '../../../src-shared/mail/limits.ts';
import { AppError } from '../../core/app-error.ts';

/** Which mails of one mailbox a read asks for. */
export interface ReadQuery {
  afterId: number;
  limit: number;
}

/**
 * Checks `after_id` and `limit` as numbers (a query string or a bulk item); absent values take
 * their defaults. Anything else is a 400 that names the parameter.
 */
export function checkReadQuery(afterId: unknown, limit: unknown): ReadQuery {
  return {
    afterId: checkInteger('after_id', afterId, 0, 0, Number.MAX_SAFE_INTEGER),
    limit: checkInteger('limit', limit, MAIL_LIMITS.listDefault, 1, MAIL_LIMITS.listMax),
  };
}

export function checkInteger(
  name: string,
  value: unknown,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new AppError('MAIL_BAD_REQUEST', `${name} must be an integer.`);
  }
  if (value < min || value > max) {
    throw new AppError('MAIL_BAD_REQUEST', `${name} must be from ${min} to ${max}.`);
  }
  return value;
}
