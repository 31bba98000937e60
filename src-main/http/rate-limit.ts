import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '../app/app-error.ts';

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
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `Too many requests: at most ${context.max} per minute. Wait ${Math.ceil(context.ttl / 1000)} s and try again.`,
        { retryAfterSeconds: Math.ceil(context.ttl / 1000) },
      ),
  });
}
