import type { FastifyReply, FastifyRequest } from 'fastify';
import { authorize, type Access, type Granted, type Origin } from '../api/access.ts';
import { connectionActivity } from '../net/connection-limits.ts';
import { isLoopbackAddress } from '../core/loopback.ts';
import type { ApiKeyStore } from '../mail/access/key-store.ts';

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

/** Where a request comes from, for the authorization decision: this computer or the LAN. */
export function originOf(request: FastifyRequest): Origin {
  return isLoopbackAddress(request.ip) ? 'local' : 'lan';
}

/**
 * An onRequest hook asking the one authorization decision (api/access.ts) about a route:
 * 403 for a local-only route reached from the LAN, 401 (with WWW-Authenticate, added by
 * error-handler.ts) for a missing, unknown, disabled or ambiguous key.
 */
export function requireAccess(
  access: Access,
  keys: Pick<ApiKeyStore, 'identify'>,
  options: { allowQuery: boolean },
) {
  return (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void => {
    let granted: Granted;
    try {
      const presented = presentedKey(request, options.allowQuery);
      const caller =
        presented === 'conflict'
          ? { origin: originOf(request), key: null, conflict: true }
          : { origin: originOf(request), key: presented.key };
      granted = authorize(access, caller, keys);
    } catch (err) {
      done(err as Error);
      return;
    }
    if (granted.keyId !== null) {
      keyIds.set(request, granted.keyId);
      // The user's own client: the connection limit never closes this socket to make room.
      connectionActivity.keyed(request.raw.socket);
    }
    done();
  };
}
