import type { ServerOptions } from 'node:http';

/**
 * How long a client may take to send a request, and to keep an idle connection. Only the
 * receiving of a request is bounded: a long poll (`?wait=30`), a media download that streams
 * for minutes and a WebSocket are all past their request by then and are not affected.
 */
export interface HttpTimeouts {
  /** From the first byte to the end of the headers. */
  headersMs: number;
  /** From the first byte to the last byte of the body. */
  requestMs: number;
  /** How long a kept-alive connection may sit idle between requests. */
  keepAliveMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
};

/**
 * The Fastify and node:http options for these deadlines. Node checks them on a timer
 * (`connectionsCheckingInterval`, 30 s by default, which would double a 30 s deadline): it runs
 * here every quarter of the header deadline, at most every second.
 */
export function timeoutOptions(t: HttpTimeouts): {
  requestTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
} {
  return {
    requestTimeout: t.requestMs,
    keepAliveTimeout: t.keepAliveMs,
    http: {
      headersTimeout: t.headersMs,
      requestTimeout: t.requestMs,
      keepAliveTimeout: t.keepAliveMs,
      connectionsCheckingInterval: Math.min(1000, Math.max(10, Math.floor(t.headersMs / 4))),
    },
  };
}
