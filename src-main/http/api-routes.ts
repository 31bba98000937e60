import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { routes, type RouteEntry } from '../../src-shared/api/routes.ts';
import { ROUTE_ACCESS } from '../api/access.ts';
import {
  Encoded,
  type ApiAnswer,
  type ApiContext,
  type ApiRoute,
  type ApiServices,
} from '../api/handler.ts';
import { runHandler } from '../api/call.ts';
import { apiRouteList } from '../api/handlers.ts';
import type { RawInput } from '../api/route-input.ts';
import { statusPath } from '../video/task-view.ts';
import { registerMailBodyParser } from './body-parsers.ts';
import { keyIdOf, originOf, requireAccess } from './mail-auth.ts';
import { attachmentRoute, rawRoute } from './mail-file-routes.ts';

/**
 * On a list answer: `true` when mails after the last one returned exist (the byte budget or
 * `limit` stopped the page), so the client asks again with after_id = the last id. The body
 * stays the plain JSON array.
 */
export const MORE_HEADER = 'x-ephemera-more';

/**
 * What Fastify sends for an object; the answers that carry mail are written as bytes
 * (listed-json.ts), so they say it themselves.
 */
const JSON_TYPE = 'application/json; charset=utf-8';

/** What only HTTP says about a success: 201 for what a POST made, 204 for a deletion. */
const SUCCESS_STATUS: Partial<Record<ApiRoute, 201 | 204>> = {
  keyCreate: 201,
  webhookCreate: 201,
  sourceCreate: 201,
  signInCodeCreate: 201,
  keyDelete: 204,
  webhookDelete: 204,
  sourceDelete: 204,
  sourceAuthorizeCancel: 204,
};

/**
 * The routes whose bodies the default parsers read (the video API's pydantic 422s). Every other
 * route reads any body as JSON and answers bad JSON with a 400 (registerMailBodyParser).
 */
const DEFAULT_BODY_ROUTES: ReadonlySet<ApiRoute> = new Set<ApiRoute>([
  'health',
  'capacity',
  'taskCreate',
  'taskGet',
  'taskCancel',
  'taskDiagnostics',
  'info',
]);

/**
 * Registers every route of the table that has a handler (api/handlers.ts), plus the mail's
 * raw and attachment downloads behind the same authorization; media files (media-routes.ts)
 * and the WebSocket (ws-routes.ts) are registered apart.
 */
export async function registerApiRoutes(
  app: FastifyInstance,
  services: ApiServices,
  limits: { createsPerMinute: number },
): Promise<void> {
  const plain = apiRouteList.filter(([name]) => DEFAULT_BODY_ROUTES.has(name));
  const mailBodies = apiRouteList.filter(([name]) => !DEFAULT_BODY_ROUTES.has(name));
  for (const [name, entry] of plain) app.route(apiRoute(name, entry, services, limits));
  await app.register((scope, _options, done) => {
    registerMailBodyParser(scope);
    for (const [name, entry] of mailBodies) scope.route(apiRoute(name, entry, services, limits));
    done();
  });
  // The mail's raw message and attachments stream: no handler, the same authorization.
  await app.register((scope, _options, done) => {
    registerMailBodyParser(scope);
    scope.addHook(
      'onRequest',
      requireAccess(ROUTE_ACCESS.mailRaw, services.mail.keys, { allowQuery: false }),
    );
    scope.get(routes.mailRaw.path, rawRoute(services.mail));
    scope.get(routes.mailAttachment.path, attachmentRoute(services.mail));
    done();
  });
}

function apiRoute(
  name: ApiRoute,
  entry: RouteEntry,
  services: ApiServices,
  limits: { createsPerMinute: number },
): RouteOptions {
  const access = ROUTE_ACCESS[name];
  return {
    method: entry.method,
    url: entry.path,
    // GET /api/generate creates a lease (the published mail API makes it a GET): no automatic
    // HEAD twin that would, too (docs/API.md "GET /api/generate").
    exposeHeadRoute: name !== 'mailGenerate',
    ...(name === 'taskCreate'
      ? { config: { rateLimit: { max: limits.createsPerMinute, timeWindow: 60_000 } } }
      : {}),
    ...(access.kind === 'public'
      ? {}
      : { onRequest: requireAccess(access, services.mail.keys, { allowQuery: false }) }),
    // Not async: a plain poll answers in the same tick, without a promise (bench/polling.ts).
    handler: (request: FastifyRequest, reply: FastifyReply) => {
      const context: ApiContext = {
        // The key was checked by the onRequest hook already; the handler sees its id. Read
        // only by the routes that ask (GET /api/info), so a poll does not pay for it.
        get caller() {
          return { origin: originOf(request), key: null };
        },
        keyId: keyIdOf(request),
        services,
        meta: {},
        onClose: (listener) => reply.raw.once('close', listener),
      };
      const input = {
        params: request.params as RawInput['params'],
        query: request.query as RawInput['query'],
        body: request.body,
      };
      const answer = runHandler(name, input, context);
      return answer instanceof Promise
        ? answer.then((value) => send(name, value, context, reply))
        : send(name, answer, context, reply);
    },
  };
}

function send(
  name: ApiRoute,
  answer: ApiAnswer<ApiRoute>,
  context: ApiContext,
  reply: FastifyReply,
): unknown {
  if (context.meta.more !== undefined) void reply.header(MORE_HEADER, String(context.meta.more));
  if (answer instanceof Encoded) return reply.type(JSON_TYPE).send(answer.http());
  if (name === 'taskCreate') {
    const created = answer as { task_id: string };
    return reply.code(202).header('location', statusPath(created.task_id)).send(created);
  }
  const status = SUCCESS_STATUS[name];
  if (status === 204) return reply.code(204).send();
  if (status === 201) void reply.code(201);
  return answer;
}
