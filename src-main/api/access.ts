import type { RouteName } from '../../src-shared/api/routes.ts';
import { AppError } from '../core/app-error.ts';
import type { ApiKeyStore, KeyCheck } from '../mail/access/key-store.ts';

/**
 * Where a call comes from: this computer (loopback), another device on the LAN, or the
 * desktop app's own window (IPC, whose sender check in electron/ lets only that frame in).
 */
export type Origin = 'local' | 'lan' | 'window';

/** Who calls: where from, and the API key presented. */
export interface Caller {
  origin: Origin;
  key: string | null;
  /** More than one key was presented, or the same header twice: refused, never picked from. */
  conflict?: boolean;
}

/** What a route asks of its caller. */
export type Access =
  /** Anyone who reached the server (the video API, GET /api/info, sign-in exchange). */
  | { kind: 'public' }
  /** A valid API key, from anywhere (the mail API). */
  | { kind: 'key' }
  /** This computer (403 first), then a valid API key: what changes this computer's setup. */
  | { kind: 'local-key'; refusal: string };

const PUBLIC: Access = { kind: 'public' };
const KEY: Access = { kind: 'key' };
const local = (refusal: string): Access => ({ kind: 'local-key', refusal });
const SETTINGS = local(
  'Settings and API keys can only be changed on the computer running Ephemera.',
);
const WEBHOOKS = local('Webhooks can only be changed on the computer running Ephemera.');
const SOURCES = local('Mail sources can only be changed on the computer running Ephemera.');
const SIGN_IN_CODES = local('Sign-in codes can only be made on the computer running Ephemera.');

/** The one authorization table: both carriers ask it (docs/API.md "Authentication"). */
export const ROUTE_ACCESS: Record<RouteName, Access> = {
  health: PUBLIC,
  capacity: PUBLIC,
  taskCreate: PUBLIC,
  taskGet: PUBLIC,
  taskCancel: PUBLIC,
  taskDownload: PUBLIC,
  taskPreview: PUBLIC,
  taskCover: PUBLIC,
  taskDiagnostics: PUBLIC,
  mailGenerate: KEY,
  mailGenerateBatch: KEY,
  mailboxLease: KEY,
  mailboxExtend: KEY,
  mailboxReuse: KEY,
  mailList: KEY,
  mailEmpty: KEY,
  mailGet: KEY,
  mailDelete: KEY,
  mailSetRead: KEY,
  mailRaw: KEY,
  mailAttachment: KEY,
  mailBulk: KEY,
  mailStream: KEY,
  mailReadAll: KEY,
  info: PUBLIC,
  settingsGet: SETTINGS,
  settingsUpdate: SETTINGS,
  settingsMx: SETTINGS,
  keyList: SETTINGS,
  keyCreate: SETTINGS,
  keyDisable: SETTINGS,
  keyEnable: SETTINGS,
  keyDelete: SETTINGS,
  webhookList: WEBHOOKS,
  webhookCreate: WEBHOOKS,
  webhookDelete: WEBHOOKS,
  webhookDeliveries: WEBHOOKS,
  webhookTest: WEBHOOKS,
  sourceList: SOURCES,
  sourceCreate: SOURCES,
  sourceUpdate: SOURCES,
  sourceDelete: SOURCES,
  sourceTest: SOURCES,
  sourceAuthorize: SOURCES,
  sourceAuthorizeCancel: SOURCES,
  signInCodeCreate: SIGN_IN_CODES,
  signInCheck: PUBLIC,
  signIn: PUBLIC,
};

const KEY_MESSAGES: Record<Exclude<KeyCheck, 'ok'> | 'conflict', string> = {
  missing:
    'An API key is required: send it as "X-API-Key: <key>" or "Authorization: Bearer <key>".',
  invalid: 'The API key is not valid.',
  disabled: 'The API key has been disabled.',
  conflict:
    'Send the API key once: this request carries X-API-Key (or Authorization, or api_key) more than once, or two different keys.',
};

/** A caller let in: the id of the key it used (null where none was needed). */
export interface Granted {
  keyId: number | null;
}

/**
 * The authorization decision, the same for both carriers: public routes let anyone in; the
 * desktop window needs no key (main trusts its own window); a `local-key` route refuses the
 * LAN with 403 before looking at any key; then the key must be one, known and enabled (401).
 */
export function authorize(
  access: Access,
  caller: Caller,
  keys: Pick<ApiKeyStore, 'identify'>,
): Granted {
  if (access.kind === 'public' || caller.origin === 'window') return { keyId: null };
  if (access.kind === 'local-key' && caller.origin !== 'local') {
    throw new AppError('SETTINGS_LOCAL_ONLY', access.refusal);
  }
  const identity = caller.conflict ? 'conflict' : keys.identify(caller.key);
  if (typeof identity === 'object') return { keyId: identity.id };
  throw new AppError('MAIL_AUTH_FAILED', KEY_MESSAGES[identity]);
}
