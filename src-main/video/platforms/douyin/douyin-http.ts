import type { OutboundResponse, ScopedClient } from '../../outbound/outbound-client.ts';
import { withRetry } from '../../retry.ts';
import { isTransient } from '../../task-failure.ts';
import { UpstreamStatusError } from '../../downloader.ts';
import { douyinErrors } from './douyin-errors.ts';

/** Tries per request and the first back-off; tests shorten the wait. */
export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 1000 };

/** A real share page is a few hundred KiB at most; anything far larger is not one. */
const MAX_PAGE_BYTES = 4 * 1024 * 1024;

export interface DouyinHttp {
  client: ScopedClient;
  signal: AbortSignal;
  retry: RetryPolicy;
}

/**
 * One request without following redirects, retried with back-off while it fails for a
 * transient reason (network errors, 5xx, 408) inside the task's signal. `read` turns the
 * answer into a result; it throws UpstreamStatusError for statuses worth another try.
 */
export function fetchOnce<T>(
  http: DouyinHttp,
  url: string,
  headers: Record<string, string>,
  read: (res: OutboundResponse) => T | Promise<T>,
): Promise<T> {
  return withRetry(
    async () => {
      const res = await http.client.fetch({
        url,
        headers,
        signal: http.signal,
        followRedirects: false,
      });
      try {
        return await read(res);
      } finally {
        // Whatever `read` left unread is drained (up to undici's small limit, then cut), so the
        // connection is freed; a 302's body or the first bytes of a video are all this touches.
        await res.body.dump().catch(() => undefined);
      }
    },
    { signal: http.signal, isRetryable: isTransient, ...http.retry },
  );
}

/** Throws UpstreamStatusError for 5xx and 408, so fetchOnce retries them. */
export function retryOnServerError(res: OutboundResponse): void {
  if (res.statusCode >= 500 || res.statusCode === 408) {
    throw new UpstreamStatusError(res.statusCode, res.url);
  }
}

/** The body as UTF-8 text, refusing pages over MAX_PAGE_BYTES instead of buffering them. */
export async function readPage(res: OutboundResponse): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_PAGE_BYTES) throw douyinErrors.pageTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The Location of a 3xx answer, resolved against the URL that answered; null otherwise. */
export function redirectTarget(res: OutboundResponse): URL | null {
  if (res.statusCode < 300 || res.statusCode > 399) return null;
  const raw: unknown = res.headers.location;
  const location: unknown = Array.isArray(raw) ? raw[0] : raw;
  if (typeof location !== 'string' || location === '') return null;
  try {
    return new URL(location, res.url);
  } catch {
    return null;
  }
}
