import { UpstreamStatusError } from '../../downloader.ts';
import type { OutboundResponse } from '../../outbound/outbound-client.ts';
import { withRetry } from '../../retry.ts';
import { isTransient } from '../../task-failure.ts';

/**
 * Tries per request (the first included) and the first back-off, which doubles. Every platform
 * retries the same failures the same way; only tests shorten the wait.
 */
export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 1000 };

/**
 * Runs one request until it succeeds or fails for a reason another try cannot change. Only
 * transient failures (network errors, 5xx, 408) are retried, and every wait ends with the task's
 * signal, so retries stay inside the task's time budget.
 */
export function retryTransient<T>(
  task: () => Promise<T>,
  signal: AbortSignal,
  policy: RetryPolicy,
): Promise<T> {
  return withRetry(task, { signal, isRetryable: isTransient, ...policy });
}

/**
 * A 5xx or 408 answer is a hiccup, not a verdict on the post: its body is drained (to free the
 * connection) and it is thrown as the shared UpstreamStatusError, which retryTransient retries
 * and describeFailure words alike for every platform.
 */
export async function throwIfServerError(res: OutboundResponse, url = res.url): Promise<void> {
  if (res.statusCode >= 500 || res.statusCode === 408) {
    await res.body.dump().catch(() => undefined);
    throw new UpstreamStatusError(res.statusCode, url);
  }
}
