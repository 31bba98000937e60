import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import ipaddr from 'ipaddr.js';
import { AppError } from '../core/app-error.ts';

export interface RateLimits {
  /** All requests per client IP per minute. */
  requestsPerMinute: number;
  /** POST /api/tasks per client IP per minute (set on that route). */
  createsPerMinute: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { requestsPerMinute: 300, createsPerMinute: 10 };

/** Per-IP request limits; an exceeded limit is a 429 with Retry-After in the usual body shape. */
export async function registerRateLimit(app: FastifyInstance, limits: RateLimits): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: limits.requestsPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => rateLimitKey(request.ip),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `Too many requests: at most ${context.max} per minute. Wait ${Math.ceil(context.ttl / 1000)} s and try again.`,
        { retryAfterSeconds: Math.ceil(context.ttl / 1000) },
      ),
  });
}

/**
 * Which client a request counts against. A peer can pick its source address within what it owns,
 * so the key is what it cannot step out of: every loopback address (127.0.0.0/8, ::1, and their
 * IPv4-mapped forms) is this one machine; an IPv4-mapped IPv6 address is its IPv4 address; an
 * IPv6 peer is its /64, the block one home or phone network is given.
 */
export function rateLimitKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.range() === 'loopback') return 'loopback';
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}
