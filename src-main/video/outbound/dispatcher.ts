import type { Dispatcher } from 'undici';
import { lazyDispatcher, type LazyDispatcher } from '../../core/undici.ts';
import { guardedLookup, systemResolver, type Resolver } from './address-guard.ts';

export interface DispatcherOptions {
  /** A proxy the user configured in settings; overrides HTTP(S)_PROXY. Trusted even on loopback. */
  proxy?: string | null;
  resolver?: Resolver;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
}

/** A dispatcher that exists already (tests and benches pass their own). */
export function readyDispatcher(dispatcher: Dispatcher): LazyDispatcher {
  return { get: () => Promise.resolve(dispatcher), close: () => dispatcher.close() };
}

/**
 * The transport for every outbound request. HTTPS_PROXY/HTTP_PROXY/NO_PROXY are honoured (or the
 * configured proxy); direct connections resolve names through the public-address guard. A proxy
 * resolves names itself, so the host allowlist is what protects proxied requests.
 * TLS uses Node's CA store, which includes NODE_EXTRA_CA_CERTS.
 */
export function createDispatcher(options: DispatcherOptions = {}): LazyDispatcher {
  const proxy = options.proxy ?? undefined;
  return lazyDispatcher(
    ({ EnvHttpProxyAgent }) =>
      new EnvHttpProxyAgent({
        ...(proxy ? { httpProxy: proxy, httpsProxy: proxy } : {}),
        headersTimeout: options.headersTimeoutMs ?? 20_000,
        bodyTimeout: options.bodyTimeoutMs ?? 30_000,
        connect: { lookup: guardedLookup(options.resolver ?? systemResolver) },
      }),
  );
}
