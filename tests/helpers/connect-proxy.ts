import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A minimal HTTP CONNECT proxy on 127.0.0.1 that tunnels every CONNECT, whatever authority it
 * names, to one local port (the platform simulator), and records the authorities it was asked
 * for. Absolute-form (forwarding) requests are refused and recorded, so a test can tell the two
 * proxy modes apart.
 */
export class ConnectProxy {
  /** `host:port` of every CONNECT request, in arrival order. */
  readonly connects: string[] = [];
  /** Request targets of plain forwarding requests (refused with 501). */
  readonly forwards: string[] = [];
  /** When set, every CONNECT is answered with this status instead of a tunnel. */
  refuseWith: number | null = null;
  /** When set, a CONNECT without this `Proxy-Authorization` value is answered 407. */
  requireAuthorization: string | null = null;
  /** The `Proxy-Authorization` of every CONNECT ('' when none), in arrival order. */
  readonly authorizations: string[] = [];
  private readonly sockets = new Set<net.Socket>();
  private server: http.Server | null = null;
  port = 0;

  constructor(private readonly targetPort: number) {}

  async start(): Promise<this> {
    const server = http.createServer((req, res) => {
      this.forwards.push(req.url ?? '');
      res.writeHead(501, { 'content-type': 'text/plain' }).end('forwarding not supported');
    });
    server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
      this.connects.push(req.url ?? '');
      this.authorizations.push(req.headers['proxy-authorization'] ?? '');
      this.track(client);
      const unauthorized =
        this.requireAuthorization !== null &&
        req.headers['proxy-authorization'] !== this.requireAuthorization;
      const refusal = unauthorized ? 407 : this.refuseWith;
      if (refusal !== null) {
        client.end(`HTTP/1.1 ${refusal} Refused\r\ncontent-length: 0\r\n\r\n`);
        return;
      }
      const upstream = this.track(net.connect(this.targetPort, '127.0.0.1'));
      upstream.once('connect', () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.once('error', () => client.destroy());
      client.once('error', () => upstream.destroy());
      upstream.once('close', () => client.destroy());
      client.once('close', () => upstream.destroy());
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private track(socket: net.Socket): net.Socket {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    return socket;
  }
}
