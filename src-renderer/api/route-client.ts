import type { Carrier } from './carrier.ts';
import type { EphemeraApi } from './types.ts';
import { MAIL_PAGE } from './types.ts';

type Api = EphemeraApi;

/** What the route table gives the client, whichever carrier takes the calls. */
export interface RouteClient {
  info: Api['info'];
  serverTime: Api['serverTime'];
  video: Omit<Api['video'], 'mediaUrl' | 'save'>;
  mail: Omit<Api['mail'], 'saveRaw' | 'saveAttachment' | 'rawSource' | 'subscribe'>;
  settings: Api['settings'];
  webhooks: Api['webhooks'];
  sources: Api['sources'];
  signIn: Pick<Api['auth'], 'checkSignInCode' | 'redeemSignInCode'>;
}

/**
 * The one client of the route table (src-shared/api/routes.ts): each method of the UI's api
 * is one route, called through `call`, the carrier.
 */
export function routeClient(call: Carrier): RouteClient {
  const authed = { auth: true } as const;
  return {
    info: () => call('info'),
    serverTime: async () => (await call('health')).server_time * 1000,
    video: {
      create: (text) => call('taskCreate', { body: { text } }),
      get: (taskId) => call('taskGet', { params: { token: taskId } }),
      cancel: async (taskId) => {
        await call('taskCancel', { params: { token: taskId } });
      },
      capacity: () => call('capacity'),
      diagnostics: (taskId) => call('taskDiagnostics', { params: { token: taskId } }),
    },
    mail: {
      generate: (domain) =>
        call('mailGenerate', { ...authed, query: domain === undefined ? {} : { domain } }),
      batch: (count, domain) =>
        call('mailGenerateBatch', {
          ...authed,
          query: domain === undefined ? { count } : { count, domain },
        }),
      lease: (email) => call('mailboxLease', { ...authed, params: { email } }),
      extend: (email) => call('mailboxExtend', { ...authed, params: { email } }),
      reuse: (email) => call('mailboxReuse', { ...authed, params: { email } }),
      list: (email, afterId) =>
        call('mailList', {
          ...authed,
          params: { email },
          query: { after_id: afterId, limit: MAIL_PAGE },
        }),
      full: (email, id) => call('mailGet', { ...authed, params: { email, id } }),
      search: (email, q, afterId) =>
        call('mailList', {
          ...authed,
          params: { email },
          query: { q, after_id: afterId, limit: MAIL_PAGE },
        }),
      delete: async (email, id) => {
        await call('mailDelete', { ...authed, params: { email, id } });
      },
      empty: async (email) => (await call('mailEmpty', { ...authed, params: { email } })).deleted,
      setRead: async (email, id, read) => {
        await call('mailSetRead', { ...authed, params: { email, id }, body: { read } });
      },
      readAll: async (email) =>
        (await call('mailReadAll', { ...authed, params: { email } })).marked,
    },
    settings: {
      get: () => call('settingsGet', authed),
      update: (patch) => call('settingsUpdate', { ...authed, body: patch }),
      checkMx: (domain) => call('settingsMx', { ...authed, query: { domain } }),
      listKeys: async () => {
        const list = await call('keyList', authed);
        return { keys: list.keys, currentKeyId: list.current_key_id };
      },
      createKey: (name) => call('keyCreate', { ...authed, body: { name } }),
      disableKey: (id) => call('keyDisable', { ...authed, params: { id } }),
      enableKey: (id) => call('keyEnable', { ...authed, params: { id } }),
      deleteKey: async (id) => {
        await call('keyDelete', { ...authed, params: { id } });
      },
      createSignInCode: (purpose, name) =>
        call('signInCodeCreate', { ...authed, body: name ? { purpose, name } : { purpose } }),
    },
    webhooks: {
      list: () => call('webhookList', authed),
      create: (body) => call('webhookCreate', { ...authed, body }),
      delete: async (id) => {
        await call('webhookDelete', { ...authed, params: { id } });
      },
      deliveries: (id) => call('webhookDeliveries', { ...authed, params: { id } }),
      test: (id) => call('webhookTest', { ...authed, params: { id } }),
    },
    sources: {
      list: () => call('sourceList', authed),
      create: (body) => call('sourceCreate', { ...authed, body }),
      update: (id, patch) => call('sourceUpdate', { ...authed, params: { id }, body: patch }),
      remove: async (id) => {
        await call('sourceDelete', { ...authed, params: { id } });
      },
      test: (id) => call('sourceTest', { ...authed, params: { id } }),
      authorize: (id) => call('sourceAuthorize', { ...authed, params: { id } }),
      cancelAuthorize: async (id) => {
        await call('sourceAuthorizeCancel', { ...authed, params: { id } });
      },
    },
    // The code goes in the body of a POST: never in a URL the server, a proxy or history sees.
    signIn: {
      checkSignInCode: (code) => call('signInCheck', { body: { code } }),
      redeemSignInCode: (code) => call('signIn', { body: { code } }),
    },
  };
}
