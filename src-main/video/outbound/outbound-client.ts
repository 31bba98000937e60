import type { IncomingHttpHeaders } from 'node:http';
import { canonicalHost } from './host-name.ts';
import type { LazyDispatcher } from '../../core/undici.ts';
import { currentDiagnostics } from '../diagnostics/diagnostics-scope.ts';
import { DIRECT, proxyConnectFailure, type ProxyRoute } from './proxy-failure.ts';
import {
  dispatcherTransport,
  type OutboundBody,
  type Transport,
  type TransportAnswer,
  type TransportRequest,
} from './transport.ts';

/** Why the client refused to follow a URL. */
export type OutboundRefusal = 'host_not_allowed' | 'too_many_redirects' | 'bad_redirect';

/** A request the client refused on policy grounds; nothing was sent to the refused URL. */
export class OutboundRefusedError extends Error {
  constructor(
    readonly reason: OutboundRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundRefusedError';
  }
}

/** Who is fetching: the hosts it owns (checked on every hop) and the User-Agent it speaks with. */
export interface FetchPolicy {
  allowHost: (host: string) => boolean;
  userAgent: string;
}

export interface OutboundRequest {
  url: string;
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Follow 3xx (default) or hand the 3xx back, as short-link resolution needs. */
  followRedirects?: boolean;
  /**
   * `page` for the platforms' pages and APIs (sent like a browser, see page-transport.ts),
   * `media` (default) for video and image bytes (the fast path).
   */
  purpose?: 'page' | 'media';
}

export interface OutboundResponse {
  /** The URL that answered, after redirects. */
  url: string;
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: OutboundBody;
}

export const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A client bound to one extractor's policy; extractors only ever see this. */
export interface ScopedClient {
  fetch(req: OutboundRequest): Promise<OutboundResponse>;
}

/**
 * The one HTTP client for everything Ephemera fetches from the internet. Each extractor gets a
 * scoped view that only speaks to the hosts it owns (re-checked on every redirect, at most 5
 * hops), never to IP literals, and only over http(s); the transports add proxies and the DNS
 * guard. Media bytes go through the undici dispatcher; pages through the page transport when
 * one is given (a browser-like client), else through the dispatcher too.
 */
export class OutboundClient {
  private media: Transport;

  constructor(
    dispatcher: LazyDispatcher,
    private pages: Transport | null = null,
    /** Which proxy the transports send a URL through, so a failure can name it. */
    private route: ProxyRoute = DIRECT,
  ) {
    this.media = dispatcherTransport(dispatcher);
  }

  /**
   * Sends every request from now on through `next` (the proxy setting changed); requests in
   * flight finish on the old transports, which the caller closes.
   */
  switchTransports(next: {
    dispatcher: LazyDispatcher;
    pages: Transport | null;
    route: ProxyRoute;
  }): void {
    this.media = dispatcherTransport(next.dispatcher);
    this.pages = next.pages;
    this.route = next.route;
  }

  scoped(policy: FetchPolicy): ScopedClient {
    return { fetch: (req) => this.fetch(req, policy) };
  }

  private async fetch(req: OutboundRequest, policy: FetchPolicy): Promise<OutboundResponse> {
    let url = checkTarget(req.url, policy.allowHost);
    let method = req.method ?? 'GET';
    const headers = { 'user-agent': policy.userAgent, ...lowerCaseKeys(req.headers) };
    const transport = req.purpose === 'page' && this.pages ? this.pages : this.media;
    for (let hop = 0; ; hop++) {
      const res = await this.send(transport, { url, method, headers, signal: req.signal });
      const location = res.headers.location;
      if (req.followRedirects === false || !REDIRECT_STATUSES.has(res.statusCode) || !location) {
        return { url: url.href, statusCode: res.statusCode, headers: res.headers, body: res.body };
      }
      await res.body.dump();
      if (hop >= MAX_REDIRECTS) {
        throw new OutboundRefusedError(
          'too_many_redirects',
          `More than ${MAX_REDIRECTS} redirects from ${req.url}`,
        );
      }
      // A repeated header arrives as an array from undici, whatever the type says.
      const raw: unknown = location;
      const next: unknown = Array.isArray(raw) ? raw[0] : raw;
      url = checkTarget(
        resolveLocation(typeof next === 'string' ? next : '', url),
        policy.allowHost,
      );
      if (res.statusCode === 303) method = 'GET';
    }
  }

  /** One hop; with a proxy in the way, the run's record says so and a failure names it. */
  private async send(transport: Transport, req: TransportRequest): Promise<TransportAnswer> {
    const proxy = this.route(req.url);
    if (proxy) currentDiagnostics()?.viaProxy(proxy);
    try {
      return await transport.send(req);
    } catch (err) {
      if (!proxy || req.signal?.aborted) throw err;
      throw proxyConnectFailure(err, proxy) ?? err;
    }
  }
}

function lowerCaseKeys(headers: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

function resolveLocation(location: string, base: URL): string {
  try {
    return new URL(location, base).href;
  } catch {
    throw new OutboundRefusedError('bad_redirect', `Unreadable redirect target: ${location}`);
  }
}

/**
 * Parses and vets one target; throws before anything is sent to a refused URL. The URL that
 * comes back names the host exactly as it was checked (see canonicalHost), so a trailing dot or
 * a full-width spelling cannot make the request go to a name other than the one allowed.
 */
function checkTarget(raw: string, allowHost: (host: string) => boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefusedError('bad_redirect', `Not a valid URL: ${raw}`);
  }
  const host = canonicalHost(url);
  const allowed =
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    host !== null &&
    url.username === '' &&
    url.password === '' &&
    allowHost(host);
  if (!allowed || host === null) {
    throw new OutboundRefusedError('host_not_allowed', `Refused to fetch ${url.origin}`);
  }
  url.hostname = host;
  return url;
}
