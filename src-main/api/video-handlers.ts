import { VIDEO_LIMITS } from '../../src-shared/video/limits.ts';
import { validationError } from '../core/app-error.ts';
import type { ApiHandlers } from './handler.ts';
import { pydantic } from './pydantic.ts';
import { parseShareRequest } from './share-request.ts';

type VideoRoutes =
  'health' | 'capacity' | 'taskCreate' | 'taskGet' | 'taskCancel' | 'taskDiagnostics';

/**
 * Capacity, task create/read/cancel and health (docs/API.md "Endpoints"). Not async where the
 * service answers at once: a plain poll answers in the same tick, without a promise
 * (bench/polling.ts).
 */
export const videoHandlers: Pick<ApiHandlers, VideoRoutes> = {
  health: (_input, { services }) => ({ status: 'ok', server_time: services.video.serverTime() }),
  capacity: (_input, { services }) => services.video.capacity(),
  taskCreate: ({ body }, { services }) => {
    const share = parseShareRequest(body);
    return services.video.create(share.platform, share.url);
  },
  taskGet: ({ params, query }, { services }) => {
    const wait = parseWait(query.wait);
    return wait > 0
      ? services.video.waitAndGet(params.token ?? '', wait)
      : services.video.get(params.token ?? '');
  },
  taskDiagnostics: ({ params }, { services }) => services.video.diagnostics(params.token ?? ''),
  taskCancel: ({ params }, { services }) => services.video.cancel(params.token ?? ''),
};

/** `?wait=S`: seconds to hold the answer, 0 to 30. */
function parseWait(raw: string | string[] | undefined): number {
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
