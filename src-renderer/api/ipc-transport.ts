import type { AppInfo } from '../../src-shared/ipc/app-schemas.ts';
import type {
  IpcInvokeChannel,
  IpcRequest,
  IpcResponse,
} from '../../src-shared/ipc/desktop-contract.ts';
import type { IpcError, IpcResult } from '../../src-shared/ipc/result.ts';
import type { EphemeraBridge } from '../../src-shared/ipc/window-api.ts';
import { ERROR_STATUS } from '../../src-shared/errors/codes.ts';
import { addressKey } from '../../src-shared/mail/address.ts';
import { ApiError, kindForStatus } from './api-error.ts';
import type { Carrier } from './carrier.ts';
import { routeClient } from './route-client.ts';
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
 * The Electron transport: the route table over the one `api:call` channel (main runs the same
 * handlers as REST), and the desktop contract for what only the desktop has; live mail comes
 * as `mail:received` events after `mail:watch`. No API key is needed (main trusts its own
 * window). "Save" opens the native save dialog in main; preview and cover load from the local
 * server (the page itself is app://ephemera/, so mediaUrl makes them absolute on localUrl).
 */
export function createIpcApi(bridge: EphemeraBridge, first: AppInfo): EphemeraApi {
  let app = first;

  /** One channel of the desktop contract; a failure as an ApiError. */
  async function desktop<C extends IpcInvokeChannel>(
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

  /** The IPC carrier: the call as `api:call` (the window needs no key, so `auth` is moot). */
  // The answer is typed by the route table; main answers the route's REST body.
  const call = (async (route, args = {}) => {
    const { params, query, body } = args;
    return desktop('api:call', { route, params, query, body });
  }) as Carrier;
  const client = routeClient(call);

  return {
    transport: 'ipc',
    desktop: {
      portChanges: () => app.portChanges,
      loginItem: () => desktop('desktop:login-item'),
      setLoginItem: (enabled) => desktop('desktop:set-login-item', { enabled }),
      openLogsFolder: async () => {
        await desktop('desktop:open-logs');
      },
      openLink: async (url) => {
        await desktop('desktop:open-link', { url });
      },
      updates: {
        state: () => desktop('update:state'),
        setEnabled: (enabled) => desktop('update:set-enabled', { enabled }),
        check: () => desktop('update:check'),
        apply: () => desktop('update:apply'),
        onChange: (listener) => bridge.on('update:changed', listener),
      },
    },
    // Main runs on this very machine: its clock is this one.
    serverTime: () => Promise.resolve(Date.now()),
    info: async () => {
      app = await desktop('app:info');
      const server = await client.info();
      return infoFromApp(app, server.domains, server.default_domain);
    },
    video: {
      ...client.video,
      mediaUrl: (path) => app.localUrl + path,
      save: (task) => desktop('video:save', { taskId: task.task_id }),
    },
    mail: {
      ...client.mail,
      saveRaw: (mail) => desktop('mail:save-raw', { email: mail.email, id: mail.id }),
      saveAttachment: (mail, index) =>
        desktop('mail:save-attachment', { email: mail.email, id: mail.id, index }),
      rawSource: (email, id) => desktop('mail:raw-source', { email, id }),
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
          await desktop('mail:watch', { email });
          for (let cursor = lastId; !stopped;) {
            const stored = await call('mailList', {
              params: { email },
              query: { after_id: cursor, limit: MAIL_PAGE },
            });
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
          void desktop('mail:unwatch', { email }).catch(() => undefined);
        };
      },
    },
    settings: {
      ...client.settings,
      update: async (patch) => {
        const next = await client.settings.update(patch);
        app = await desktop('app:info');
        return next;
      },
    },
    webhooks: client.webhooks,
    sources: client.sources,
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
