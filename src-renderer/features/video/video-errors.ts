import type { ApiError, Task } from '../../api/client.ts';
import type { MessageKey, Translate } from '../../i18n/i18n.ts';

const LINK_ERRORS: Record<string, MessageKey> = {
  link_missing: 'video.error.linkMissing',
  link_multiple: 'video.error.linkMultiple',
  platform_unsupported: 'video.error.platformUnsupported',
  not_single_video: 'video.error.notSingleVideo',
  string_too_long: 'video.error.tooLong',
  string_too_short: 'video.error.linkMissing',
};

/** Why a share text was not accepted, in the UI's language. */
export function describeSubmitError(err: ApiError, t: Translate): string {
  const wait = err.extra.retryAfterSeconds ?? 60;
  switch (err.kind) {
    case 'validation': {
      const key = LINK_ERRORS[err.extra.validation?.[0]?.type ?? ''];
      return key ? t(key) : err.message;
    }
    case 'rate_limited':
      return /slot/i.test(err.message)
        ? t('video.error.slotsFull', { seconds: wait })
        : t('video.error.rateLimited', { seconds: wait });
    case 'no_space':
      return t('video.error.noSpace');
    case 'network':
      return t('error.network');
    default:
      return err.message;
  }
}

const FAILURES: Record<NonNullable<Task['error_code']>, MessageKey> = {
  unavailable: 'video.fail.unavailable',
  region_blocked: 'video.fail.region_blocked',
  login_required: 'video.fail.login_required',
  blocked_by_platform: 'video.fail.blocked_by_platform',
  not_single_video: 'video.fail.not_single_video',
  too_large: 'video.fail.too_large',
  timeout: 'video.fail.timeout',
  network: 'video.fail.network',
  upstream_error: 'video.fail.upstream_error',
  unsupported: 'video.fail.unsupported',
  interrupted: 'video.fail.interrupted',
  disk_full: 'video.fail.disk_full',
};

/** A short headline for a failed task; the server's own sentence goes beneath it. */
export function failureHeadline(task: Task, t: Translate): string {
  return task.error_code ? t(FAILURES[task.error_code]) : t('video.fail.generic');
}
