import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error.ts';
import { connectionActivity } from '../net/connection-limits.ts';
import type { ApiKeyStore, KeyCheck } from '../mail/access/key-store.ts';

const MESSAGES: Record<Exclude<KeyCheck, 'ok'> | 'conflict', string> = {
  missing:
    'An API key is required: send it as "X-API-Key: <key>" or "Authorization: Bearer <key>".',
  invalid: 'The API key is not valid.',
  disabled: 'The API key has been disabled.',
  conflict:
    'Send the API key once: this request carries X-API-Key (or Authorization, or api_key) more than once, or two different keys.',
};

/** The key a request presents, or `conflict` when it presents more than one. */
export type Presented = { key: string | null } | 'conflict';

/**
 * A WebSocket subprotocol that carries the key, `ephemera-key.<key>` (offered beside `ephemera`,
 * which the server picks: ws answers with the first protocol offered). The web UI uses it so the
 * key is in no URL, where proxies and logs keep it; the idea is Kubernetes' bearer subprotocol.
 */
export const KEY_PROTOCOL_PREFIX = 'ephemera-key.';

/**
 * The key a request presents: X-API-Key or Authorization: Bearer, and (WebSocket only, where
 * browsers cannot set headers) the `ephemera-key.<key>` subprotocol or the api_key query
 * parameter. Each may appear once; when several
 * are given they must agree. A repeated header is refused rather than one of its values
 * picked: two layers (a proxy, a script's defaults) disagreeing about the key is a bug to show.
 */
export function presentedKey(request: FastifyRequest, allowQuery: boolean): Presented {
  const found = new Set<string>();
  const header = headerValues(request, 'x-api-key');
  const authorization = headerValues(request, 'authorization');
  if (header.length > 1 || authorization.length > 1) return 'conflict';
  const xApiKey = header[0]?.trim() ?? '';
  if (xApiKey !== '') found.add(xApiKey);
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization[0] ?? '')?.[1];
  if (bearer) found.add(bearer);
  if (allowQuery) {
    const query = (request.query as Record<string, unknown> | undefined)?.api_key;
    if (Array.isArray(query)) return 'conflict';
    if (typeof query === 'string' && query !== '') found.add(query);
    const offered = protocolKeys(request);
    if (offered.length > 1) return 'conflict';
    if (offered[0]) found.add(offered[0]);
  }
  if (found.size > 1) return 'conflict';
  return { key: [...found][0] ?? null };
}

/** The keys offered as `ephemera-key.<key>` subprotocols (a repeated header counts too). */
function protocolKeys(request: FastifyRequest): string[] {
  return headerValues(request, 'sec-websocket-protocol')
    .flatMap((value) => value.split(','))
    .map((protocol) => protocol.trim())
    .filter((protocol) => protocol.startsWith(KEY_PROTOCOL_PREFIX))
    .map((protocol) => protocol.slice(KEY_PROTOCOL_PREFIX.length));
}

/** Every value a header was sent with (Node joins a repeated X-API-Key with ", "). */
function headerValues(request: FastifyRequest, name: string): string[] {
  // headersDistinct is missing on app.inject()'s requests.
  const distinct = (request.raw.headersDistinct as NodeJS.Dict<string[]> | undefined)?.[name];
  if (distinct) return distinct;
  const value = request.headers[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** The id of the key each authenticated request used (mail-stream ends its socket on revoke). */
const keyIds = new WeakMap<FastifyRequest, number>();

/** The id of the API key `request` was let in with; null for a request that needed none. */
export function keyIdOf(request: FastifyRequest): number | null {
  return keyIds.get(request) ?? null;
}

/** The 401 of a long poll whose key was disabled or deleted while it waited. */
export function keyRevokedError(reply: FastifyReply): AppError {
  void reply.header('www-authenticate', 'Bearer');
  return new AppError(
    'MAIL_AUTH_FAILED',
    'The API key was disabled or deleted while this request waited.',
  );
}

/** An onRequest hook answering 401 for a missing, unknown, disabled or ambiguous key. */
export function requireApiKey(keys: ApiKeyStore, options: { allowQuery: boolean }) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const presented = presentedKey(request, options.allowQuery);
    const result = presented === 'conflict' ? presented : keys.identify(presented.key);
    if (typeof result === 'object') {
      keyIds.set(request, result.id);
      // The user's own client: the connection limit never closes this socket to make room.
      connectionActivity.keyed(request.raw.socket);
      return;
    }
    void reply.header('www-authenticate', 'Bearer');
    throw new AppError('MAIL_AUTH_FAILED', MESSAGES[result]);
  };
}
