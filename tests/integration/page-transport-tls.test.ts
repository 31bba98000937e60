import net from 'node:net';
import zlib from 'node:zlib';
import { Impit } from 'impit';
import { Agent, buildConnector } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GuardProxy } from '../../src-main/video/outbound/guard-proxy.ts';
import {
  OutboundClient,
  OutboundRefusedError,
  type ScopedClient,
} from '../../src-main/video/outbound/outbound-client.ts';
import { impitPageTransport } from '../../src-main/video/outbound/page-transport.ts';
import { certFallbackTransport } from '../../src-main/video/outbound/page-cert-fallback.ts';
import { createOutboundTransports } from '../../src-main/video/outbound/outbound-setup.ts';
import { DiagnosticsRecorder } from '../../src-main/video/diagnostics/diagnostics-recorder.ts';
import { withDiagnostics } from '../../src-main/video/diagnostics/diagnostics-scope.ts';
import { dispatcherTransport, type Transport } from '../../src-main/video/outbound/transport.ts';
import { describeFailure } from '../../src-main/video/task-failure.ts';
import { TIKTOK_USER_AGENT } from '../../src-main/video/platforms/tiktok/tiktok-hosts.ts';
import { isGrease, type ClientHello } from '../helpers/client-hello.ts';
import { ConnectProxy } from '../helpers/connect-proxy.ts';
import { TEST_CERT_FILE, TlsHelloServer } from '../helpers/tls-hello-server.ts';
import { readyDispatcher } from '../../src-main/video/outbound/dispatcher.ts';

// impit trusts the system store and, on Linux, SSL_CERT_FILE (not NODE_EXTRA_CA_CERTS); the
// loopback server's self-signed certificate is trusted this way, for this test process only.
process.env.SSL_CERT_FILE = TEST_CERT_FILE;

/** Chrome's cipher suites after the GREASE one, in Chrome's fixed order (JA4 "t13d1516h2"). */
const CHROME_CIPHERS = [
  0x1301, 0x1302, 0x1303, 0xc02b, 0xc02f, 0xc02c, 0xc030, 0xcca9, 0xcca8, 0xc013, 0xc014, 0x009c,
  0x009d, 0x002f, 0x0035,
];
/**
 * Chrome's extensions (Chrome shuffles their order on every connection, so the set is what is
 * stable): SNI, EMS, renegotiation_info, groups, point formats, session ticket, ALPN, OCSP,
 * signature algorithms, SCT, key share, PSK modes, versions, compress_certificate, ALPS (new
 * code point) and the GREASE ECH extension.
 */
const CHROME_EXTENSIONS = [
  0, 23, 65281, 10, 11, 35, 16, 5, 13, 18, 51, 45, 43, 27, 17613, 65037,
].sort((a, b) => a - b);

const PAGE = 'https://www.tiktok.com/@scout2015/video/6718335390845095173';
const MEDIA = 'https://v16-webapp-prime.tiktok.com/video/tos/abc.mp4';
const owns = (host: string) => host === 'tiktok.com' || host.endsWith('.tiktok.com');

let server: TlsHelloServer;
let guard: GuardProxy;
let pages: Transport;
let media: Agent;
let http: ScopedClient;

beforeAll(async () => {
  server = await new TlsHelloServer().start();
  // Every tunnel the page transport opens lands on the loopback server, whatever the host.
  guard = new GuardProxy({ connect: () => server.connect() });
  const connector = buildConnector({ ca: server.certificate });
  media = new Agent({
    connect: (options, callback) =>
      connector(
        {
          ...options,
          hostname: '127.0.0.1',
          port: String(server.port),
          servername: options.hostname,
        },
        callback,
      ),
  });
  pages = impitPageTransport({
    proxy: null,
    guard,
    plain: dispatcherTransport(readyDispatcher(media)),
    env: {},
  });
  http = new OutboundClient(readyDispatcher(media), pages).scoped({
    allowHost: owns,
    userAgent: TIKTOK_USER_AGENT,
  });
});

afterEach(() => {
  server.hellos.length = 0;
  server.requests.length = 0;
  server.handle((_req, res) => res.end('ok'));
});

afterAll(async () => {
  await pages.close();
  await media.close();
  await guard.close();
  await server.stop();
});

function nonGrease(values: number[]): number[] {
  return values.filter((v) => !isGrease(v));
}

function expectChromeHello(hello: ClientHello | undefined): void {
  expect(hello).toBeDefined();
  if (!hello) return;
  expect(isGrease(hello.cipherSuites[0] ?? 0)).toBe(true);
  expect(nonGrease(hello.cipherSuites)).toEqual(CHROME_CIPHERS);
  expect(isGrease(hello.supportedGroups[0] ?? 0)).toBe(true);
  // X25519MLKEM768 first, as Chrome 131+ offers it, then x25519, P-256, P-384.
  expect(nonGrease(hello.supportedGroups)).toEqual([0x11ec, 0x001d, 0x0017, 0x0018]);
  // impit 0.14's chrome151 puts no GREASE in supported_versions nor among the extensions, which
  // Chrome does (docs/platforms/tiktok.md, "What the page fetch looks like"); JA3/JA4 ignore both.
  expect(nonGrease(hello.supportedVersions)).toEqual([0x0304, 0x0303]);
  expect(nonGrease(hello.extensions).sort((a, b) => a - b)).toEqual(CHROME_EXTENSIONS);
  expect(hello.alpn).toEqual(['h2', 'http/1.1']);
}

async function getPage(url: string, headers: Record<string, string> = {}) {
  const res = await http.fetch({ url, headers, followRedirects: false, purpose: 'page' });
  return { ...res, text: await res.body.text() };
}

describe('page fetch: a Chrome on the wire', () => {
  it('presents Chrome 151’s ClientHello (GREASE, cipher order, extension set, ALPN h2)', async () => {
    const res = await getPage(PAGE);
    expect(res.statusCode).toBe(200);
    expect(res.text).toBe('ok');
    expect(server.hellos).toHaveLength(1);
    expectChromeHello(server.hellos[0]);
    expect(server.hellos[0]?.serverName).toBe('www.tiktok.com');
  });

  it('speaks HTTP/2 with a browser’s headers in Chrome’s order', async () => {
    await getPage(PAGE, { cookie: 'tt_chain_token=abc', referer: 'https://www.tiktok.com/' });
    const seen = server.requests[0];
    expect(seen?.httpVersion).toBe('2.0');
    expect(seen?.authority).toBe('www.tiktok.com');
    // Chrome's pseudo-header order (m, a, s, p), which h2 fingerprints read.
    expect(seen?.pseudo).toEqual([':method', ':authority', ':scheme', ':path']);
    const names = seen?.headers.map(([name]) => name);
    expect(names).toEqual([
      'sec-ch-ua',
      'sec-ch-ua-mobile',
      'sec-ch-ua-platform',
      'upgrade-insecure-requests',
      'user-agent',
      'accept',
      'sec-fetch-site',
      'sec-fetch-mode',
      'sec-fetch-user',
      'sec-fetch-dest',
      'referer',
      'accept-encoding',
      'accept-language',
      'cookie',
      'priority',
    ]);
    const h = Object.fromEntries(seen?.headers ?? []);
    expect(h['user-agent']).toBe(TIKTOK_USER_AGENT);
    expect(h['user-agent']).toContain('Chrome/151.0.0.0');
    expect(h['sec-ch-ua']).toContain('"Google Chrome";v="151"');
    expect(h['sec-ch-ua-platform']).toBe('"Windows"');
    expect(h['sec-ch-ua-mobile']).toBe('?0');
    expect(h['accept-language']).toBe('en-US,en;q=0.9');
    expect(h['sec-fetch-site']).toBe('same-origin');
    expect(h['sec-fetch-mode']).toBe('navigate');
    expect(h.cookie).toBe('tt_chain_token=abc');
  });

  it('the plain `chrome` profile sends no GREASE, which the checks above would catch', async () => {
    const old = new Impit({ browser: 'chrome', proxyUrl: await guard.url() });
    const res = await old.fetch(PAGE, { timeout: 5000 });
    await res.text();
    const hello = server.hellos[0];
    expect(hello?.cipherSuites.some(isGrease)).toBe(false);
    expect(() => expectChromeHello(hello)).toThrow();
  });

  it('hands a redirect back instead of following it, with every Set-Cookie', async () => {
    server.handle((_req, res) => {
      res.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
      res.writeHead(302, { location: 'https://www.tiktok.com/next' }).end();
    });
    const res = await getPage(PAGE);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://www.tiktok.com/next');
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(server.requests).toHaveLength(1);
  });

  it('checks each hop it follows against the host allowlist, before sending anything there', async () => {
    server.handle((_req, res) => res.writeHead(302, { location: 'https://evil.example/' }).end());
    await expect(http.fetch({ url: PAGE, purpose: 'page' })).rejects.toBeInstanceOf(
      OutboundRefusedError,
    );
    expect(server.requests.map((r) => r.authority)).toEqual(['www.tiktok.com']);
  });

  it('decodes a compressed page and drops the wire’s length and encoding', async () => {
    const html = '<html>'.padEnd(5000, 'x');
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/html' });
      res.end(zlib.gzipSync(html));
    });
    const res = await getPage(PAGE);
    expect(res.text).toBe(html);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['content-type']).toBe('text/html');
  });

  it('sends an API request as the page’s own fetch() would', async () => {
    await getPage(PAGE, { accept: 'application/json, text/plain, */*' });
    const h = Object.fromEntries(server.requests[0]?.headers ?? []);
    expect(h['sec-fetch-mode']).toBe('cors');
    expect(h['sec-fetch-dest']).toBe('empty');
    expect(h['upgrade-insecure-requests']).toBeUndefined();
    expect(h['sec-fetch-user']).toBeUndefined();
  });
});

describe('page fetch failures read as the media path’s do', () => {
  it('a page that never answers times out as a network failure', async () => {
    server.handle(() => undefined);
    const t = impitPageTransport({ proxy: null, guard, plain: pages, env: {}, timeoutMs: 300 });
    const client = new OutboundClient(readyDispatcher(media), t).scoped({
      allowHost: owns,
      userAgent: 'x',
    });
    const err = await client.fetch({ url: PAGE, purpose: 'page' }).catch((e: unknown) => e);
    const failure = describeFailure(err, 'tiktok');
    expect(failure).toMatchObject({ code: 'network', retryable: true });
    expect(failure.message).toContain('ETIMEDOUT');
  });

  it('a certificate that does not name the host fails as TLS, not as the platform', async () => {
    const other = 'https://www.not-in-the-certificate.example/page';
    const client = new OutboundClient(readyDispatcher(media), pages).scoped({
      allowHost: () => true,
      userAgent: 'x',
    });
    const err = await client.fetch({ url: other, purpose: 'page' }).catch((e: unknown) => e);
    const failure = describeFailure(err, 'tiktok');
    expect(failure.code).toBe('network');
    expect(failure.message).toContain('secure connection');
    expect(server.requests).toHaveLength(0);
  });
});

describe('NODE_EXTRA_CA_CERTS set: impit until it rejects a certificate', () => {
  it('still presents Chrome when the variable names a bundle impit trusts too', async () => {
    const made = createOutboundTransports({
      proxy: null,
      guard,
      env: { NODE_EXTRA_CA_CERTS: TEST_CERT_FILE },
    });
    try {
      expect(made.pageClient).toBe('impit-then-undici');
      const client = new OutboundClient(readyDispatcher(media), made.pages).scoped({
        allowHost: owns,
        userAgent: TIKTOK_USER_AGENT,
      });
      const res = await client.fetch({ url: PAGE, purpose: 'page' });
      expect(await res.body.text()).toBe('ok');
      expectChromeHello(server.hellos[0]);
    } finally {
      await made.close();
    }
  });

  it('a certificate impit rejects sends the page through undici, and the record says so', async () => {
    const fallback = certFallbackTransport(
      impitPageTransport({
        proxy: null,
        guard,
        plain: dispatcherTransport(readyDispatcher(media)),
        env: {},
      }),
      dispatcherTransport(readyDispatcher(media)),
    );
    const client = new OutboundClient(readyDispatcher(media), fallback).scoped({
      allowHost: () => true,
      userAgent: TIKTOK_USER_AGENT,
    });
    const record = new DiagnosticsRecorder(() => 0);
    const other = 'https://www.not-in-the-certificate.example/page';
    // Node rejects the name too, so the page still fails as TLS, after both clients tried.
    const err = await withDiagnostics(record, () =>
      client.fetch({ url: other, purpose: 'page' }),
    ).catch((e: unknown) => e);
    expect(describeFailure(err, 'tiktok').message).toContain('secure connection');
    expect(server.hellos).toHaveLength(2);
    expectChromeHello(server.hellos[0]);
    expect(isGrease(server.hellos[1]?.cipherSuites[0] ?? 0)).toBe(false);
    expect(record.finish(null).steps).toContainEqual(
      expect.objectContaining({
        error_class: 'PagesViaUndiciAfterCertFailure',
        code: 'CERT_UNTRUSTED',
      }),
    );
    await fallback.close();
  });
});

describe('media fetch: the fast path', () => {
  it('goes through undici (Node’s own TLS: no GREASE, no h2), not through impit', async () => {
    const res = await http.fetch({ url: MEDIA, headers: { range: 'bytes=0-' } });
    expect(await res.body.text()).toBe('ok');
    const hello = server.hellos[0];
    expect(hello?.cipherSuites.some(isGrease)).toBe(false);
    expect(hello?.alpn).not.toContain('h2');
    expect(server.requests[0]?.httpVersion).toBe('1.1');
  });
});

describe('the guard proxy and the user’s proxy', () => {
  it('refuses a name that resolves to a private address, before connecting', async () => {
    const strict = new GuardProxy({
      resolver: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const t = impitPageTransport({ proxy: null, guard: strict, plain: pages, env: {} });
    const client = new OutboundClient(readyDispatcher(media), t).scoped({
      allowHost: owns,
      userAgent: 'x',
    });
    const err = await client.fetch({ url: PAGE, purpose: 'page' }).catch((e: unknown) => e);
    expect(describeFailure(err, 'tiktok').message).toContain('private or local network address');
    expect(server.hellos).toHaveLength(0);
    await strict.close();
  });

  it('answers 407 to a CONNECT without its credential', async () => {
    const url = new URL(await guard.url());
    const res = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(url.port), '127.0.0.1', () =>
        socket.write('CONNECT www.tiktok.com:443 HTTP/1.1\r\nhost: www.tiktok.com:443\r\n\r\n'),
      );
      socket.once('data', (d: Buffer) => resolve(d.toString('latin1')));
      socket.once('error', reject);
    });
    expect(res).toMatch(/^HTTP\/1\.1 407/);
    expect(server.hellos).toHaveLength(0);
  });

  it('sends pages through the configured proxy, still with Chrome’s hello', async () => {
    const proxy = await new ConnectProxy(server.port).start();
    const t = impitPageTransport({ proxy: proxy.url, guard, plain: pages, env: {} });
    const client = new OutboundClient(readyDispatcher(media), t).scoped({
      allowHost: owns,
      userAgent: TIKTOK_USER_AGENT,
    });
    const res = await client.fetch({ url: PAGE, purpose: 'page' });
    await res.body.dump();
    expect(proxy.connects).toEqual(['www.tiktok.com:443']);
    expectChromeHello(server.hellos[0]);
    proxy.refuseWith = 502;
    const other = impitPageTransport({ proxy: proxy.url, guard, plain: pages, env: {} });
    const refused = await new OutboundClient(readyDispatcher(media), other)
      .scoped({ allowHost: owns, userAgent: 'x' })
      .fetch({ url: PAGE, purpose: 'page' })
      .catch((e: unknown) => e);
    expect(describeFailure(refused, 'tiktok').message).toContain('HTTP 502 from the proxy');
    await proxy.stop();
  });

  it('leaves a NO_PROXY host to the guard proxy', async () => {
    const proxy = await new ConnectProxy(server.port).start();
    const t = impitPageTransport({
      proxy: proxy.url,
      guard,
      plain: pages,
      env: { NO_PROXY: '.tiktok.com' },
    });
    const client = new OutboundClient(readyDispatcher(media), t).scoped({
      allowHost: owns,
      userAgent: 'x',
    });
    await (await client.fetch({ url: PAGE, purpose: 'page' })).body.dump();
    expect(proxy.connects).toEqual([]);
    expect(server.requests).toHaveLength(1);
    await proxy.stop();
  });
});
