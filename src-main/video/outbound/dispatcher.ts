import { EnvHttpProxyAgent, type Dispatcher } from 'undici';
import { guardedLookup, systemResolver, type Resolver } from './address-guard.ts';

export interface DispatcherOptions {
  /** A proxy the user configured in settings; overrides HTTP(S)_PROXY. Trusted even on loopback. */
  proxy?: string | null;
  resolver?: Resolver;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
}

/**
 * The transport for every outbound request. HTTPS_PROXY/HTTP_PROXY/NO_PROXY are honoured (or the
 * configured proxy); direct connections resolve names through the public-address guard. A proxy
 * resolves names itself, so the host allowlist is what protects proxied requests.
 * TLS uses Node's CA store, which includes NODE_EXTRA_CA_CERTS.
 */
export function createDispatcher(options: DispatcherOptions = {}): Dispatcher {
  const proxy = options.proxy ?? undefined;
  return new EnvHttpProxyAgent({
    ...(proxy ? { httpProxy: proxy, httpsProxy: proxy } : {}),
    headersTimeout: options.headersTimeoutMs ?? 20_000,
    bodyTimeout: options.bodyTimeoutMs ?? 30_000,
    connect: { lookup: guardedLookup(options.resolver ?? systemResolver) },
  });
}
