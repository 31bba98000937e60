import type { ErrorCode } from '../../src-shared/errors/codes.ts';
import type { IpcErrorCode } from '../../src-shared/ipc/result.ts';
import { matchRoute, type RouteName } from '../../src-shared/api/routes.ts';

/**
 * Why a call failed, as a code the UI translates at render time. The server's codes (the IPC
 * transport receives them as they are), plus what only the renderer can tell: the server was
 * not reached, no key was entered, and a refused mail search.
 */
export type UiErrorCode = ErrorCode | IpcErrorCode | 'NETWORK' | 'KEY_MISSING' | 'SEARCH_INVALID';

/** What the REST code mapping looks at: the request and the status and headers of its answer. */
export interface FailedRequest {
  method: string;
  /** The path with its query, as the route table's `url()` built it. */
  path: string;
  status: number;
  headers: { get(name: string): string | null };
}

/** Route groups whose statuses mean one thing each (docs/ui.md, "Error codes"). */
const TASK_ROUTES: ReadonlySet<RouteName> = new Set([
  'taskCreate',
  'taskGet',
  'taskCancel',
  'taskDownload',
  'taskPreview',
  'taskCover',
  'taskDiagnostics',
]);
const SETTINGS_ROUTES: ReadonlySet<RouteName> = new Set([
  'settingsGet',
  'settingsUpdate',
  'settingsMx',
  'keyList',
  'keyCreate',
  'keyDisable',
  'keyDelete',
  'keyEnable',
]);
const WEBHOOK_ROUTES: ReadonlySet<RouteName> = new Set([
  'webhookList',
  'webhookCreate',
  'webhookDelete',
  'webhookDeliveries',
  'webhookTest',
]);
const MAILBOX_ROUTES: ReadonlySet<RouteName> = new Set([
  'mailboxLease',
  'mailboxExtend',
  'mailboxReuse',
  'mailReadAll',
]);
const MAIL_ITEM_ROUTES: ReadonlySet<RouteName> = new Set([
  'mailGet',
  'mailDelete',
  'mailSetRead',
  'mailRaw',
  'mailAttachment',
]);

/**
 * The one place a REST error becomes a code. REST error bodies are `{detail: "<sentence>"}`
 * without a code, so the code follows from the status and the route of the table that was
 * called (docs/ui.md, "Error codes"); null when they do not tell, and the server's sentence is
 * shown instead.
 */
export function codeForResponse(req: FailedRequest): UiErrorCode | null {
  const { status, path } = req;
  if (status === 422) return 'VALIDATION_FAILED';
  if (status === 413) return 'BODY_TOO_LARGE';
  if (status === 401) return 'MAIL_AUTH_FAILED';
  if (status === 507) return 'DISK_FULL';
  const route = matchRoute(req.method, path);
  if (status === 429) {
    // The rate limiter's answers say no request is left; a full slot table leaves some.
    const remaining = req.headers.get('x-ratelimit-remaining');
    return route === 'taskCreate' && remaining !== '0' ? 'SLOTS_FULL' : 'RATE_LIMITED';
  }
  if (route === null) return null;
  if (SETTINGS_ROUTES.has(route)) {
    if (status === 403) return 'SETTINGS_LOCAL_ONLY';
    if (status === 400) return 'SETTINGS_INVALID';
    if (
      status === 404 &&
      (route === 'keyDisable' || route === 'keyDelete' || route === 'keyEnable')
    )
      return 'KEY_NOT_FOUND';
    return null;
  }
  if (WEBHOOK_ROUTES.has(route)) {
    if (status === 403) return 'SETTINGS_LOCAL_ONLY';
    if (status === 400) return 'SETTINGS_INVALID';
    if (status === 404) return 'WEBHOOK_NOT_FOUND';
    if (status === 409) return route === 'webhookTest' ? 'WEBHOOK_QUEUE_FULL' : 'WEBHOOK_LIMIT';
    return null;
  }
  if (TASK_ROUTES.has(route)) {
    if (status === 410) return 'TASK_GONE';
    if (status === 409) return 'TASK_NOT_READY';
    return null;
  }
  if (route === 'mailboxExtend' && status === 400) return 'MAIL_EXTENSION_LIMIT';
  if (MAILBOX_ROUTES.has(route) && status === 404) return 'MAILBOX_NOT_FOUND';
  if (status === 503 && (route === 'mailGenerate' || route === 'mailGenerateBatch')) {
    return 'MAIL_NO_DOMAIN';
  }
  if (MAIL_ITEM_ROUTES.has(route) && status === 404) return 'MAIL_NOT_FOUND';
  if (route === 'mailList' && status === 400 && /[?&]q=/.test(path)) return 'SEARCH_INVALID';
  return null;
}
