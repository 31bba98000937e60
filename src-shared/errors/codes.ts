/**
 * Every error the HTTP API answers with, and its status. Codes are never renamed or reused;
 * docs/API.md lists them with the situations that raise them.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 422,
  BODY_TOO_LARGE: 413,
  TASK_NOT_READY: 409,
  TASK_FAILED: 409,
  TASK_GONE: 410,
  SLOTS_FULL: 429,
  RATE_LIMITED: 429,
  DISK_FULL: 507,
  NOT_FOUND: 404,
  INTERNAL: 500,
  /** Mail endpoints answer bad input with 400 and a sentence, not 422 (docs/API.md). */
  MAIL_BAD_REQUEST: 400,
  MAIL_ADDRESS_INVALID: 400,
  MAIL_DOMAIN_UNSUPPORTED: 400,
  MAIL_EXTENSION_LIMIT: 400,
  MAIL_AUTH_FAILED: 401,
  MAILBOX_NOT_FOUND: 404,
  /** GET /api/emails/{email}/{id}: no mail with this id in this mailbox (or swept). */
  MAIL_NOT_FOUND: 404,
  MAIL_NO_DOMAIN: 503,
  /** Settings and key management: a value the app cannot use, with a sentence saying why. */
  SETTINGS_INVALID: 400,
  /** Settings and keys are changed only from the computer running Ephemera. */
  SETTINGS_LOCAL_ONLY: 403,
  /** A flag or variable fixed this setting for the run. */
  SETTING_LOCKED: 409,
  /** The listeners could not move for LAN sharing (a port taken on another interface). */
  LAN_UNAVAILABLE: 409,
  KEY_NOT_FOUND: 404,
  /** No Host header, or one that is not a host (http/host-guard.ts). */
  HOST_MISSING: 400,
  /** A Host that is not this machine's or one the user allowed (DNS rebinding). */
  HOST_NOT_ALLOWED: 403,
  /** A browser request from another site that would change something (http/origin-guard.ts). */
  CROSS_ORIGIN: 403,
  /** Desktop only: the chosen file could not be written. */
  SAVE_FAILED: 500,
  /** Webhooks (docs/API.md "Webhooks"): no endpoint with this id. */
  WEBHOOK_NOT_FOUND: 404,
  /** Webhooks: WEBHOOK_LIMITS.maxEndpoints endpoints exist already. */
  WEBHOOK_LIMIT: 409,
  /** Webhooks: WEBHOOK_LIMITS.maxPendingPerEndpoint events wait already (POST …/test). */
  WEBHOOK_QUEUE_FULL: 409,
  /** Mail sources (issue 18); a bad field is SETTINGS_INVALID with a `source_*` reason. */
  SOURCE_NOT_FOUND: 404,
  /** POST /api/sources/{id}/authorize: the provider refused to start a sign-in, or was down. */
  SOURCE_PROVIDER_FAILED: 502,
  /** A sign-in or pairing code that is unknown, used or expired (src-shared/api/sign-in.ts). */
  SIGN_IN_CODE_INVALID: 404,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Why a value was refused with SETTINGS_INVALID: sent as `reason` beside `detail` (and in an
 * IPC error), so a client can say it in its own language; `detail` stays the sentence.
 */
export const SETTINGS_INVALID_REASONS = [
  'ports_same',
  'port_invalid',
  'proxy_invalid',
  'data_dir_unusable',
  'domain_invalid',
  'host_invalid',
  'key_name_invalid',
  'key_id_invalid',
  'value_invalid',
  'webhook_url_invalid',
  'webhook_description_invalid',
  'webhook_id_invalid',
  // Mail sources (POST/PATCH /api/sources).
  'source_host_invalid',
  'source_port_invalid',
  'source_tls_invalid',
  'source_plain_needs_loopback',
  'source_username_invalid',
  'source_password_invalid',
  /** PATCH moves host, port, TLS or user name without the password (it stays where it was). */
  'source_password_required',
  'source_mailbox_invalid',
  'source_after_ingest_invalid',
  'source_kind_invalid',
  /** The `oauth` object of an OAuth source (issue 34): a bad flow, endpoint or scope. */
  'source_oauth_invalid',
  /** Neither the body nor this build's release configuration gives an OAuth client id. */
  'source_client_id_required',
  /** POST /api/sources/{id}/authorize on a source that signs in with a password. */
  'source_not_oauth',
  // Ports that cannot work (PATCH /api/settings; src-shared/settings/ports.ts).
  'http_port_blocked',
  'smtp_port_reserved',
] as const;

export type SettingsInvalidReason = (typeof SETTINGS_INVALID_REASONS)[number];

export function isSettingsInvalidReason(value: unknown): value is SettingsInvalidReason {
  return (SETTINGS_INVALID_REASONS as readonly unknown[]).includes(value);
}
