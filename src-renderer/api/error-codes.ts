import type { ErrorCode } from '../../src-shared/errors/codes.ts';
import type { IpcErrorCode } from '../../src-shared/ipc/result.ts';

/**
 * Why a call failed, as a code the UI translates at render time. The server's codes (the IPC
 * transport receives them as they are), plus what only the renderer can tell: the server was
 * not reached, no key was entered, and a refused mail search.
 */
export type UiErrorCode = ErrorCode | IpcErrorCode | 'NETWORK' | 'KEY_MISSING' | 'SEARCH_INVALID';

/** What the REST code mapping looks at: the request and the status and headers of its answer. */
export interface FailedRequest {
  method: string;
  /** The path with its query, e.g. `/api/emails/a%40b.c?q=x`. */
  path: string;
  status: number;
  headers: { get(name: string): string | null };
}

const MAILBOX_ACTION = /^\/api\/mailboxes\/[^/?]+\/(extend|reuse|lease)(?:\?|$)/;
const MAIL_LIST = /^\/api\/emails\/[^/?]+\?/;
const MAIL_ITEM = /^\/api\/emails\/[^/?]+\/\d+/;
const SETTINGS = /^\/api\/(settings|keys)(?:[/?]|$)/;
const TASKS = /^\/api\/tasks(?:[/?]|$)/;

/**
 * The one place a REST error becomes a code. REST error bodies are `{detail: "<sentence>"}`
 * without a code, so the code follows from the status and the route (docs/ui.md, "Error
 * codes"); null when they do not tell, and the server's sentence is shown instead.
 */
export function codeForResponse(req: FailedRequest): UiErrorCode | null {
  const { status, path } = req;
  if (status === 422) return 'VALIDATION_FAILED';
  if (status === 413) return 'BODY_TOO_LARGE';
  if (status === 401) return 'MAIL_AUTH_FAILED';
  if (status === 507) return 'DISK_FULL';
  if (status === 429) {
    // The rate limiter's answers say no request is left; a full slot table leaves some.
    const remaining = req.headers.get('x-ratelimit-remaining');
    return TASKS.test(path) && req.method === 'POST' && remaining !== '0'
      ? 'SLOTS_FULL'
      : 'RATE_LIMITED';
  }
  if (SETTINGS.test(path)) {
    if (status === 403) return 'SETTINGS_LOCAL_ONLY';
    if (status === 400) return 'SETTINGS_INVALID';
    if (status === 404 && path.startsWith('/api/keys/')) return 'KEY_NOT_FOUND';
    return null;
  }
  if (TASKS.test(path)) {
    if (status === 410) return 'TASK_GONE';
    if (status === 409) return 'TASK_NOT_READY';
    return null;
  }
  const action = MAILBOX_ACTION.exec(path)?.[1];
  if (action === 'extend' && status === 400) return 'MAIL_EXTENSION_LIMIT';
  if (action && status === 404) return 'MAILBOX_NOT_FOUND';
  if (status === 503 && path.startsWith('/api/generate')) return 'MAIL_NO_DOMAIN';
  if (MAIL_ITEM.test(path) && status === 404) return 'MAIL_NOT_FOUND';
  if (MAIL_LIST.test(path) && status === 400 && /[?&]q=/.test(path)) return 'SEARCH_INVALID';
  return null;
}
