/**
 * What a page's HTTP status says about the post, read the same way on every platform: 404 and
 * 410 mean the post (or short link) is gone, 451 that the region is blocked, 401/403/429 that the
 * platform refused this connection. Each platform words the meaning in its own sentence and may
 * leave a meaning it never sees to its catch-all; 5xx and 408 never get here, they are retried
 * (see throwIfServerError).
 */
export type PageStatusMeaning = 'gone' | 'region_blocked' | 'refused' | 'other';

export function pageStatusMeaning(status: number): PageStatusMeaning {
  if (status === 404 || status === 410) return 'gone';
  if (status === 451) return 'region_blocked';
  if (status === 401 || status === 403 || status === 429) return 'refused';
  return 'other';
}
