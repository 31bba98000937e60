import type { AppInfo } from '../../src-shared/ipc/app-schemas.ts';
import type { IpcInvokeChannel, IpcRequest, IpcResponse } from '../../src-shared/ipc/contract.ts';
import type { IpcError, IpcResult } from '../../src-shared/ipc/result.ts';
import type { EphemeraApi as EphemeraBridge } from '../../src-shared/ipc/window-api.ts';
import { ERROR_STATUS } from '../../src-shared/errors/codes.ts';
import { addressKey } from '../../src-shared/mail/address.ts';
import { ApiError, kindForStatus } from './api-error.ts';
import type { EphemeraApi, Mail, ServerInfo } from './types.ts';
import { MAIL_PAGE } from './types.ts';

declare global {
  interface Window {
    ephemera?: EphemeraBridge;
  }
}

/** The bridge the preload exposed, if this page runs inside the desktop app. */
export function findBridge(): EphemeraBridge | null {
  const bridge = window.ephemera;
  return bridge && typeof bridge.invoke === 'function' ? bridge : null;
}

/** The desktop shell's app info in the shape of GET /api/info. */
export function infoFromApp(
  app: AppInfo,
  domains: string[],
  defaultDomain: string | null,
): ServerInfo {
  return {
    version: app.version,
    http_url: app.localUrl,
    lan_url: app.lanUrl,
    lan_enabled: app.lanSharing,
    smtp_port: app.smtpPort,
    domains,
    default_domain: defaultDomain,
    client_is_local: true,
  };
}

function toApiError(error: IpcError): ApiError {
  const status = (ERROR_STATUS as Record<string, number>)[error.code];
  const extra = { code: error.code, ...(error.reason ? { reason: error.reason } : {}) };
  if (status !== undefined)
    return new ApiError(kindForStatus(status), error.message, status, extra);
  const kind = error.code === 'UNAVAILABLE' ? 'unavailable' : 'server';
  return new ApiError(kind, error.message, null, extra);
}

/**
 * The Electron transport: each call is one `invoke` of the contract in src-shared/ipc; live mail
 * comes as `mail:received` events after `mail:watch`. No API key is needed (main is trusted).
 * "Save" opens the native save dialog in main; preview and cover load from the local server
 * (the page itself is app://ephemera/, so mediaUrl makes them absolute on localUrl).
 */
export function createIpcApi(bridge: EphemeraBridge, first: AppInfo): EphemeraApi {
  let app = first;

  async function call<C extends IpcInvokeChannel>(
    channel: C,
    ...request: undefined extends IpcRequest<C> ? [IpcRequest<C>?] : [IpcRequest<C>]
  ): Promise<IpcResponse<C>> {
    let result: IpcResult<IpcResponse<C>>;
    try {
      result = await (bridge.invoke as (c: C, r?: unknown) => Promise<IpcResult<IpcResponse<C>>>)(
        channel,
        request[0],
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw new ApiError('network', message, null, { code: 'NETWORK' });
    }
    if (result.ok) return result.value;
    throw toApiError(result.error);
  }

  return {
    transport: 'ipc',
    desktop: {
      portChanges: () => app.portChanges,
      loginItem: () => call('desktop:login-item'),
      setLoginItem: (enabled) => call('desktop:set-login-item', { enabled }),
      openLogsFolder: async () => {
        await call('desktop:open-logs');
      },
      openLink: async (url) => {
        await call('desktop:open-link', { url });
      },
      updates: {
        state: () => call('update:state'),
        setEnabled: (enabled) => call('update:set-enabled', { enabled }),
        check: () => call('update:check'),
        apply: () => call('update:apply'),
        onChange: (listener) => bridge.on('update:changed', listener),
      },
    },
    // Main runs on this very machine: its clock is this one.
    serverTime: () => Promise.resolve(Date.now()),
    info: async () => {
      app = await call('app:info');
      const [domains, defaultDomain] = await Promise.all([
        call('mail:domains'),
        call('mail:default-domain'),
      ]);
      return infoFromApp(app, domains, defaultDomain);
    },
    video: {
      create: (text) => call('video:create', { text }),
      get: (taskId) => call('video:get', { taskId }),
      cancel: async (taskId) => {
        await call('video:cancel', { taskId });
      },
      capacity: () => call('video:capacity'),
      diagnostics: (taskId) => call('video:diagnostics', { taskId }),
      mediaUrl: (path) => app.localUrl + path,
      save: (task) => call('video:save', { taskId: task.task_id }),
    },
    mail: {
      generate: (domain) => call('mail:generate', domain === undefined ? undefined : { domain }),
      batch: (count, domain) =>
        call('mail:generate-batch', domain === undefined ? { count } : { count, domain }),
      lease: (email) => call('mail:lease', { email }),
      extend: (email) => call('mail:extend', { email }),
      reuse: (email) => call('mail:reuse', { email }),
      list: (email, afterId) => call('mail:list', { email, afterId, limit: MAIL_PAGE }),
      full: (email, id) => call('mail:full', { email, id }),
      search: (email, q, afterId) => call('mail:search', { email, q, afterId, limit: 200 }),
      delete: async (email, id) => {
        await call('mail:delete', { email, id });
      },
      empty: async (email) => (await call('mail:empty', { email })).deleted,
      setRead: async (email, id, read) => {
        await call('mail:set-read', { email, id, read });
      },
      readAll: async (email) => (await call('mail:read-all', { email })).marked,
      saveRaw: (mail) => call('mail:save-raw', { email: mail.email, id: mail.id }),
      saveAttachment: (mail, index) =>
        call('mail:save-attachment', { email: mail.email, id: mail.id, index }),
      rawSource: (email, id) => call('mail:raw-source', { email, id }),
      subscribe: (email, afterId, handlers) => {
        let lastId = afterId;
        let stopped = false;
        // The key main stores and sends the mail under (src-shared/mail/address.ts).
        const address = addressKey(email);
        const deliver = (mail: Mail): void => {
          if (stopped || mail.email !== address || mail.id <= lastId) return;
          lastId = mail.id;
          handlers.onMail(mail);
        };
        // Live mails wait while the stored ones are read, so every mail comes once, in order.
        let held: Mail[] | null = [];
        const off = bridge.on('mail:received', (mail) => {
          if (held && mail.email === address) held.push(mail);
          else if (!held) deliver(mail);
        });
        handlers.onStatus('connecting');
        // Watch first, then catch up: nothing falls between the two (ids de-duplicate). A
        // page may stop early at the server's byte budget, so read until one comes back empty.
        const catchUp = async (): Promise<void> => {
          await call('mail:watch', { email });
          for (let cursor = lastId; !stopped;) {
            const stored = await call('mail:list', { email, afterId: cursor, limit: 200 });
            stored.forEach(deliver);
            const last = stored.at(-1);
            if (!last) break;
            cursor = last.id;
          }
          const waiting = held ?? [];
          held = null;
          waiting.forEach(deliver);
        };
        catchUp().then(
          () => {
            if (!stopped) handlers.onStatus('live');
          },
          () => {
            const waiting = held ?? [];
            held = null;
            waiting.forEach(deliver);
            handlers.onStatus('offline');
          },
        );
        return () => {
          stopped = true;
          off();
          void call('mail:unwatch', { email }).catch(() => undefined);
        };
      },
    },
    settings: {
      get: () => call('settings:get'),
      update: async (patch) => {
        const next = await call('settings:update', patch);
        app = await call('app:info');
        return next;
      },
      checkMx: (domain) => call('settings:check-mx', { domain }),
      // The window's calls need no key, so none of them is "this device's".
      listKeys: async () => ({ keys: await call('keys:list'), currentKeyId: null }),
      createKey: (name) => call('keys:create', { name }),
      disableKey: (id) => call('keys:disable', { id }),
      enableKey: (id) => call('keys:enable', { id }),
      deleteKey: async (id) => {
        await call('keys:delete', { id });
      },
      createSignInCode: (purpose, name) =>
        call('keys:sign-in-code', name ? { purpose, name } : { purpose }),
    },
    webhooks: {
      list: () => call('webhooks:list'),
      create: (request) => call('webhooks:create', request),
      delete: async (id) => {
        await call('webhooks:delete', { id });
      },
      deliveries: (id) => call('webhooks:deliveries', { id }),
      test: (id) => call('webhooks:test', { id }),
    },
    sources: {
      list: () => call('sources:list'),
      create: (body) => call('sources:create', body),
      update: (id, patch) => call('sources:update', { id, patch }),
      remove: async (id) => {
        await call('sources:delete', { id });
      },
      test: (id) => call('sources:test', { id }),
      authorize: (id) => call('sources:authorize', { id }),
    },
    auth: {
      needsKey: false,
      hasKey: () => true,
      setKey: () => undefined,
      keyName: () => null,
      keyHint: () => null,
      // The window needs no key, so it never exchanges a code for one.
      checkSignInCode: () => Promise.reject(new Error('The desktop app needs no sign-in.')),
      redeemSignInCode: () => Promise.reject(new Error('The desktop app needs no sign-in.')),
      forgetKey: () => undefined,
      setPrompt: () => undefined,
    },
  };
}
