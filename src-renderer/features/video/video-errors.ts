import type { Task } from '../../api/client.ts';
import type { MessageKey, Translate } from '../../i18n/i18n.ts';

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

const FAILURE_DETAILS: Record<NonNullable<Task['error_code']>, MessageKey> = {
  unavailable: 'video.failDetail.unavailable',
  region_blocked: 'video.failDetail.region_blocked',
  login_required: 'video.failDetail.login_required',
  blocked_by_platform: 'video.failDetail.blocked_by_platform',
  not_single_video: 'video.failDetail.not_single_video',
  too_large: 'video.failDetail.too_large',
  timeout: 'video.failDetail.timeout',
  network: 'video.failDetail.network',
  upstream_error: 'video.failDetail.upstream_error',
  unsupported: 'video.failDetail.unsupported',
  interrupted: 'video.failDetail.interrupted',
  disk_full: 'video.failDetail.disk_full',
};

/** A short headline for a failed task, from its `error_code`. */
export function failureHeadline(task: Task, t: Translate): string {
  const key = task.error_code ? FAILURES[task.error_code] : undefined;
  return key ? t(key) : t('video.fail.generic');
}

/**
 * The sentence under the headline, in the UI's language when the code is known (the server's
 * English sentence then goes to a tooltip); the server's sentence for a task without a code.
 */
export function failureDetail(task: Task, t: Translate): { text: string | null; tip?: string } {
  const key = task.error_code ? FAILURE_DETAILS[task.error_code] : undefined;
  if (!key) return { text: task.error };
  return { text: t(key), tip: task.error ?? undefined };
}
