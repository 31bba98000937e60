import type { ValidationItem } from '../../src-shared/api/errors.ts';

/** What went wrong, in terms the UI can act on (the HTTP status is kept for details). */
export type ApiErrorKind =
  | 'network'
  | 'auth'
  | 'forbidden'
  | 'not_found'
  | 'gone'
  | 'conflict'
  | 'validation'
  | 'bad_request'
  | 'rate_limited'
  | 'no_space'
  | 'unavailable'
  | 'unsupported'
  | 'server';

/** The one error type every api call rejects with. `message` is a sentence for a person. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status: number | null = null,
    readonly extra: { validation?: ValidationItem[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }
}

/** Maps an HTTP status to the kind of failure. */
export function kindForStatus(status: number): ApiErrorKind {
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 410) return 'gone';
  if (status === 409) return 'conflict';
  if (status === 422) return 'validation';
  if (status === 429) return 'rate_limited';
  if (status === 507) return 'no_space';
  if (status === 503) return 'unavailable';
  if (status === 501) return 'unsupported';
  if (status >= 400 && status < 500) return 'bad_request';
  return 'server';
}

/** Any thrown value as an ApiError (a bug in the UI becomes a 'server'-kind error). */
export function asApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  return new ApiError('server', err instanceof Error ? err.message : String(err));
}
