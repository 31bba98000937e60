import type { ResponseOf, routes } from '../../src-shared/api/routes.ts';
import { authorize, ROUTE_ACCESS, type Caller } from './access.ts';
import {
  Encoded,
  type ApiHandler,
  type ApiInput,
  type ApiRoute,
  type ApiServices,
} from './handler.ts';
import { apiHandlers } from './handlers.ts';

/**
 * One call of a route for a carrier that wants the answer as a value (the desktop's IPC):
 * the authorization decision, the handler, and an encoded answer read back as an object.
 */
export async function callApi<N extends ApiRoute>(
  route: N,
  input: ApiInput,
  caller: Caller,
  services: ApiServices,
): Promise<ResponseOf<(typeof routes)[N]>> {
  // The key store is asked only when a key must be checked.
  const keys = { identify: (key: string | null) => services.mail.keys.identify(key) };
  const { keyId } = authorize(ROUTE_ACCESS[route], caller, keys);
  const handler = apiHandlers[route] as ApiHandler<N>;
  const answer = await handler(input, {
    caller,
    keyId,
    services,
    meta: {},
    onClose: () => undefined,
  });
  return answer instanceof Encoded ? await answer.value() : answer;
}
