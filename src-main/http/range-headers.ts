import type { IncomingHttpHeaders } from 'node:http';

/**
 * A strong ETag for a task's file. The file is written once and renamed into place, so size
 * and mtime identify its bytes exactly; @fastify/send only makes weak tags, which RFC 9110
 * §13.1.5 forbids in If-Range.
 */
export function strongEtag(size: number, mtimeMs: number): string {
  return `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
}

/**
 * Rewrites the request's range headers into what @fastify/send handles per RFC 9110:
 * - If-Range is compared strongly against our ETag: a match keeps the Range, anything else
 *   (weak tag, stale tag, a date) drops it so the whole file is sent;
 * - a suffix range longer than the file means the whole file (RFC 9110 §14.1.3), not 416.
 */
export function normaliseRangeHeaders(
  headers: IncomingHttpHeaders,
  etag: string,
  size: number,
): IncomingHttpHeaders {
  const out = { ...headers };
  const ifRange = out['if-range'];
  if (ifRange !== undefined) {
    if (String(ifRange).trim() !== etag) delete out.range;
    delete out['if-range'];
  }
  const suffix = /^\s*bytes\s*=\s*-(\d+)\s*$/i.exec(out.range ?? '');
  if (suffix && size > 0 && Number(suffix[1]) >= size) out.range = 'bytes=0-';
  return out;
}
