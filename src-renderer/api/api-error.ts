import type { ValidationItem } from '../../src-shared/api/errors.ts';
import type { SettingsInvalidReason } from '../../src-shared/errors/codes.ts';
import type { UiErrorCode } from './error-codes.ts';

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

export interface ApiErrorExtra {
  /** What the UI translates (i18n/error-text.ts); null when nothing tells the cause. */
  code?: UiErrorCode | null;
  validation?: ValidationItem[];
  retryAfterSeconds?: number;
  /** SETTINGS_INVALID: the rule the value broke (the body's or IPC error's `reason`). */
  reason?: SettingsInvalidReason;
}

/**
 * The one error type every api call rejects with. `code` (with `extra`) is what the UI shows,
 * translated when it is rendered; `message` is the server's own sentence, shown only for an
 * unknown code and otherwise kept as a detail.
 */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status: number | null = null,
    readonly extra: ApiErrorExtra = {},
  ) {
    super(message);
  }

  get code(): UiErrorCode | null {
    return this.extra.code ?? null;
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
