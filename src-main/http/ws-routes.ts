import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { MAIL_LIMITS } from '../../src-shared/mail/limits.ts';
import type { Clock } from '../app/clock.ts';
import type { MailServices } from '../mail/mail-services.ts';
import { requireApiKey } from './mail-auth.ts';
import { parseStreamAfterId } from './mail-request.ts';
import { MailStream, type StreamOptions } from './mail-stream.ts';

export const DEFAULT_STREAM_OPTIONS: StreamOptions = {
  heartbeatMs: MAIL_LIMITS.heartbeatSeconds * 1000,
  maxBufferedBytes: 4 * 1024 * 1024,
};

interface StreamRequest {
  Params: { email: string };
  Querystring: Record<string, string | string[] | undefined>;
}

/** What the checks before the upgrade found, handed to the socket handler. */
const checked = new WeakMap<FastifyRequest, { email: string; afterId: number | null }>();

/**
 * WS /ws/{email}?api_key=…[&after_id=N] (seed 001 §6). Key, address and after_id are checked
 * before the upgrade, so a refusal is a plain HTTP 400/401/404 with a {detail} body.
 */
export async function registerWsRoutes(
  app: FastifyInstance,
  mail: MailServices,
  clock: Clock,
  options: StreamOptions,
): Promise<void> {
  // Clients send nothing useful; a small maxPayload keeps a hostile one from costing memory.
  await app.register(websocket, { options: { maxPayload: 4096 } });
  await app.register((scope, _opts, done) => {
    scope.addHook('onRequest', requireApiKey(mail.keys, { allowQuery: true }));
    scope.route<StreamRequest>({
      method: 'GET',
      url: '/ws/:email',
      preHandler: (request, _reply, done) => {
        const afterId = parseStreamAfterId(request.query);
        const { email } = mail.leases.requireRecorded(request.params.email);
        checked.set(request, { email, afterId });
        done();
      },
      handler: (_request, reply) =>
        reply.code(426).header('upgrade', 'websocket').send({
          detail: 'This endpoint is a WebSocket: connect with a WebSocket client.',
        }),
      wsHandler: (socket, request) => {
        const target = checked.get(request);
        if (!target) return socket.terminate();
        new MailStream(socket, target.email, target.afterId, { ...mail, clock }, options);
      },
    });
    done();
  });
}
