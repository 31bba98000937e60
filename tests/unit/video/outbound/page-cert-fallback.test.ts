import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DiagnosticsRecorder } from '../../../../src-main/video/diagnostics/diagnostics-recorder.ts';
import { withDiagnostics } from '../../../../src-main/video/diagnostics/diagnostics-scope.ts';
import { certFallbackTransport } from '../../../../src-main/video/outbound/page-cert-fallback.ts';
import {
  TransportFailure,
  type OutboundBody,
  type Transport,
  type TransportRequest,
} from '../../../../src-main/video/outbound/transport.ts';

/** A transport that answers with its own name, or fails with `fail` while it is set. */
function fake(name: string, fail: () => Error | null = () => null) {
  const sent: string[] = [];
  const transport: Transport = {
    send(req) {
      sent.push(req.url.host);
      const err = fail();
      if (err) return Promise.reject(err);
      const body: OutboundBody = Object.assign(Readable.from([name]), {
        dump: () => Promise.resolve(),
        text: () => Promise.resolve(name),
      });
      return Promise.resolve({ statusCode: 200, headers: {}, body });
    },
    close: () => Promise.resolve(),
  };
  return { transport, sent };
}

/** How impit's certificate and handshake failures reach the transport (page-transport.ts). */
const certFailure = () =>
  new TransportFailure('CERT_UNTRUSTED', 'TLS with www.tiktok.com failed', {
    cause: new Error('invalid peer certificate: UnknownIssuer'),
  });
const handshakeFailure = () =>
  new TransportFailure('CERT_UNTRUSTED', 'TLS with www.tiktok.com failed', {
    cause: new Error('handshake failure: peer closed connection'),
  });

const req = (host: string): TransportRequest => ({
  url: new URL(`https://${host}/page`),
  method: 'GET',
  headers: {},
});

describe('pages with NODE_EXTRA_CA_CERTS set: impit until it rejects a certificate', () => {
  it('keeps every page on impit while impit verifies the certificates', async () => {
    const impit = fake('impit');
    const plain = fake('undici');
    const pages = certFallbackTransport(impit.transport, plain.transport);
    for (const host of ['www.tiktok.com', 'www.iesdouyin.com']) {
      expect(await (await pages.send(req(host))).body.text()).toBe('impit');
    }
    expect(plain.sent).toEqual([]);
  });

  it('sends the page again through undici after a certificate failure, stays there, and says so once per record', async () => {
    const impit = fake('impit', certFailure);
    const plain = fake('undici');
    const pages = certFallbackTransport(impit.transport, plain.transport);
    const first = new DiagnosticsRecorder(() => 0);
    await withDiagnostics(first, async () => {
      expect(await (await pages.send(req('www.tiktok.com'))).body.text()).toBe('undici');
      expect(await (await pages.send(req('www.tiktok.com'))).body.text()).toBe('undici');
    });
    const second = new DiagnosticsRecorder(() => 0);
    await withDiagnostics(second, async () => {
      await pages.send(req('www.iesdouyin.com'));
    });
    expect(impit.sent).toEqual(['www.tiktok.com']);
    expect(plain.sent).toEqual(['www.tiktok.com', 'www.tiktok.com', 'www.iesdouyin.com']);
    for (const record of [first, second]) {
      expect(record.finish(null).steps).toEqual([
        expect.objectContaining({
          kind: 'error',
          error_class: 'PagesViaUndiciAfterCertFailure',
          code: 'CERT_UNTRUSTED',
          host: 'www.tiktok.com',
        }),
      ]);
    }
  });

  it('does not fall back when the handshake fails for another reason', async () => {
    const impit = fake('impit', handshakeFailure);
    const plain = fake('undici');
    const pages = certFallbackTransport(impit.transport, plain.transport);
    await expect(pages.send(req('www.tiktok.com'))).rejects.toBeInstanceOf(TransportFailure);
    expect(plain.sent).toEqual([]);
  });
});
