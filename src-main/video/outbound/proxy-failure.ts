import type { ProxyUse } from '../../../src-shared/video/schemas.ts';
import { proxyFor } from './proxy-choice.ts';
import { TransportFailure } from './transport.ts';

/** Which proxy (if any) a request to a URL goes through, as a run's diagnostics name it. */
export type ProxyRoute = (url: URL) => ProxyUse | null;

export const DIRECT: ProxyRoute = () => null;

/**
 * The route for one proxy setting: the configured proxy, else HTTP(S)_PROXY and NO_PROXY as the
 * transports apply them (proxy-choice.ts). Only `host:port` is kept: the URL may carry a password.
 */
export function proxyRoute(configured: string | null, env: NodeJS.ProcessEnv): ProxyRoute {
  return (url) => {
    const proxy = proxyFor(url, configured, env);
    if (proxy === null) return null;
    return { host: hostOf(proxy), from: configured === null ? 'environment' : 'settings' };
  };
}

function hostOf(proxy: string): string {
  try {
    const url = new URL(proxy);
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return `${url.hostname}:${port}`;
  } catch {
    return '(unreadable proxy URL)';
  }
}

/** Nothing answered at the proxy's address: the request never left for the platform. */
export class ProxyUnreachableError extends Error {
  constructor(
    readonly proxy: ProxyUse,
    readonly code: string,
    options: { cause: unknown },
  ) {
    super(`Could not reach the proxy ${proxy.host} (${code})`, options);
    this.name = 'ProxyUnreachableError';
  }
}

/**
 * Errors that, with a proxy in the way, can only be about the proxy: the proxy itself resolves
 * and connects to the platform and reports its own failures as a CONNECT status (a
 * ProxyRefusedError), so a refused, unresolved or unroutable connection is the one to the proxy.
 */
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** `err` restated as the proxy's failure when it is one, else null. */
export function proxyConnectFailure(err: unknown, proxy: ProxyUse): ProxyUnreachableError | null {
  if (!(err instanceof Error)) return null;
  // impit, through a user proxy, reports its failed connection to that proxy as ConnectError
  // (the page transport wraps it); a failure past the proxy comes back as a tunnel status.
  if (err instanceof TransportFailure && err.cause instanceof Error) {
    if (err.cause.name === 'ConnectTimeout') {
      return new ProxyUnreachableError(proxy, 'ETIMEDOUT', { cause: err });
    }
    if (err.cause.name !== 'ConnectError') return null;
    return new ProxyUnreachableError(proxy, impitConnectCode(err.cause.message), { cause: err });
  }
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECT_CODES.has(code)) {
    return new ProxyUnreachableError(proxy, code, { cause: err });
  }
  return null;
}

/** The Node code an impit ConnectError amounts to (its message names the OS error). */
function impitConnectCode(message: string): string {
  if (/dns error|lookup address/i.test(message)) return 'ENOTFOUND';
  if (/refused/i.test(message)) return 'ECONNREFUSED';
  if (/timed? ?out/i.test(message)) return 'ETIMEDOUT';
  if (/unreachable/i.test(message)) return 'EHOSTUNREACH';
  return 'ECONNRESET';
}
