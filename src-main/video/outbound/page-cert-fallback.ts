import { currentDiagnostics } from '../diagnostics/diagnostics-scope.ts';
import type { DiagnosticsRecorder } from '../diagnostics/diagnostics-recorder.ts';
import { TransportFailure, type Transport } from './transport.ts';

/**
 * Why a page went through undici instead of impit, as the diagnostics record shows it: its
 * class names the switch, `code` the certificate failure, `url` the host that failed.
 */
export class PageClientFallback extends Error {
  readonly code = 'CERT_UNTRUSTED';

  constructor(
    readonly url: string,
    options: { cause: unknown },
  ) {
    super('impit rejected the certificate; pages go through undici (NODE_EXTRA_CA_CERTS)', options);
    this.name = 'PagesViaUndiciAfterCertFailure';
  }
}

/**
 * Pages through impit, and through undici (Node's CA store, NODE_EXTRA_CA_CERTS included) only
 * once impit has actually failed to verify a certificate. NODE_EXTRA_CA_CERTS often points at
 * the system bundle impit already trusts, and switching on its mere presence lost browser-like
 * pages for nothing; a TLS-inspecting company proxy whose CA only Node knows still works, from
 * the first failure on. The switch is kept for the rest of this transport's life (that proxy
 * stands before every host) and each run's diagnostics record says so once.
 */
export function certFallbackTransport(impit: Transport, plain: Transport): Transport {
  let failure: PageClientFallback | null = null;
  const told = new WeakSet<DiagnosticsRecorder>();
  const tell = (): void => {
    const record = currentDiagnostics();
    if (!record || !failure || told.has(record)) return;
    told.add(record);
    record.error(failure);
  };
  return {
    async send(req) {
      if (failure) {
        tell();
        return plain.send(req);
      }
      try {
        return await impit.send(req);
      } catch (err) {
        if (req.signal?.aborted || !isCertificateRejection(err)) throw err;
        failure = new PageClientFallback(req.url.href, { cause: err });
        tell();
        return plain.send(req);
      }
    },
    async close() {
      await impit.close();
    },
  };
}

/**
 * impit's verdict on the certificate itself (unknown issuer, bad name, expired), not any failed
 * handshake: a reset or a protocol error says nothing about which CA store would help.
 */
export function isCertificateRejection(err: unknown): boolean {
  if (!(err instanceof TransportFailure) || err.code !== 'CERT_UNTRUSTED') return false;
  const cause = err.cause;
  return cause instanceof Error && /certificate|UnknownIssuer|NotValidForName/i.test(cause.message);
}
