import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Clock } from '../core/clock.ts';
import { connectionActivity } from '../net/connection-limits.ts';
import type { Logger } from '../core/logger.ts';
import type { MailServices } from '../mail/mail-services.ts';
import type { VideoService } from '../video/video-service.ts';
import type { ApiServices } from '../api/handler.ts';
import { registerApiRoutes } from './api-routes.ts';
import { BODY_LIMIT_BYTES, registerBodyParsers } from './body-parsers.ts';
import { registerErrorHandler, sendClientError } from './error-handler.ts';
import { registerHostGuard, type HostPolicy } from './host-guard.ts';
import type { StreamOptions } from './mail-stream.ts';
import { registerMediaRoutes } from './media-routes.ts';
import { registerOriginGuard } from './origin-guard.ts';
import { registerRateLimit, type RateLimits } from './rate-limit.ts';
import { DEFAULT_HTTP_TIMEOUTS, timeoutOptions, type HttpTimeouts } from './server-timeouts.ts';
import { registerWebUi } from './web-ui.ts';
import { registerWsRoutes } from './ws-routes.ts';

export interface HttpServerDeps {
  video: VideoService;
  mail: MailServices;
  clock: Clock;
  stream: StreamOptions;
  rateLimits: RateLimits;
  /** The settings service and the MX lookup, as the settings routes use them. */
  settings: Pick<ApiServices, 'settings' | 'checkMx'>;
  /** The names this server answers to beyond loopback (LAN addresses, allowed host names). */
  hosts: HostPolicy;
  logger: Logger;
  /** Folder holding the web UI's index.html. */
  webUiDir: string;
  /** Deadlines for receiving a request (tests shorten them). */
  timeouts?: HttpTimeouts;
}

/**
 * Routes validate with zod (src-shared), never with Fastify's JSON schemas, so Fastify's
 * default compilers (ajv, fast-json-stringify: ~50 ms of module loading at every start) are
 * replaced by ones that refuse a route schema loudly instead of being loaded for nothing.
 */
const NO_ROUTE_SCHEMAS = {
  compilersFactory: {
    buildValidator: () => () => {
      throw new Error('Route schemas are not used here: validate with zod.');
    },
    buildSerializer: () => () => {
      throw new Error('Response schemas are not used here.');
    },
  },
};

/** Builds the HTTP server with every route; the caller decides where it listens. */
export async function createHttpServer(deps: HttpServerDeps): Promise<FastifyInstance> {
  const timeouts = timeoutOptions(deps.timeouts ?? DEFAULT_HTTP_TIMEOUTS);
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: false,
    forceCloseConnections: true,
    ...timeouts,
    // A request without Host gets host-guard.ts's 400 {detail}, not Node's bodiless 400.
    http: { ...timeouts.http, requireHostHeader: false },
    // Errors Node's parser finds before there is a request (bad framing, 408, 431).
    clientErrorHandler: sendClientError,
    schemaController: NO_ROUTE_SCHEMAS,
    // Path parameters carry mail addresses too, which may be 254 characters long (RFC 5321).
    routerOptions: { maxParamLength: 320 },
    // Router-level failures (bad % escapes, over-long ids) still answer in the {detail} shape.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply).code(error.statusCode ?? 400).send({ detail: error.message });
    },
  });
  registerErrorHandler(app, deps.logger);
  // First, before rate limits and routes: a foreign Host or a cross-site write gets nothing.
  registerHostGuard(app, deps.hosts);
  registerOriginGuard(app);
  registerBodyParsers(app);
  registerConnectionActivity(app);
  await registerRateLimit(app, deps.rateLimits, (key) => {
    const identity = deps.mail.keys.identify(key);
    return typeof identity === 'object' ? identity.id : null;
  });
  const services: ApiServices = { video: deps.video, mail: deps.mail, ...deps.settings };
  await registerApiRoutes(app, services, deps.rateLimits);
  registerMediaRoutes(app, deps.video);
  await registerWsRoutes(app, deps.mail, deps.clock, deps.stream);
  registerWebUi(app, deps.webUiDir);
  return app;
}

/**
 * Tells the connection limit (net/connection-limits.ts) which sockets are handling a request:
 * from the moment its body is in (a socket still trickling one may be closed to make room)
 * until the answer is sent.
 */
function registerConnectionActivity(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    connectionActivity.requestStarted(request.raw.socket);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    connectionActivity.requestDone(request.raw.socket);
    done();
  });
}
