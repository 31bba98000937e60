import type { ValidationItem } from '../../src-shared/api/errors.ts';
import { routes, type Route, type UrlArgs } from '../../src-shared/api/routes.ts';
import { isSettingsInvalidReason } from '../../src-shared/errors/codes.ts';
import { MAIL_LIMITS } from '../../src-shared/mail/limits.ts';
import { ApiError, kindForStatus } from './api-error.ts';
import { codeForResponse } from './error-codes.ts';
import { KeyVault } from './key-vault.ts';
import { subscribeOverWebSocket } from './mail-socket.ts';
import { fileNameFromDisposition, readTextHead, saveBlob } from './file-download.ts';
import type { EphemeraApi, SaveOutcome } from './types.ts';
import { MAIL_PAGE } from './types.ts';

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the API key, and ask for one when it is missing or refused. */
  auth?: boolean;
  /** What to ask for; JSON unless a file is fetched. */
  accept?: string;
}

/** The browser transport: the REST API and /ws of the server the page came from. */
export function createHttpApi(baseUrl: string): EphemeraApi {
  const vault = new KeyVault();
  const authed = { auth: true } as const;

  /** One route of the table: its method, its URL from `url` (encoded), its answer type. */
  function call<P extends string, Q, Res, Body>(
    route: Route<P, Q, Res, Body>,
    options: { auth?: boolean; body?: Body },
    ...url: UrlArgs<P, Q>
  ): Promise<Res> {
    return request<Res>(route.url(...url), { ...options, method: route.method });
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const res = await respond(path, options);
    if (res.status === 204) return undefined as T;
    return (await res.json()) as T;
  }

  /** The successful response (a 401 asks for a key and tries again); errors as ApiError. */
  async function respond(path: string, options: RequestOptions): Promise<Response> {
    let key = options.auth ? (vault.get() ?? (await vault.ask(false, null))) : null;
    if (options.auth && key === null) throw missingKey();
    for (let attempt = 0; ; attempt++) {
      const res = await send(path, options, key);
      if (res.status === 401 && options.auth && attempt < 3) {
        vault.clear();
        key = await vault.ask(true, await readDetail(res));
        if (key === null) throw missingKey();
        continue;
      }
      if (!res.ok) throw await toError(res, options.method ?? 'GET', path);
      return res;
    }
  }

  /** Fetches a file with the key and hands it to the browser as a download. */
  async function download(path: string, fallbackName: string): Promise<SaveOutcome> {
    const res = await respond(path, { ...authed, accept: '*/*' });
    const name = fileNameFromDisposition(res.headers.get('content-disposition')) ?? fallbackName;
    saveBlob(await res.blob(), name);
    return 'saved';
  }

  async function send(path: string, options: RequestOptions, key: string | null) {
    const headers: Record<string, string> = { accept: options.accept ?? 'application/json' };
    if (key) headers['x-api-key'] = key;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    try {
      return await fetch(baseUrl + path, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        cache: 'no-store',
        // Deferred removals are committed as the page goes away (pagehide): let them finish.
        keepalive: options.method === 'DELETE',
      });
    } catch {
      throw new ApiError('network', 'Cannot reach Ephemera. Is it still running?', null, {
        code: 'NETWORK',
      });
    }
  }

  return {
    transport: 'http',
    desktop: null,
    info: () => call(routes.info, {}),
    serverTime: async () => (await call(routes.health, {})).server_time * 1000,
    video: {
      create: (text) => call(routes.taskCreate, { body: { text } }),
      get: (taskId) => call(routes.taskGet, {}, { token: taskId }),
      cancel: async (taskId) => {
        await call(routes.taskCancel, {}, { token: taskId });
      },
      capacity: () => call(routes.capacity, {}),
      diagnostics: (taskId) => call(routes.taskDiagnostics, {}, { token: taskId }),
      mediaUrl: (path) => baseUrl + path,
      save: null,
    },
    mail: {
      generate: (domain) =>
        call(routes.mailGenerate, authed, {}, domain === undefined ? {} : { domain }),
      batch: (count, domain) =>
        call(
          routes.mailGenerateBatch,
          authed,
          {},
          domain === undefined ? { count } : { count, domain },
        ),
      lease: (email) => call(routes.mailboxLease, authed, { email }),
      extend: (email) => call(routes.mailboxExtend, authed, { email }),
      reuse: (email) => call(routes.mailboxReuse, authed, { email }),
      list: (email, afterId) =>
        call(routes.mailList, authed, { email }, { after_id: afterId, limit: MAIL_PAGE }),
      full: (email, id) => call(routes.mailGet, authed, { email, id }),
      search: (email, q, afterId) =>
        call(routes.mailList, authed, { email }, { q, after_id: afterId, limit: 200 }),
      delete: async (email, id) => {
        await call(routes.mailDelete, authed, { email, id });
      },
      empty: async (email) => (await call(routes.mailEmpty, authed, { email })).deleted,
      setRead: async (email, id, read) => {
        await call(routes.mailSetRead, { ...authed, body: { read } }, { email, id });
      },
      readAll: async (email) => (await call(routes.mailReadAll, authed, { email })).marked,
      saveRaw: (mail) =>
        download(routes.mailRaw.url({ email: mail.email, id: mail.id }), `mail-${mail.id}.eml`),
      saveAttachment: (mail, index) =>
        download(
          routes.mailAttachment.url({ email: mail.email, id: mail.id, n: index }),
          mail.attachments[index]?.filename?.replace(/[\p{Cc}\p{Cf}\\/]/gu, '_') ||
            `attachment-${index}`,
        ),
      rawSource: async (email, id) => {
        const res = await respond(routes.mailRaw.url({ email, id }), {
          ...authed,
          accept: '*/*',
        });
        const bytes = Number(res.headers.get('content-length'));
        const head = await readTextHead(res, MAIL_LIMITS.rawSourceBytes);
        return {
          text: head.text,
          bytes: Number.isFinite(bytes) && bytes > 0 ? bytes : head.read,
          truncated: !head.complete,
        };
      },
      subscribe: (email, afterId, handlers) =>
        subscribeOverWebSocket({
          url: (from) => {
            const ws = new URL(routes.mailStream.url({ email }, { after_id: from }), baseUrl);
            ws.protocol = ws.protocol === 'https:' ? 'wss:' : 'ws:';
            return ws.href;
          },
          // The key goes in a subprotocol, not the URL (docs/API.md, WebSocket): URLs end up
          // in logs and proxies, and a paired phone's key is never to be in one.
          protocols: () => {
            const key = vault.get();
            // A typed-in key that is no valid token would make WebSocket() throw; without it
            // the upgrade is refused and the REST catch-up says why (and asks for a key).
            return key && /^[\w!#$%&'*+.^`|~-]+$/.test(key)
              ? ['ephemera', `ephemera-key.${key}`]
              : ['ephemera'];
          },
          // A refused upgrade tells the browser nothing; REST says why (and asks for a key).
          catchUp: (from) => call(routes.mailList, authed, { email }, { after_id: from }),
          afterId,
          handlers,
        }),
    },
    settings: {
      get: () => call(routes.settingsGet, authed),
      update: (patch) => call(routes.settingsUpdate, { ...authed, body: patch }),
      checkMx: (domain) => call(routes.settingsMx, authed, {}, { domain }),
      listKeys: async () => {
        const list = await call(routes.keyList, authed);
        return { keys: list.keys, currentKeyId: list.current_key_id };
      },
      createKey: (name) => call(routes.keyCreate, { ...authed, body: { name } }),
      disableKey: (id) => call(routes.keyDisable, authed, { id }),
      enableKey: (id) => call(routes.keyEnable, authed, { id }),
      deleteKey: async (id) => {
        await call(routes.keyDelete, authed, { id });
      },
      createSignInCode: (purpose, name) =>
        call(routes.signInCodeCreate, { ...authed, body: name ? { purpose, name } : { purpose } }),
    },
    webhooks: {
      list: () => call(routes.webhookList, authed),
      create: (body) => call(routes.webhookCreate, { ...authed, body }),
      delete: async (id) => {
        await call(routes.webhookDelete, authed, { id });
      },
      deliveries: (id) => call(routes.webhookDeliveries, authed, { id }),
      test: (id) => call(routes.webhookTest, authed, { id }),
    },
    sources: {
      list: () => call(routes.sourceList, authed),
      create: (body) => call(routes.sourceCreate, { ...authed, body }),
      update: (id, patch) => call(routes.sourceUpdate, { ...authed, body: patch }, { id }),
      remove: async (id) => {
        await call(routes.sourceDelete, authed, { id });
      },
      test: (id) => call(routes.sourceTest, authed, { id }),
      authorize: (id) => call(routes.sourceAuthorize, authed, { id }),
    },
    auth: {
      needsKey: true,
      hasKey: () => vault.get() !== null,
      setKey: (key, name) => vault.set(key, name ?? null),
      keyName: () => vault.name(),
      keyHint: () => vault.get()?.slice(-4) ?? null,
      // The code goes in the body of a POST: never in a URL the server, a proxy or history sees.
      checkSignInCode: (code) => call(routes.signInCheck, { body: { code } }),
      redeemSignInCode: (code) => call(routes.signIn, { body: { code } }),
      forgetKey: () => vault.clear(),
      setPrompt: (prompt) => vault.setPrompt(prompt),
    },
  };
}

function missingKey(): ApiError {
  return new ApiError('auth', 'An API key is needed for this. Enter one to continue.', 401, {
    code: 'KEY_MISSING',
  });
}

async function readDetail(res: Response): Promise<string | null> {
  try {
    const body = (await res.json()) as { detail?: unknown };
    return typeof body.detail === 'string' ? body.detail : null;
  } catch {
    return null;
  }
}

async function toError(res: Response, method: string, path: string): Promise<ApiError> {
  let detail: unknown = null;
  let reason: unknown = null;
  try {
    ({ detail, reason } = (await res.json()) as { detail?: unknown; reason?: unknown });
  } catch {
    // Not JSON (a proxy's error page): fall back to the status line.
  }
  const retryAfter = Number(res.headers.get('retry-after'));
  const extra = {
    code: codeForResponse({ method, path, status: res.status, headers: res.headers }),
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
    ...(isSettingsInvalidReason(reason) ? { reason } : {}),
  };
  if (Array.isArray(detail)) {
    const validation = detail as ValidationItem[];
    return new ApiError('validation', validation[0]?.msg ?? 'Invalid input.', res.status, {
      ...extra,
      validation,
    });
  }
  const message =
    typeof detail === 'string' && detail !== '' ? detail : `${res.status} ${res.statusText}`;
  return new ApiError(kindForStatus(res.status), message, res.status, extra);
}
