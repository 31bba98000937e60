import { routes } from '../../src-shared/api/routes.ts';
import type { Caller } from '../api/access.ts';
import { callApi } from '../api/call.ts';
import type { ApiServices } from '../api/handler.ts';
import { isApiRoute } from '../api/handlers.ts';
import { AppError } from '../core/app-error.ts';
import type { IpcHandlers } from './ipc-register.ts';

export interface ApiIpcDeps {
  /** The running services (the window loads before they are up: a call waits for them). */
  services(): Promise<ApiServices>;
}

/** The app's own window: the sender check (ipc-register.ts) let only its top frame in. */
const WINDOW: Caller = { origin: 'window', key: null };

/** Values as a URL carries them, so the route schemas read the same text REST gives them. */
function asText(values: Record<string, string | number | undefined> = {}): Record<string, string> {
  const text: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined) text[name] = String(value);
  }
  return text;
}

/**
 * `api:call`: every route of the REST table over one channel, run by the same handlers and
 * authorization as the HTTP server (src-main/api/), so the answer is the REST body and a
 * failure carries the REST error's code.
 */
export function apiIpcHandlers(deps: ApiIpcDeps): Pick<IpcHandlers, 'api:call'> {
  return {
    'api:call': async ({ route, params, query, body }) => {
      if (!isApiRoute(route)) {
        throw new AppError('VALIDATION_FAILED', `${route} streams a file or pushes: not a call.`);
      }
      const input = { params: asText(params), query: asText(query), body };
      // What the HTTP router does before any handler: every `:name` of the path is given.
      for (const [, name = ''] of routes[route].path.matchAll(/:(\w+)/g)) {
        if (!input.params[name]) throw new AppError('VALIDATION_FAILED', `${name} is required.`);
      }
      return callApi(route, input, WINDOW, await deps.services());
    },
  };
}
