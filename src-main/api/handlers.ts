import { routeList } from '../../src-shared/api/routes.ts';
import type { ApiHandlers, ApiRoute, StreamedRoute } from './handler.ts';
import { mailHandlers } from './mail-handlers.ts';
import { settingsHandlers } from './settings-handlers.ts';
import { setupHandlers } from './setup-handlers.ts';
import { videoHandlers } from './video-handlers.ts';

/** Every route of the table a handler serves, the same for the HTTP and the IPC carrier. */
export const apiHandlers: ApiHandlers = {
  ...videoHandlers,
  ...mailHandlers,
  ...settingsHandlers,
  ...setupHandlers,
};

const STREAMED: ReadonlySet<string> = new Set<StreamedRoute>([
  'taskDownload',
  'taskPreview',
  'taskCover',
  'mailRaw',
  'mailAttachment',
  'mailStream',
]);

/** The routes with a handler, in the table's order (what both carriers register). */
export const apiRouteList = routeList.filter(
  ([name]) => !STREAMED.has(name),
) as readonly (readonly [ApiRoute, (typeof routeList)[number][1]])[];

export function isApiRoute(name: unknown): name is ApiRoute {
  return typeof name === 'string' && Object.hasOwn(apiHandlers, name);
}
