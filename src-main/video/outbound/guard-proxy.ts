import { randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { guardedLookup, systemResolver, type Resolver } from './address-guard.ts';

/** Opens the TCP connection behind one tunnel: to a vetted public address, or (tests) elsewhere. */
export type TunnelConnect = (host: string, port: number) => Promise<Duplex>;

/**
 * The status each failure answers a CONNECT with, so that the page transport can say what
 * happened: impit reports a refused tunnel by its status only.
 */
export const TUNNEL_FAILURE_STATUS: Readonly<Record<string, number>> = {
  ENONPUBLIC: 403,
  ENOTFOUND: 503,
  EAI_AGAIN: 503,
  ETIMEDOUT: 504,
  ECONNREFUSED: 502,
};
/** Any other connection failure. */
export const TUNNEL_OTHER_FAILURE = 500;

/** How long a tunnel may take to connect before the CONNECT is answered with 504. */
const CONNECT_TIMEOUT_MS = 15_000;

/**
 * A CONNECT proxy on 127.0.0.1 that only the page transport uses. impit takes no resolver and no
 * address to connect to, so names are resolved here instead: each tunnel resolves its host with
 * the public-address guard and connects to exactly the address that was checked, which leaves no
 * window between the check and the connection for DNS to rebind. The proxy asks for a random
 * credential, so no other local program can use it.
 */
export class GuardProxy {
  private readonly secret = randomBytes(24).toString('base64url');
  private readonly connect: TunnelConnect;
  private readonly server: http.Server;
  private readonly sockets = new Set<Duplex>();
  private listening: Promise<string> | null = null;

  /** `connect` defaults to guarded DNS and a plain TCP connection. */
  constructor(options: { resolver?: Resolver; connect?: TunnelConnect } = {}) {
    this.connect = options.connect ?? guardedConnect(options.resolver);
    this.server = http.createServer((_req, res) => {
      res.writeHead(405, { connection: 'close' }).end();
    });
    this.server.on('connect', (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
      this.tunnel(req, client, head);
    });
  }

  /**
   * The proxy URL to give impit, credential included. The proxy starts listening on the first
   * call, so an app that never fetches a page never opens the port.
   */
  url(): Promise<string> {
    this.listening ??= new Promise<string>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => {
        const { port } = this.server.address() as net.AddressInfo;
        resolve(`http://ephemera:${this.secret}@127.0.0.1:${port}`);
      });
    });
    return this.listening;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    if (!this.server.listening) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private tunnel(req: http.IncomingMessage, client: Duplex, head: Buffer): void {
    this.track(client);
    client.on('error', () => undefined);
    if (!this.authorized(req.headers['proxy-authorization'])) {
      return void client.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
    }
    const target = parseAuthority(req.url ?? '');
    if (!target) return void client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
    this.connect(target.host, target.port).then(
      (upstream) => {
        this.track(upstream);
        if (client.destroyed) return void upstream.destroy();
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      },
      (err: NodeJS.ErrnoException) => {
        const status = TUNNEL_FAILURE_STATUS[err.code ?? ''] ?? TUNNEL_OTHER_FAILURE;
        client.end(`HTTP/1.1 ${status} Tunnel Failed\r\n\r\n`);
      },
    );
  }

  private authorized(header: string | undefined): boolean {
    const expected = Buffer.from(
      `Basic ${Buffer.from(`ephemera:${this.secret}`).toString('base64')}`,
    );
    const given = Buffer.from(header ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private track(socket: Duplex): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
  }
}

/** `host:port` of a CONNECT line; IP literals are refused here too, as the client refuses them. */
function parseAuthority(authority: string): { host: string; port: number } | null {
  const match = /^([a-z0-9.-]+):(\d{1,5})$/i.exec(authority);
  if (!match?.[1] || !match[2]) return null;
  const port = Number(match[2]);
  if (port < 1 || port > 65535 || net.isIP(match[1]) !== 0) return null;
  return { host: match[1].toLowerCase(), port };
}

/** Resolves through the public-address guard and connects to the address it let through. */
export function guardedConnect(resolver: Resolver = systemResolver): TunnelConnect {
  const lookup = guardedLookup(resolver);
  return (host, port) =>
    new Promise((resolve, reject) => {
      const socket = net.connect({ host, port, lookup, timeout: CONNECT_TIMEOUT_MS });
      const fail = (err: Error) => {
        socket.destroy();
        reject(err);
      };
      socket.once('timeout', () =>
        fail(Object.assign(new Error(`Connecting to ${host} timed out`), { code: 'ETIMEDOUT' })),
      );
      socket.once('error', fail);
      socket.once('connect', () => {
        socket.removeListener('error', fail);
        socket.setTimeout(0);
        resolve(socket);
      });
    });
}
