import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Logger } from '../app/logger.ts';
import type { VideoService } from '../video/video-service.ts';
import { BODY_LIMIT_BYTES, registerBodyParsers } from './body-parsers.ts';
import { registerErrorHandler } from './error-handler.ts';
import { registerMediaRoutes } from './media-routes.ts';
import { registerRateLimit, type RateLimits } from './rate-limit.ts';
import { registerVideoRoutes } from './video-routes.ts';
import { registerWebUi } from './web-ui.ts';

export interface HttpServerDeps {
  video: VideoService;
  rateLimits: RateLimits;
  logger: Logger;
  /** Folder holding the web UI's index.html. */
  webUiDir: string;
}

/** Builds the HTTP server with every route; the caller decides where it listens. */
export async function createHttpServer(deps: HttpServerDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: false,
    forceCloseConnections: true,
    // Router-level failures (bad % escapes, over-long ids) still answer in the {detail} shape.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply).code(error.statusCode ?? 400).send({ detail: error.message });
    },
  });
  registerErrorHandler(app, deps.logger);
  registerBodyParsers(app);
  await registerRateLimit(app, deps.rateLimits);
  registerVideoRoutes(app, deps.video, deps.rateLimits);
  registerMediaRoutes(app, deps.video);
  registerWebUi(app, deps.webUiDir);
  return app;
}
