import type { ApiError } from '../api/api-error.ts';
import type { SettingsInvalidReason } from '../../src-shared/errors/codes.ts';
import type { UiErrorCode } from '../api/error-codes.ts';
import type { MessageKey, Translate } from './i18n.ts';

/** What the UI says for each code; a code not listed shows the server's sentence. */
const CODE_TEXT: Partial<Record<UiErrorCode, MessageKey>> = {
  NETWORK: 'error.network',
  UNAVAILABLE: 'error.code.UNAVAILABLE',
  KEY_MISSING: 'error.code.KEY_MISSING',
  MAIL_AUTH_FAILED: 'key.invalid',
  BODY_TOO_LARGE: 'error.code.BODY_TOO_LARGE',
  SLOTS_FULL: 'video.error.slotsFull',
  RATE_LIMITED: 'video.error.rateLimited',
  DISK_FULL: 'video.error.noSpace',
  TASK_GONE: 'error.code.TASK_GONE',
  TASK_NOT_READY: 'error.code.TASK_NOT_READY',
  TASK_FAILED: 'error.code.TASK_FAILED',
  MAIL_EXTENSION_LIMIT: 'mail.extendLimit',
  MAILBOX_NOT_FOUND: 'error.code.MAILBOX_NOT_FOUND',
  MAIL_NOT_FOUND: 'error.code.MAIL_NOT_FOUND',
  MAIL_NO_DOMAIN: 'error.code.MAIL_NO_DOMAIN',
  MAIL_DOMAIN_UNSUPPORTED: 'error.code.MAIL_DOMAIN_UNSUPPORTED',
  MAIL_ADDRESS_INVALID: 'error.code.MAIL_ADDRESS_INVALID',
  SEARCH_INVALID: 'error.code.SEARCH_INVALID',
  SETTINGS_LOCAL_ONLY: 'settings.error.forbidden',
  SETTING_LOCKED: 'error.code.SETTING_LOCKED',
  LAN_UNAVAILABLE: 'error.code.LAN_UNAVAILABLE',
  KEY_NOT_FOUND: 'error.code.KEY_NOT_FOUND',
  HOST_NOT_ALLOWED: 'error.code.HOST_NOT_ALLOWED',
  CROSS_ORIGIN: 'error.code.CROSS_ORIGIN',
  SAVE_FAILED: 'error.code.SAVE_FAILED',
  WEBHOOK_NOT_FOUND: 'webhooks.error.notFound',
  WEBHOOK_LIMIT: 'webhooks.error.limit',
  SOURCE_NOT_FOUND: 'error.code.SOURCE_NOT_FOUND',
  SOURCE_PROVIDER_FAILED: 'error.code.SOURCE_PROVIDER_FAILED',
  FORBIDDEN_SENDER: 'error.code.INTERNAL',
  UNKNOWN_CHANNEL: 'error.code.INTERNAL',
  INTERNAL: 'error.code.INTERNAL',
};

/** Why a settings value was refused (SETTINGS_INVALID's `reason`). */
const SETTINGS_REASON_TEXT: Record<SettingsInvalidReason, MessageKey> = {
  ports_same: 'error.settings.ports_same',
  port_invalid: 'error.settings.port_invalid',
  proxy_invalid: 'error.settings.proxy_invalid',
  data_dir_unusable: 'error.settings.data_dir_unusable',
  domain_invalid: 'error.settings.domain_invalid',
  host_invalid: 'error.settings.host_invalid',
  key_name_invalid: 'error.settings.key_name_invalid',
  key_id_invalid: 'error.settings.key_id_invalid',
  value_invalid: 'error.settings.value_invalid',
  webhook_url_invalid: 'webhooks.error.url',
  webhook_description_invalid: 'webhooks.error.description',
  webhook_id_invalid: 'webhooks.error.notFound',
  source_host_invalid: 'error.settings.source_host_invalid',
  source_port_invalid: 'error.settings.source_port_invalid',
  source_tls_invalid: 'error.settings.source_tls_invalid',
  source_plain_needs_loopback: 'error.settings.source_plain_needs_loopback',
  source_username_invalid: 'error.settings.source_username_invalid',
  source_password_invalid: 'error.settings.source_password_invalid',
  source_password_required: 'error.settings.source_password_required',
  source_mailbox_invalid: 'error.settings.source_mailbox_invalid',
  source_after_ingest_invalid: 'error.settings.source_after_ingest_invalid',
  source_kind_invalid: 'error.settings.source_kind_invalid',
  source_oauth_invalid: 'error.settings.source_oauth_invalid',
  source_client_id_required: 'error.settings.source_client_id_required',
  source_not_oauth: 'error.settings.source_not_oauth',
  http_port_blocked: 'error.settings.http_port_blocked',
  smtp_port_reserved: 'error.settings.smtp_port_reserved',
};

/** The `type` of a 422 item (pydantic's, or the share text's link checks) as a sentence. */
const VALIDATION_TEXT: Record<string, MessageKey> = {
  link_missing: 'video.error.linkMissing',
  link_multiple: 'video.error.linkMultiple',
  platform_unsupported: 'video.error.platformUnsupported',
  not_single_video: 'video.error.notSingleVideo',
  string_too_long: 'video.error.tooLong',
  string_too_short: 'video.error.linkMissing',
  missing: 'error.validation.missing',
  string_type: 'error.validation.type',
};

/**
 * An error in the UI's language, from its code (never from the server's sentence, which is
 * shown only when the code is unknown). Called while rendering, so a language switch re-renders
 * errors already on screen.
 */
export function describeError(err: ApiError, t: Translate): string {
  const seconds = err.extra.retryAfterSeconds ?? 60;
  if (err.code === 'VALIDATION_FAILED' || err.extra.validation) {
    const key = VALIDATION_TEXT[err.extra.validation?.[0]?.type ?? ''];
    return key ? t(key) : err.message;
  }
  if (err.code === 'SETTINGS_INVALID' && err.extra.reason) {
    return t(SETTINGS_REASON_TEXT[err.extra.reason]);
  }
  const key = err.code ? CODE_TEXT[err.code] : undefined;
  return key ? t(key, { seconds }) : err.message;
}

/** The server's own sentence, when the shown text came from the code (for a tooltip). */
export function errorDetail(err: ApiError, t: Translate): string | undefined {
  const shown = describeError(err, t);
  return shown === err.message ? undefined : err.message;
}
