import type { FastifyInstance } from 'fastify';
import { routes } from '../../src-shared/api/routes.ts';
import { VIDEO_LIMITS } from '../../src-shared/video/limits.ts';
import { validationError } from '../core/app-error.ts';
import type { VideoService } from '../video/video-service.ts';
import { statusPath } from '../video/task-view.ts';
import { parseShareRequest } from '../video/share-request.ts';
import { pydantic } from '../core/pydantic.ts';

interface TokenParams {
  token: string;
}

/**
 * Capacity, task create/read/cancel and health (docs/API.md "Endpoints"); the media endpoints
 * are in media-routes.ts.
 */
export function registerVideoRoutes(
  app: FastifyInstance,
  video: VideoService,
  limits: { createsPerMinute: number },
): void {
  app.get(routes.capacity.path, () => video.capacity());

  app.get(routes.health.path, () => ({ status: 'ok', server_time: video.serverTime() }));

  app.post(
    routes.taskCreate.path,
    { config: { rateLimit: { max: limits.createsPerMinute, timeWindow: 60_000 } } },
    (request, reply) => {
      const share = parseShareRequest(request.body);
      const created = video.create(share.platform, share.url);
      return reply.code(202).header('location', statusPath(created.task_id)).send(created);
    },
  );

  app.get<{ Params: TokenParams; Querystring: { wait?: string } }>(
    routes.taskGet.path,
    // Not async: a plain poll answers in the same tick, without a promise (bench/polling.ts).
    (request) => {
      const wait = parseWait(request.query.wait);
      return wait > 0
        ? video.waitAndGet(request.params.token, wait)
        : video.get(request.params.token);
    },
  );

  app.get<{ Params: TokenParams }>(routes.taskDiagnostics.path, (request) =>
    video.diagnostics(request.params.token),
  );

  app.delete<{ Params: TokenParams }>(routes.taskCancel.path, (request) =>
    video.cancel(request.params.token),
  );
}

/** `?wait=S`: seconds to hold the answer, 0 to 30. */
function parseWait(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 0;
  const loc = ['query', 'wait'];
  const value = Number(raw);
  if (!Number.isFinite(value)) throw validationError([pydantic.numberParsing(loc, raw)]);
  if (value < 0) throw validationError([pydantic.greaterEqual(loc, raw, 0)]);
  if (value > VIDEO_LIMITS.maxWaitSeconds) {
    throw validationError([pydantic.lessEqual(loc, raw, VIDEO_LIMITS.maxWaitSeconds)]);
  }
  return value;
}
