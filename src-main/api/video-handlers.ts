import type { ApiHandlers } from './handler.ts';
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
  taskGet: ({ params, query }, { services }) =>
    query.wait > 0
      ? services.video.waitAndGet(params.token, query.wait)
      : services.video.get(params.token),
  taskDiagnostics: ({ params }, { services }) => services.video.diagnostics(params.token),
  taskCancel: ({ params }, { services }) => services.video.cancel(params.token),
};
