import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { loadUndici } from '../../core/undici.ts';
import type { LazyDispatcher } from '../../core/undici.ts';

/** A response body as the outbound client hands it on: a stream that can be dumped or read. */
export type OutboundBody = Readable & { dump(): Promise<void>; text(): Promise<string> };

/** One request, already vetted by the outbound client; a transport never follows redirects. */
export interface TransportRequest {
  url: URL;
  method: 'GET' | 'HEAD';
  headers: Record<string, string>;
  signal?: AbortSignal;
}

export interface TransportAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: OutboundBody;
}

/** How bytes leave the machine for one kind of request (media through undici, pages through impit). */
export interface Transport {
  send(req: TransportRequest): Promise<TransportAnswer>;
  close(): Promise<void>;
}

/** A transport over an undici dispatcher (proxy and DNS guard live in the dispatcher). */
export function dispatcherTransport(dispatcher: LazyDispatcher): Transport {
  return {
    async send(req) {
      const [{ request }, made] = await Promise.all([loadUndici(), dispatcher.get()]);
      const res = await request(req.url, {
        dispatcher: made,
        method: req.method,
        headers: req.headers,
        signal: req.signal,
      });
      return { statusCode: res.statusCode, headers: res.headers, body: res.body };
    },
    close: () => dispatcher.close(),
  };
}

/** A proxy (the user's, or one named by HTTP(S)_PROXY) answered a CONNECT with this status. */
export class ProxyRefusedError extends Error {
  constructor(readonly status: number) {
    super(`The proxy refused the tunnel (HTTP ${status})`);
    this.name = 'ProxyRefusedError';
  }
}

/** A transport failure carrying the Node error code it amounts to (ETIMEDOUT, ECONNRESET…). */
export class TransportFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'TransportFailure';
  }
}
