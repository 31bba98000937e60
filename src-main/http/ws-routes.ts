import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { routes } from '../../src-shared/api/routes.ts';
import { MAIL_LIMITS } from '../../src-shared/mail/limits.ts';
import { AppError } from '../core/app-error.ts';
import type { Clock } from '../core/clock.ts';
import type { MailServices } from '../mail/mail-services.ts';
import { ROUTE_ACCESS } from '../api/access.ts';
import { keyIdOf, requireAccess } from './mail-auth.ts';
import { parseRouteInput, type RawQuery } from '../api/route-input.ts';
import { MailStream, type StreamOptions } from './mail-stream.ts';

export const DEFAULT_STREAM_OPTIONS: StreamOptions = {
  heartbeatMs: MAIL_LIMITS.heartbeatSeconds * 1000,
  maxBufferedBytes: 4 * 1024 * 1024,
};

interface StreamRequest {
  Params: Record<string, string>;
  Querystring: RawQuery;
}

const STREAM_URL = routes.mailStream.path;

/** The close frame a stream gets when its API key is disabled or deleted (docs/API.md). */
export const KEY_REVOKED_CLOSE = { code: 4401, reason: 'API key revoked' } as const;

/** What the checks before the upgrade found, handed to the socket handler. */
const checked = new WeakMap<FastifyRequest, { email: string; afterId: number | null }>();

/**
 * WS /ws/{email}?api_key=…[&after_id=N] (docs/API.md "WS /ws/{email}"). Key, address and
 * after_id are checked before the upgrade, so a refusal is a plain HTTP 400/401/404 with a
 * {detail} body.
 */
export async function registerWsRoutes(
  app: FastifyInstance,
  mail: MailServices,
  clock: Clock,
  options: StreamOptions,
): Promise<void> {
  // Clients send nothing useful; a small maxPayload keeps a hostile one from costing memory.
  await app.register(websocket, { options: { maxPayload: 4096 } });
  // An upgrade refused by a hook that ran before @fastify/websocket's own (host and origin
  // guards, rate limit) never gets its socket closed by the plugin; Node no longer tracks an
  // upgraded socket either, so it would stay open and hold up the server's close.
  app.addHook('onResponse', (request, _reply, done) => {
    // Node sets `upgrade` on requests it handed to the 'upgrade' event (not in @types/node).
    if ((request.raw as { upgrade?: boolean }).upgrade === true) request.raw.socket.destroy();
    done();
  });
  // @fastify/websocket sends every upgrade through the router and accepts it (101, then a
  // close) on any GET route, the web UI's catch-all included. An upgrade only belongs here.
  app.addHook('onRequest', (request, _reply, done) => {
    const upgrade = (request.headers.upgrade ?? '').toLowerCase() === 'websocket';
    if (!request.ws || !upgrade || request.routeOptions.url === STREAM_URL) return done();
    done(
      new AppError('NOT_FOUND', 'There is no WebSocket at this path; mail streams at /ws/{email}.'),
    );
  });
  await app.register((scope, _opts, done) => {
    scope.addHook(
      'onRequest',
      requireAccess(ROUTE_ACCESS.mailStream, mail.keys, { allowQuery: true }),
    );
    scope.route<StreamRequest>({
      method: 'GET',
      url: STREAM_URL,
      preHandler: (request, _reply, done) => {
        const { params, query } = parseRouteInput('mailStream', request);
        const { email } = mail.leases.requireRecorded(params.email);
        checked.set(request, { email, afterId: query.after_id ?? null });
        done();
      },
      handler: (_request, reply) =>
        reply.code(426).header('upgrade', 'websocket').send({
          detail: 'This endpoint is a WebSocket: connect with a WebSocket client.',
        }),
      wsHandler: (socket, request) => {
        const target = checked.get(request);
        const keyId = keyIdOf(request);
        if (!target || keyId === null) return socket.terminate();
        const stream = new MailStream(
          socket,
          target.email,
          target.afterId,
          { ...mail, clock },
          options,
        );
        const release = mail.sessions.hold(keyId, () =>
          stream.end(KEY_REVOKED_CLOSE.code, KEY_REVOKED_CLOSE.reason),
        );
        socket.once('close', release);
      },
    });
    done();
  });
}
