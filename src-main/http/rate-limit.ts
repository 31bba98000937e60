import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error.ts';
import { clientKey } from '../net/connection-limits.ts';
import { presentedKey } from './mail-auth.ts';
import { isFromOtherSite } from './origin-guard.ts';

export interface RateLimits {
  /** All requests per client IP per minute. */
  requestsPerMinute: number;
  /** POST /api/tasks per client IP per minute (set on that route). */
  createsPerMinute: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { requestsPerMinute: 300, createsPerMinute: 10 };

/** The id of a usable API key, or null (mail/access/key-store.ts `identify`). */
export type KeyIdentifier = (key: string) => number | null;

/**
 * Request limits per bucket (rateLimitBucket); an exceeded limit is a 429 with Retry-After in the
 * usual body shape.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  limits: RateLimits,
  identifyKey: KeyIdentifier,
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: limits.requestsPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => rateLimitBucket(request, identifyKey),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `Too many requests: at most ${context.max} per minute. Wait ${Math.ceil(context.ttl / 1000)} s and try again.`,
        { retryAfterSeconds: Math.ceil(context.ttl / 1000) },
      ),
  });
}

/**
 * The allowance a request spends. Three kinds of bucket, so nothing one kind does can use up
 * another's:
 * - `page:<client>`: what a browser marks as sent by a page of another site (Sec-Fetch-Site
 *   `cross-site`/`same-site`, or a foreign Origin). A page the user has open can fire
 *   hundreds of `no-cors` requests; they land here, never in the UI's or a script's bucket.
 * - `key:<id>`: a request carrying a usable API key (the web UI's mail calls, the user's
 *   scripts and phones), one bucket per key. Only a key that exists counts: a made-up key
 *   would otherwise buy a fresh bucket per request.
 * - `<client>` (rateLimitKey): everything else, e.g. the UI's own video calls and keyless
 *   scripts.
 */
export function rateLimitBucket(request: FastifyRequest, identifyKey: KeyIdentifier): string {
  const client = rateLimitKey(request.ip);
  if (isFromOtherSite(request)) return `page:${client}`;
  const presented = presentedKey(request, true);
  if (presented !== 'conflict' && presented.key !== null) {
    const id = identifyKey(presented.key);
    if (id !== null) return `key:${id}`;
  }
  return client;
}

/** Which client a request counts against (net/connection-limits.ts `clientKey`). */
export const rateLimitKey = clientKey;
