import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_ACCESS, type Caller } from '../../src-main/api/access.ts';
import { callApi } from '../../src-main/api/call.ts';
import type { ApiRoute } from '../../src-main/api/handler.ts';
import { apiRouteList } from '../../src-main/api/handlers.ts';
import { AppError } from '../../src-main/core/app-error.ts';
import { apiIpcHandlers } from '../../src-main/electron/api.ipc.ts';
import { registerIpcHandlers } from '../../src-main/electron/ipc-register.ts';
import { createHttpServer } from '../../src-main/http/create-server.ts';
import { DEFAULT_RATE_LIMITS } from '../../src-main/http/rate-limit.ts';
import { DEFAULT_STREAM_OPTIONS } from '../../src-main/http/ws-routes.ts';
import { routes } from '../../src-shared/api/routes.ts';
import { ERROR_STATUS } from '../../src-shared/errors/codes.ts';
import type { IpcResult } from '../../src-shared/ipc/result.ts';
import type { Lease } from '../../src-shared/mail/schemas.ts';
import { FakeIpcMain, FakeWebContents } from '../helpers/fake-electron.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';

const silent = { info() {}, warn() {}, error() {} };

/** The real HTTP server over a mail test app's services, ready for `inject`. */
async function httpServerOver(m: MailTestApp): Promise<FastifyInstance> {
  const server = await createHttpServer({
    video: m.t.app.video,
    mail: m.t.app.mail,
    clock: { now: () => Date.now() },
    stream: DEFAULT_STREAM_OPTIONS,
    rateLimits: DEFAULT_RATE_LIMITS,
    settings: { settings: m.t.app.settings, checkMx: (domain) => m.t.app.checkMx(domain) },
    hosts: m.t.app.settings,
    logger: silent,
    webUiDir: m.t.dataDir,
  });
  await server.ready();
  return server;
}
const LAN = '192.168.1.7';

interface Call {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
}

/**
 * One call per route of the table, chosen so both carriers answer the same thing twice: a
 * read, or a refusal that changes nothing. A route added to the table without a case here
 * fails to compile.
 */
function cases(email: string): Record<ApiRoute, Call> {
  const nobody = { email: 'nobody@ephemera.localhost' };
  return {
    health: {},
    capacity: {},
    taskCreate: { body: { text: 'no link in here' } },
    taskGet: { params: { token: 'unknown-task' } },
    taskCancel: { params: { token: 'unknown-task' } },
    taskDiagnostics: { params: { token: 'unknown-task' } },
    mailGenerate: { query: { domain: 'elsewhere.example' } },
    mailGenerateBatch: { query: { count: 0 } },
    mailboxLease: { params: { email } },
    mailboxExtend: { params: { email: 'someone@elsewhere.example' } },
    mailboxReuse: { params: { email: 'someone@elsewhere.example' } },
    mailList: { params: { email }, query: { limit: 5 } },
    mailEmpty: { params: nobody },
    mailGet: { params: { email, id: 999 } },
    mailDelete: { params: { email, id: 999 } },
    mailSetRead: { params: { email, id: 1 }, body: { read: 'yes' } },
    mailReadAll: { params: { email } },
    mailBulk: { body: { items: [{ email }, { email: 'nobody@ephemera.localhost' }] } },
    info: {},
    settingsGet: {},
    settingsUpdate: { body: { http_port: 'eighty' } },
    settingsMx: { query: { domain: 'example.org' } },
    keyList: {},
    keyCreate: { body: { name: '' } },
    keyDisable: { params: { id: 999 } },
    keyEnable: { params: { id: 'abc' } },
    keyDelete: { params: { id: 999 } },
    webhookList: {},
    webhookCreate: { body: { url: 'ftp://example.org/' } },
    webhookDelete: { params: { id: 999 } },
    webhookDeliveries: { params: { id: 999 } },
    webhookTest: { params: { id: 'x' } },
    sourceList: {},
    sourceCreate: { body: {} },
    sourceUpdate: { params: { id: 'src_none' }, body: { port: 993 } },
    sourceDelete: { params: { id: 'src_none' } },
    sourceTest: { params: { id: 'src_none' } },
    sourceAuthorize: { params: { id: 'src_none' } },
    sourceAuthorizeCancel: { params: { id: 'src_none' } },
    signInCodeCreate: { body: { purpose: 'admin' } },
    signInCheck: { body: { code: 'not-a-code' } },
    signIn: { body: {} },
  };
}

/** What differs between two calls by nature: the clock, and which key (if any) the caller used. */
function comparable(route: ApiRoute, body: unknown): unknown {
  if (route === 'health' || route === 'capacity') {
    const { server_time: _time, ...rest } = body as { server_time: number };
    return rest;
  }
  if (route === 'keyList') return (body as { keys: unknown }).keys;
  return body;
}

/** An answer as both carriers can state it: the status, and the body or the error sentence. */
type Outcome = { status: number; body?: unknown; message?: string };

describe('each route of the table answers the same through HTTP and through IPC', () => {
  let m: MailTestApp;
  let server: FastifyInstance;
  let lease: Lease;
  const ipc = new FakeIpcMain();
  const window = new FakeWebContents();

  beforeAll(async () => {
    m = await startMailTestApp();
    lease = await m.generate();
    server = await httpServerOver(m);
    registerIpcHandlers(
      ipc.asIpcMain(),
      apiIpcHandlers({ services: () => Promise.resolve(m.t.app) }) as never,
      { isTrustedSender: (event) => event.sender.id === window.id, logger: silent },
    );
  });

  afterAll(async () => {
    await server?.close();
    await m?.close();
  });

  async function overHttp(
    route: ApiRoute,
    call: Call,
    as: { key?: string | null; from?: string } = {},
  ): Promise<Outcome> {
    const entry = routes[route];
    const url = (entry.url as (params?: object, query?: object) => string)(call.params, call.query);
    const key = as.key === undefined ? m.key : as.key;
    const res = await server.inject({
      method: entry.method,
      url,
      remoteAddress: as.from ?? '127.0.0.1',
      headers: {
        host: '127.0.0.1',
        ...(key === null ? {} : { 'x-api-key': key }),
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(call.body === undefined ? {} : { payload: JSON.stringify(call.body) }),
    });
    const body: unknown = res.body === '' ? undefined : res.json();
    if (res.statusCode < 400) return { status: res.statusCode < 300 ? 200 : res.statusCode, body };
    const detail = (body as { detail: unknown }).detail;
    const message = Array.isArray(detail) ? (detail[0] as { msg: string }).msg : String(detail);
    return { status: res.statusCode, message };
  }

  async function overIpc(route: ApiRoute, call: Call): Promise<Outcome> {
    const result = (await ipc.invoke('api:call', window.invokeEvent('app://ephemera/'), {
      route,
      ...call,
    })) as IpcResult<unknown>;
    if (result.ok) return { status: 200, body: result.value };
    const status = (ERROR_STATUS as Record<string, number>)[result.error.code] ?? 500;
    return { status, message: result.error.message };
  }

  it('covers every route a handler serves', () => {
    expect(Object.keys(cases('x')).sort()).toEqual(apiRouteList.map(([name]) => name).sort());
  });

  it.each(apiRouteList.map(([name]) => name))('%s', async (route) => {
    const call = cases(lease.email)[route];
    const http = await overHttp(route, call);
    const ipcAnswer = await overIpc(route, call);
    expect(ipcAnswer.status, JSON.stringify({ http, ipc: ipcAnswer })).toBe(http.status);
    if (http.status === 200) {
      expect(comparable(route, ipcAnswer.body)).toEqual(comparable(route, http.body));
    } else {
      expect(ipcAnswer.message).toBe(http.message);
    }
  });

  // The path parameters and query go through the route's schemas in one place for both
  // carriers (src-main/api/route-input.ts): the same refusal, with the documented sentence.
  // `mine` stands for the test's own mailbox.
  const mine = { email: 'mine' };
  it.each<[ApiRoute, Call, number, string]>([
    [
      'mailList',
      { params: mine, query: { after_id: '+5' } },
      400,
      'after_id must be an integer in plain digits, e.g. 5.',
    ],
    ['mailList', { params: mine, query: { limit: 0 } }, 400, 'limit must be from 1 to 200.'],
    [
      'mailList',
      { params: mine, query: { wait: 31 } },
      400,
      'wait must be a number of seconds from 0 to 30.',
    ],
    [
      'mailList',
      { params: mine, query: { q: 'a', wait: 1 } },
      400,
      'wait cannot be combined with q.',
    ],
    ['mailGenerateBatch', { query: { domain: 'x.test' } }, 400, 'count is required.'],
    ['mailGet', { params: { ...mine, id: '5.0' } }, 400, 'The mail id must be an integer.'],
    ['keyDisable', { params: { id: 'abc' } }, 400, '"abc" is not a key id.'],
    [
      'taskGet',
      { params: { token: 't' }, query: { wait: -1 } },
      422,
      'Input should be greater than or equal to 0',
    ],
  ])('%s %j: the same refusal on both carriers', async (route, call, status, message) => {
    const params =
      call.params?.email === 'mine' ? { ...call.params, email: lease.email } : call.params;
    const given = { ...call, ...(params === undefined ? {} : { params }) };
    expect(await overHttp(route, given)).toEqual({ status, message });
    expect(await overIpc(route, given)).toEqual({ status, message });
  });
});

describe('the same authorization decision on both carriers', () => {
  let m: MailTestApp;
  let server: FastifyInstance;

  beforeAll(async () => {
    m = await startMailTestApp();
    server = await httpServerOver(m);
  });

  afterAll(async () => {
    await server?.close();
    await m?.close();
  });

  /** The refusal (401/403) HTTP answers this caller before any handler runs, or null. */
  async function httpRefusal(route: ApiRoute, caller: Caller): Promise<number | null> {
    const entry = routes[route];
    // A GET of a path no handler would accept: only the authorization can answer it first.
    const params: Record<string, string> = {};
    for (const match of entry.path.matchAll(/:(\w+)/g)) params[match[1] ?? ''] = 'x';
    const url = (entry.url as (params?: object) => string)(params);
    const res = await server.inject({
      method: entry.method,
      url,
      remoteAddress: caller.origin === 'lan' ? LAN : '127.0.0.1',
      headers: { host: '127.0.0.1', ...(caller.key === null ? {} : { 'x-api-key': caller.key }) },
    });
    return res.statusCode === 401 || res.statusCode === 403 ? res.statusCode : null;
  }

  /** The refusal the api layer (what the IPC carrier calls) gives the same caller, or null. */
  async function apiRefusal(route: ApiRoute, caller: Caller): Promise<number | null> {
    try {
      await callApi(route, { params: {}, query: {}, body: undefined }, caller, m.t.app);
      return null;
    } catch (err) {
      if (err instanceof AppError && (err.status === 401 || err.status === 403)) return err.status;
      return null;
    }
  }

  const callers = (key: string): [string, Caller][] => [
    ['this computer, no key', { origin: 'local', key: null }],
    ['this computer, a wrong key', { origin: 'local', key: 'eph_wrong' }],
    ['this computer, a valid key', { origin: 'local', key }],
    ['the LAN, no key', { origin: 'lan', key: null }],
    ['the LAN, a valid key', { origin: 'lan', key }],
  ];

  it.each(apiRouteList.map(([name]) => name))('%s', async (route) => {
    for (const [who, caller] of callers(m.key)) {
      const expected = await httpRefusal(route, caller);
      expect(await apiRefusal(route, caller), `${route} from ${who}`).toBe(expected);
    }
    // The desktop window needs no key and is never refused.
    expect(await apiRefusal(route, { origin: 'window', key: null })).toBeNull();
  });

  it('refuses as documented: public, key, this computer with key', async () => {
    const lan = { origin: 'lan', key: m.key } as const;
    expect(await httpRefusal('capacity', { origin: 'lan', key: null })).toBeNull();
    expect(await httpRefusal('mailList', { origin: 'local', key: null })).toBe(401);
    expect(await httpRefusal('mailList', lan)).toBeNull();
    expect(await httpRefusal('settingsGet', lan)).toBe(403);
    expect(await httpRefusal('settingsGet', { origin: 'local', key: 'eph_wrong' })).toBe(401);
    expect(ROUTE_ACCESS.signIn.kind).toBe('public');
  });
});
