import type { ValidationItem } from '../../src-shared/api/errors.ts';
import { routes } from '../../src-shared/api/routes.ts';
import { isSettingsInvalidReason } from '../../src-shared/errors/codes.ts';
import { MAIL_LIMITS } from '../../src-shared/mail/limits.ts';
import { ApiError, kindForStatus } from './api-error.ts';
import type { Carrier } from './carrier.ts';
import { codeForResponse } from './error-codes.ts';
import { KeyVault } from './key-vault.ts';
import { subscribeOverWebSocket } from './mail-socket.ts';
import { fileNameFromDisposition, readTextHead, saveBlob } from './file-download.ts';
import { routeClient } from './route-client.ts';
import type { EphemeraApi, SaveOutcome } from './types.ts';

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the API key, and ask for one when it is missing or refused. */
  auth?: boolean;
  /** What to ask for; JSON unless a file is fetched. */
  accept?: string;
}

/**
 * The browser transport: the route table over REST, and /ws, on the server the page came from.
 */
export function createHttpApi(baseUrl: string): EphemeraApi {
  const vault = new KeyVault();
  const authed = { auth: true } as const;

  /** The REST carrier: one route of the table, its method, its URL (encoded), its answer. */
  const call: Carrier = (name, args = {}) => {
    const route = routes[name];
    const url = (route.url as (params?: object, query?: object) => string)(args.params, args.query);
    return request(url, { method: route.method, auth: args.auth, body: args.body });
  };
  const client = routeClient(call);

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
    info: client.info,
    serverTime: client.serverTime,
    video: { ...client.video, mediaUrl: (path) => baseUrl + path, save: null },
    mail: {
      ...client.mail,
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
          catchUp: (from) =>
            call('mailList', { ...authed, params: { email }, query: { after_id: from } }),
          afterId,
          handlers,
        }),
    },
    settings: client.settings,
    webhooks: client.webhooks,
    sources: client.sources,
    auth: {
      needsKey: true,
      hasKey: () => vault.get() !== null,
      setKey: (key, name) => vault.set(key, name ?? null),
      keyName: () => vault.name(),
      keyHint: () => vault.get()?.slice(-4) ?? null,
      ...client.signIn,
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
