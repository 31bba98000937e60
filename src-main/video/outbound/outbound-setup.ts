import type { Resolver } from './address-guard.ts';
import type { LazyDispatcher } from '../../core/undici.ts';
import { createDispatcher } from './dispatcher.ts';
import { GuardProxy } from './guard-proxy.ts';
import { impitPageTransport } from './page-transport.ts';
import { dispatcherTransport, type Transport } from './transport.ts';

export interface OutboundTransports {
  /** Media bytes (and plain-http pages): undici, the fast path. */
  dispatcher: LazyDispatcher;
  /** Platform pages: impit behind the guard proxy, or undici (see below). */
  pages: Transport;
  /** Which client sends pages: `impit` (as a browser) or `undici` (NODE_EXTRA_CA_CERTS set). */
  pageClient: 'impit' | 'undici';
  close(): Promise<void>;
}

/**
 * Builds both transports for one proxy setting. Pages go through impit unless the user trusts
 * extra certificates through NODE_EXTRA_CA_CERTS: impit checks certificates against the system
 * store only, so a TLS-inspecting company proxy whose certificate only Node knows would fail
 * every page; behind such a proxy the platform sees the proxy's hello anyway, so nothing is lost
 * by sending those pages through undici.
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
  const pages = env.NODE_EXTRA_CA_CERTS
    ? plain
    : impitPageTransport({ proxy: options.proxy, guard: options.guard, plain, env });
  return {
    dispatcher,
    pages,
    pageClient: pages === plain ? 'undici' : 'impit',
    close: async () => {
      if (pages !== plain) await pages.close();
      await dispatcher.close();
    },
  };
}

export { GuardProxy };
