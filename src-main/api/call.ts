import type { ResponseOf, routes } from '../../src-shared/api/routes.ts';
import { authorize, ROUTE_ACCESS, type Caller } from './access.ts';
import {
  Encoded,
  type ApiAnswer,
  type ApiContext,
  type ApiHandler,
  type ApiRoute,
  type ApiServices,
} from './handler.ts';
import { apiHandlers } from './handlers.ts';
import { parseRouteInput, type RawInput } from './route-input.ts';

/** A request as either carrier hands it over: parameters and query as text, the JSON body. */
export interface ApiRequest extends RawInput {
  body: unknown;
}

/**
 * A route's handler on checked input: the one place both carriers (HTTP, IPC) parse the path
 * parameters and query, so a refusal is the same answer on each. Not async: a plain poll
 * answers in the same tick, without a promise (bench/polling.ts).
 */
export function runHandler<N extends ApiRoute>(
  route: N,
  request: ApiRequest,
  context: ApiContext,
): ApiAnswer<N> | Promise<ApiAnswer<N>> {
  const handler = apiHandlers[route] as ApiHandler<N>;
  // Not `{ ...parsed, body }`: on the poll path V8's object spread here cost ~2 µs a request
  // (a CPU profile of bench/polling.ts: 0.5 s of the server's 19 s in this function).
  const { params, query } = parseRouteInput(route, request);
  return handler({ params, query, body: request.body }, context);
}

/**
 * One call of a route for a carrier that wants the answer as a value (the desktop's IPC):
 * the authorization decision, the handler, and an encoded answer read back as an object.
 */
export async function callApi<N extends ApiRoute>(
  route: N,
  request: ApiRequest,
  caller: Caller,
  services: ApiServices,
): Promise<ResponseOf<(typeof routes)[N]>> {
  // The key store is asked only when a key must be checked.
  const keys = { identify: (key: string | null) => services.mail.keys.identify(key) };
  const { keyId } = authorize(ROUTE_ACCESS[route], caller, keys);
  const answer = await runHandler(route, request, {
    caller,
    keyId,
    services,
    meta: {},
    onClose: () => undefined,
  });
  return answer instanceof Encoded ? await answer.value() : answer;
}
