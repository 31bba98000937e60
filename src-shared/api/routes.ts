import type { z } from 'zod';
import { ROUTE_INPUT as IN, type RouteInput } from './route-input.ts';
import type {
  BulkRequest,
  BulkResponse,
  Lease,
  Mail,
  MailDeleted,
  MailReadAll,
  MailReadRequestSchema,
  MailReadState,
} from '../mail/schemas.ts';
import type {
  Capacity,
  ShareRequest,
  Task,
  TaskCancelled,
  TaskCreated,
  TaskDiagnostics,
} from '../video/schemas.ts';
import type {
  ApiKeyList,
  ApiKeyView,
  CreatedApiKeyView,
  MxCheck,
  ServerInfo,
  ServerSettings,
  ServerSettingsPatch,
} from './server-settings.ts';
import type {
  CreatedWebhook,
  WebhookCreate,
  WebhookDeliveries,
  WebhookTestResult,
  WebhookView,
} from './webhooks.ts';
import type {
  Source,
  SourceAuthorize,
  SourceCreate,
  SourcePatch,
  SourceTestResult,
} from '../mail/sources.ts';
import type { SignInCode, SignInCodeCreate, SignInCodeInfo, SignInRedeem } from './sign-in.ts';

/**
 * The route table: every REST and WebSocket endpoint, with the method and Fastify path pattern
 * the server registers (src-main/http/api-routes.ts, one handler each in src-main/api/) and the
 * URL builder the web UI's REST carrier uses (src-renderer/api/http-transport.ts); the desktop
 * window carries the same names over IPC `api:call`. docs/API.md describes what each one does.
 */

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** The `:name` segments of a path pattern. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = { [K in ParamNames<P>]: string | number };

type QueryShape = Record<string, string | number | undefined>;
type NoQuery = Record<string, never>;

/** What `url()` takes: the path parameters (none for a fixed path), then the query. */
export type UrlArgs<P extends string, Q> = [ParamNames<P>] extends [never]
  ? [params?: NoQuery, query?: Q]
  : [params: PathParams<P>, query?: Q];

/** What `url()` takes as the query: the input of the route's query schema. */
export type QueryIn<I> = I extends { query: z.ZodType } ? z.input<I['query']> : NoQuery;
type Parsed<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

export interface Route<
  P extends string = string,
  Res = unknown,
  Body = undefined,
  I extends RouteInput = RouteInput,
> {
  readonly method: Method;
  /** The pattern as Fastify registers it, e.g. `/api/tasks/:token`. */
  readonly path: P;
  /** The schemas of the path parameters and the query (route-input.ts). */
  readonly input: I;
  /** The path with each parameter percent-encoded, then `?query` (undefined values left out). */
  url(...args: UrlArgs<P, QueryIn<I>>): string;
  /** Type only, never set: the JSON answer and the request body. */
  readonly types?: { response: Res; body: Body };
}

/** The answer and body types a route carries (for the client's typed call). */
export type ResponseOf<R> = R extends { types?: { response: infer Res } } ? Res : never;
export type BodyOf<R> = R extends { types?: { body: infer Body } } ? Body : never;
/** What a handler gets, parsed: the path parameters and the query. */
export type ParamsOf<R> = R extends { input: infer I }
  ? Parsed<I extends { params: infer S } ? S : never>
  : never;
export type QueryOf<R> = R extends { input: infer I }
  ? Parsed<I extends { query: infer S } ? S : never>
  : never;

/**
 * The path with `:name` replaced by `params[name]` as given, not encoded: for showing a
 * route with placeholders such as `{task_id}`. Requests use `route.url()`.
 */
export function fillPath<P extends string>(path: P, params: PathParams<P>): string {
  const values = params as Record<string, string | number>;
  return path.replace(/:(\w+)/g, (_whole, name: string) => String(values[name]));
}

/**
 * The URL builder of one path pattern, split once into its fixed text and parameter names: the
 * server builds a task's media URLs on every status poll, so no pattern is parsed per call.
 */
function urlBuilder(path: string): (params?: object, query?: QueryShape) => string {
  // split() with a capture group alternates fixed text and parameter names: [text, name, text, …]
  const parts = path.split(/:(\w+)/);
  return (params = {}, query = {}) => {
    const values = params as Record<string, string | number>;
    let url = parts[0] ?? '';
    for (let i = 1; i < parts.length; i += 2) {
      url += encodeURIComponent(String(values[parts[i] as string])) + (parts[i + 1] ?? '');
    }
    let search = '';
    for (const name of Object.keys(query)) {
      const value = query[name];
      if (value === undefined) continue;
      search += `${search === '' ? '?' : '&'}${name}=${encodeURIComponent(String(value))}`;
    }
    return url + search;
  };
}

/** `route<Answer, Body>()(method, path, input)`: the types explicit, the rest inferred. */
function route<Res = unknown, Body = undefined>() {
  return <P extends string, I extends RouteInput = Record<string, never>>(
    method: Method,
    path: P,
    input: I = {} as I,
  ): Route<P, Res, Body, I> => {
    const build = urlBuilder(path);
    return {
      method,
      path,
      input,
      url: (...args: UrlArgs<P, QueryIn<I>>) => build(args[0], args[1]),
    };
  };
}

type MailReadRequest = z.infer<typeof MailReadRequestSchema>;

export const routes = {
  // Video (api/video-handlers.ts, http/media-routes.ts)
  health: route<{ status: 'ok'; server_time: number }>()('GET', '/api/health'),
  capacity: route<Capacity>()('GET', '/api/capacity'),
  taskCreate: route<TaskCreated, ShareRequest>()('POST', '/api/tasks'),
  taskGet: route<Task>()('GET', '/api/tasks/:token', IN.taskGet),
  taskCancel: route<TaskCancelled>()('DELETE', '/api/tasks/:token', IN.task),
  taskDownload: route()('GET', '/api/tasks/:token/download', IN.task),
  taskPreview: route()('GET', '/api/tasks/:token/preview', IN.task),
  taskCover: route()('GET', '/api/tasks/:token/cover', IN.task),
  taskDiagnostics: route<TaskDiagnostics>()('GET', '/api/tasks/:token/diagnostics', IN.task),

  // Mail (api/mail-handlers.ts, http/mail-file-routes.ts, http/ws-routes.ts)
  mailGenerate: route<Lease>()('GET', '/api/generate', IN.mailGenerate),
  mailGenerateBatch: route<Lease[]>()('POST', '/api/generate/batch', IN.mailGenerateBatch),
  mailboxLease: route<Lease>()('GET', '/api/mailboxes/:email/lease', IN.mailbox),
  mailboxExtend: route<Lease>()('POST', '/api/mailboxes/:email/extend', IN.mailbox),
  mailboxReuse: route<Lease>()('POST', '/api/mailboxes/:email/reuse', IN.mailbox),
  mailList: route<Mail[]>()('GET', '/api/emails/:email', IN.mailList),
  mailEmpty: route<MailDeleted>()('DELETE', '/api/emails/:email', IN.mailbox),
  mailGet: route<Mail>()('GET', '/api/emails/:email/:id', IN.mail),
  mailDelete: route<MailDeleted>()('DELETE', '/api/emails/:email/:id', IN.mail),
  mailSetRead: route<MailReadState, MailReadRequest>()(
    'POST',
    '/api/emails/:email/:id/read',
    IN.mail,
  ),
  mailRaw: route()('GET', '/api/emails/:email/:id/raw', IN.mail),
  mailAttachment: route()('GET', '/api/emails/:email/:id/attachments/:n', IN.mailAttachment),
  mailBulk: route<BulkResponse, BulkRequest>()('POST', '/api/emails/bulk'),
  /** The WebSocket (an upgrade of this GET); the key travels in a subprotocol or `api_key`. */
  mailStream: route<never>()('GET', '/ws/:email', IN.mailStream),

  // Settings and keys (api/settings-handlers.ts)
  info: route<ServerInfo>()('GET', '/api/info'),
  settingsGet: route<ServerSettings>()('GET', '/api/settings'),
  settingsUpdate: route<ServerSettings, ServerSettingsPatch>()('PATCH', '/api/settings'),
  settingsMx: route<MxCheck>()('GET', '/api/settings/mx', IN.settingsMx),
  keyList: route<ApiKeyList>()('GET', '/api/keys'),
  keyCreate: route<CreatedApiKeyView, { name: string }>()('POST', '/api/keys'),
  keyDisable: route<ApiKeyView>()('POST', '/api/keys/:id/disable', IN.key),
  keyDelete: route<void>()('DELETE', '/api/keys/:id', IN.key),

  // Webhooks (api/setup-handlers.ts)
  webhookList: route<WebhookView[]>()('GET', '/api/webhooks'),
  webhookCreate: route<CreatedWebhook, WebhookCreate>()('POST', '/api/webhooks'),
  webhookDelete: route<void>()('DELETE', '/api/webhooks/:id', IN.webhook),
  webhookDeliveries: route<WebhookDeliveries>()('GET', '/api/webhooks/:id/deliveries', IN.webhook),
  webhookTest: route<WebhookTestResult>()('POST', '/api/webhooks/:id/test', IN.webhook),
  // Mail sources (api/setup-handlers.ts)
  sourceList: route<Source[]>()('GET', '/api/sources'),
  sourceCreate: route<Source, SourceCreate>()('POST', '/api/sources'),
  sourceUpdate: route<Source, SourcePatch>()('PATCH', '/api/sources/:id', IN.source),
  sourceDelete: route<void>()('DELETE', '/api/sources/:id', IN.source),
  sourceTest: route<SourceTestResult>()('POST', '/api/sources/:id/test', IN.source),
  sourceAuthorize: route<SourceAuthorize>()('POST', '/api/sources/:id/authorize', IN.source),
  sourceAuthorizeCancel: route<void>()('DELETE', '/api/sources/:id/authorize', IN.source),
  // One-time sign-in codes (issue 21): made on this computer, exchanged once for a key.
  signInCodeCreate: route<SignInCode, SignInCodeCreate>()('POST', '/api/sign-in-codes'),
  signInCheck: route<SignInCodeInfo, SignInRedeem>()('POST', '/api/sign-in/check'),
  signIn: route<CreatedApiKeyView, SignInRedeem>()('POST', '/api/sign-in'),
  keyEnable: route<ApiKeyView>()('POST', '/api/keys/:id/enable', IN.key),
  // Mark all read (issue 20): one request for the whole mailbox.
  mailReadAll: route<MailReadAll>()('POST', '/api/emails/:email/read-all', IN.mailbox),
} as const;

export type RouteName = keyof typeof routes;

/** What every entry has, whatever its types: for code that walks the table. */
export interface RouteEntry {
  readonly method: Method;
  readonly path: string;
  readonly input: RouteInput;
}

export const routeList = Object.entries(routes) as readonly (readonly [RouteName, RouteEntry])[];

/** A task's three files, by the kind media-routes.ts serves. */
export const taskMediaRoutes = {
  download: routes.taskDownload,
  preview: routes.taskPreview,
  cover: routes.taskCover,
} as const;

/** Paths under these prefixes are the APIs': never the web UI's, never cached by its worker. */
const API_PATH = /^\/(api|ws)(\/|$)/;

export function isApiPath(urlPath: string): boolean {
  return API_PATH.test(urlPath);
}

/**
 * The route a request went to (`path` may carry a query), or null. A fixed segment wins over
 * a parameter, as in Fastify's router.
 */
export function matchRoute(method: string, path: string): RouteName | null {
  const segments = (path.split('?')[0] ?? '').split('/');
  let best: { name: RouteName; params: number } | null = null;
  for (const [name, entry] of routeList) {
    if (entry.method !== method) continue;
    const pattern = entry.path.split('/');
    if (pattern.length !== segments.length) continue;
    let params = 0;
    const fits = pattern.every((part, i) => {
      if (!part.startsWith(':')) return part === segments[i];
      params += 1;
      return segments[i] !== '';
    });
    if (fits && (best === null || params < best.params)) best = { name, params };
  }
  return best?.name ?? null;
}
