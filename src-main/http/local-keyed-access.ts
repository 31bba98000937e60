import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/app-error.ts';
import { isLoopbackAddress } from '../core/loopback.ts';
import type { ApiKeyStore } from '../mail/access/key-store.ts';
import { requireApiKey } from './mail-auth.ts';

/**
 * The settings rule, for every route that changes this computer's setup (settings, keys,
 * sign-in codes, mail sources, webhooks): the request comes from this machine (403
 * SETTINGS_LOCAL_ONLY otherwise, before any key is looked at), then carries an API key in a
 * header, never in the query. `refusal` is the 403's sentence, naming what is protected.
 */
export function requireLocalWithKey(
  scope: FastifyInstance,
  keys: ApiKeyStore,
  refusal: string,
): void {
  scope.addHook('onRequest', (request, _reply, next) => {
    if (isLoopbackAddress(request.ip)) return next();
    next(new AppError('SETTINGS_LOCAL_ONLY', refusal));
  });
  scope.addHook('onRequest', requireApiKey(keys, { allowQuery: false }));
}
