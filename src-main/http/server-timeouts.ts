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
 * (`connectionsCheckingInterval`, 30 s by default, which would double a 30 s deadline), so a
 * request is cut at its deadline plus up to one interval. The interval is a fortieth of the
 * shorter deadline, at most 250 ms: a body trickled for the 30 s deadline ends by 30.25 s, not
 * seconds later (a check walks only the connections with a request in progress).
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
      connectionsCheckingInterval: checkingInterval(t),
    },
  };
}

/** How often Node looks for requests past their deadline (see timeoutOptions). */
export function checkingInterval(t: HttpTimeouts): number {
  return Math.min(250, Math.max(10, Math.floor(Math.min(t.headersMs, t.requestMs) / 40)));
}
