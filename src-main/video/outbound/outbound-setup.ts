import type { Resolver } from './address-guard.ts';
import type { LazyDispatcher } from '../../core/undici.ts';
import { createDispatcher } from './dispatcher.ts';
import { GuardProxy } from './guard-proxy.ts';
import { certFallbackTransport } from './page-cert-fallback.ts';
import { impitPageTransport } from './page-transport.ts';
import { proxyRoute, type ProxyRoute } from './proxy-failure.ts';
import { dispatcherTransport, type Transport } from './transport.ts';

export interface OutboundTransports {
  /** Media bytes (and plain-http pages): undici, the fast path. */
  dispatcher: LazyDispatcher;
  /** Platform pages: impit behind the guard proxy, or undici (see below). */
  pages: Transport;
  /**
   * Which client sends pages: `impit` (as a browser); `impit-then-undici` when
   * NODE_EXTRA_CA_CERTS is set (undici once impit fails a certificate); `undici` (tests).
   */
  pageClient: 'impit' | 'impit-then-undici' | 'undici';
  /** Which proxy both transports send a URL through (settings, else the environment). */
  route: ProxyRoute;
  close(): Promise<void>;
}

/**
 * Builds both transports for one proxy setting. Pages go through impit. impit checks
 * certificates against the system store only, so when the user trusts extra certificates
 * through NODE_EXTRA_CA_CERTS (a TLS-inspecting company proxy whose certificate only Node knows)
 * a page whose certificate impit rejects is sent again through undici, and so are the later ones
 * (page-cert-fallback.ts); behind such a proxy the platform sees the proxy's hello anyway. Until
 * then, which is always when the variable merely names the system bundle, pages stay
 * browser-like.
 */
export function createOutboundTransports(options: {
  proxy: string | null;
  resolver?: Resolver;
  guard: GuardProxy;
  env?: NodeJS.ProcessEnv;
}): OutboundTransports {
  const env = options.env ?? process.env;
  const dispatcher = createDispatcher({ proxy: options.proxy, resolver: options.resolver });
  const plain = dispatcherTransport(dispatcher);
  const impit = impitPageTransport({ proxy: options.proxy, guard: options.guard, plain, env });
  const extraCerts = Boolean(env.NODE_EXTRA_CA_CERTS);
  const pages = extraCerts ? certFallbackTransport(impit, plain) : impit;
  return {
    dispatcher,
    pages,
    pageClient: extraCerts ? 'impit-then-undici' : 'impit',
    route: proxyRoute(options.proxy, env),
    close: async () => {
      await pages.close();
      await dispatcher.close();
    },
  };
}

export { GuardProxy };
