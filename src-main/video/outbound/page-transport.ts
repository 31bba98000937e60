import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
// Only `Impit` is a named export Node can see in impit's CommonJS; its error classes are told
// apart by name (ImpitError sets `name` to the class name).
import { Impit, type ImpitResponse } from 'impit';
import {
  browserFamily,
  browserHeaders,
  IMPIT_PROFILE,
  suppressedHeaders,
} from './browser-headers.ts';
import { TUNNEL_FAILURE_STATUS, type GuardProxy } from './guard-proxy.ts';
import { proxyFor } from './proxy-choice.ts';
import {
  ProxyRefusedError,
  TransportFailure,
  type OutboundBody,
  type Transport,
  type TransportRequest,
} from './transport.ts';

export interface PageTransportOptions {
  /** The proxy from settings (null: HTTP(S)_PROXY or direct), as for media. */
  proxy: string | null;
  /** Where direct connections go: the local proxy that resolves through the address guard. */
  guard: GuardProxy;
  /** Plain-http pages (nothing to impersonate) go here: the media transport. */
  plain: Transport;
  /** Per-request limit on connect + answer, like the media dispatcher's headers timeout. */
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}

const STATUS_CODE = new Map(Object.entries(TUNNEL_FAILURE_STATUS).map(([c, s]) => [s, c]));

/**
 * Pages through impit, which presents a browser's TLS hello and HTTP/2 settings (platforms
 * answer clients that do not look like a browser with stub, challenge or bot pages). The outbound
 * client has already vetted the URL and walks redirects itself, so impit never follows one. A
 * direct request reaches the platform through the guard proxy (DNS checked, no rebinding window);
 * a proxied one goes straight to the user's proxy, which resolves names itself, as for media.
 * One impit client per browser profile and proxy, so a task's pages share connections.
 */
export function impitPageTransport(options: PageTransportOptions): Transport {
  const env = options.env ?? process.env;
  const clients = new Map<string, Impit>();
  const clientFor = (family: keyof typeof IMPIT_PROFILE, proxyUrl: string): Impit => {
    const key = `${family} ${proxyUrl}`;
    let client = clients.get(key);
    if (!client) {
      client = new Impit({ browser: IMPIT_PROFILE[family], proxyUrl, followRedirects: false });
      clients.set(key, client);
    }
    return client;
  };
  return {
    async send(req) {
      if (req.url.protocol !== 'https:') return options.plain.send(req);
      const family = browserFamily(req.headers['user-agent'] ?? '');
      const userProxy = proxyFor(req.url, options.proxy, env);
      const client = clientFor(family, userProxy ?? (await options.guard.url()));
      const headers = browserHeaders(family, req.url, req.headers);
      let res: ImpitResponse;
      try {
        res = await client.fetch(req.url.href, {
          method: req.method,
          headers: [...headers, ...suppressedHeaders(family, headers)],
          signal: req.signal,
          redirect: 'manual',
          timeout: options.timeoutMs ?? 30_000,
        });
      } catch (err) {
        throw req.signal?.aborted ? err : transportError(err, req, userProxy !== null);
      }
      return { statusCode: res.status, headers: nodeHeaders(res), body: nodeBody(res, req) };
    },
    close() {
      // impit has no close: its connections go with the clients, once unreferenced.
      clients.clear();
      return Promise.resolve();
    },
  };
}

/** Response headers as undici gives them: lower-case, Set-Cookie as an array. */
function nodeHeaders(res: ImpitResponse): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  res.headers.forEach((value, name) => {
    if (name !== 'set-cookie') out[name] = value;
  });
  const cookies = res.headers.getSetCookie();
  if (cookies.length > 0) out['set-cookie'] = cookies;
  // impit hands the body over decoded; the length and encoding of the wire no longer apply.
  if (out['content-encoding']) {
    delete out['content-encoding'];
    delete out['content-length'];
  }
  return out;
}

function nodeBody(res: ImpitResponse, req: TransportRequest): OutboundBody {
  const stream = req.method === 'HEAD' ? Readable.from([]) : Readable.fromWeb(res.body);
  return Object.assign(stream, {
    dump: () => {
      stream.destroy();
      return Promise.resolve();
    },
    text: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks).toString('utf8');
    },
  });
}

/**
 * impit's errors as the codes task-failure.ts reads (and as undici would have reported them),
 * so a page that fails reads the same as a video that fails. A refused tunnel of the guard proxy
 * names its reason by status.
 */
function transportError(err: unknown, req: TransportRequest, viaUserProxy: boolean): Error {
  const host = req.url.hostname;
  if (!(err instanceof Error)) return new Error(String(err));
  const name = err.name;
  if (name === 'ProxyAuthRequired') return new ProxyRefusedError(407);
  if (name === 'ProxyTunnelError') {
    const raw = (err as Error & { status?: unknown }).status;
    const status = typeof raw === 'number' ? raw : 502;
    if (viaUserProxy) return new ProxyRefusedError(status);
    const code = STATUS_CODE.get(status) ?? 'ECONNRESET';
    return new TransportFailure(code, `Could not connect to ${host} (${code})`, { cause: err });
  }
  if (TIMEOUTS.has(name)) {
    return new TransportFailure('ETIMEDOUT', `${host} did not answer in time`, { cause: err });
  }
  if (/certificate|UnknownIssuer|handshake/i.test(err.message)) {
    return new TransportFailure('CERT_UNTRUSTED', `TLS with ${host} failed`, { cause: err });
  }
  if (CONNECTION_FAILURES.has(name)) {
    return new TransportFailure('ECONNRESET', `The connection to ${host} failed`, { cause: err });
  }
  return err;
}

const TIMEOUTS = new Set([
  'TimeoutError',
  'ConnectTimeout',
  'ReadTimeout',
  'WriteTimeout',
  'PoolTimeout',
]);
const CONNECTION_FAILURES = new Set([
  'TransportError',
  'NetworkError',
  'ConnectError',
  'ReadError',
  'WriteError',
  'CloseError',
  'ProtocolError',
  'LocalProtocolError',
  'RemoteProtocolError',
  'ProxyError',
]);
