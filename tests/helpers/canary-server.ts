import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A server on 127.0.0.1 that nobody should ever reach: it counts TCP connections and requests,
 * so a test can prove a refused redirect or a guarded lookup sent nothing to it.
 */
export class CanaryServer {
  connections = 0;
  readonly requests: string[] = [];
  private server: http.Server | null = null;
  port = 0;

  async start(): Promise<this> {
    const server = http.createServer((req, res) => {
      this.requests.push(`${req.method ?? ''} ${req.headers.host ?? ''}${req.url ?? ''}`);
      res.writeHead(200, { 'content-type': 'video/mp4' }).end('canary');
    });
    server.on('connection', () => this.connections++);
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
