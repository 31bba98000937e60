import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../app/app-error.ts';
import type { ApiKeyStore } from '../mail/key-store.ts';

const MESSAGES = {
  missing:
    'An API key is required: send it as "X-API-Key: <key>" or "Authorization: Bearer <key>".',
  invalid: 'The API key is not valid.',
  disabled: 'The API key has been disabled.',
} as const;

/**
 * The key a request presents: X-API-Key, then Authorization: Bearer, then (WebSocket only,
 * where browsers cannot set headers) the api_key query parameter.
 */
export function presentedKey(request: FastifyRequest, allowQuery: boolean): string | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (bearer?.[1]) return bearer[1];
  if (allowQuery) {
    const query = (request.query as Record<string, unknown> | undefined)?.api_key;
    if (typeof query === 'string' && query !== '') return query;
  }
  return null;
}

/** An onRequest hook answering 401 for a missing, unknown or disabled key. */
export function requireApiKey(keys: ApiKeyStore, options: { allowQuery: boolean }) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const result = keys.check(presentedKey(request, options.allowQuery));
    if (result === 'ok') return;
    void reply.header('www-authenticate', 'Bearer');
    throw new AppError('MAIL_AUTH_FAILED', MESSAGES[result]);
  };
}
