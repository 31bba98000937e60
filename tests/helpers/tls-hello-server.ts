import fs from 'node:fs';
import http2 from 'node:http2';
import net from 'node:net';
import path from 'node:path';
import { parseClientHello, recordBytesMissing, type ClientHello } from './client-hello.ts';

const TLS_DIR = path.join(import.meta.dirname, '../fixtures/platform-sim/tiktok/tls');
/** A self-signed certificate for www.tiktok.com and the platforms' other names (test only). */
export const TEST_CERT_FILE = path.join(TLS_DIR, 'cert.pem');
const TEST_KEY_FILE = path.join(TLS_DIR, 'key.pem');

export interface SeenRequest {
  httpVersion: string;
  authority: string;
  path: string;
  /** Header names and values in the order received, pseudo-headers left out. */
  headers: [string, string][];
  /** HTTP/2 pseudo-header names in the order received (part of a client's h2 fingerprint). */
  pseudo: string[];
}

export type HelloHandler = (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void;

/**
 * A loopback TLS server (HTTP/2 and HTTP/1.1) that records the ClientHello of every connection
 * and the headers of every request, so a test can see what a client looks like on the wire. A
 * front socket reads the hello, then relays the bytes to the TLS server behind it.
 */
export class TlsHelloServer {
  readonly hellos: ClientHello[] = [];
  readonly requests: SeenRequest[] = [];
  private handler: HelloHandler = (_req, res) => res.end('ok');
  private readonly tls = http2.createSecureServer(
    {
      cert: fs.readFileSync(TEST_CERT_FILE),
      key: fs.readFileSync(TEST_KEY_FILE),
      allowHTTP1: true,
    },
    (req, res) => this.answer(req, res),
  );
  private readonly front = net.createServer((socket) => this.relay(socket));
  private readonly sockets = new Set<net.Socket>();

  get port(): number {
    return (this.front.address() as net.AddressInfo).port;
  }

  get certificate(): Buffer {
    return fs.readFileSync(TEST_CERT_FILE);
  }

  handle(handler: HelloHandler): this {
    this.handler = handler;
    return this;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.tls.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => this.front.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.front.close(() => resolve()));
    await new Promise<void>((resolve) => this.tls.close(() => resolve()));
  }

  /** Opens a plain TCP connection to the front, as a proxy tunnel or connector would. */
  connect(): Promise<net.Socket> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(this.port, '127.0.0.1');
      socket.once('connect', () => resolve(socket));
      socket.once('error', reject);
    });
  }

  private answer(req: http2.Http2ServerRequest, res: http2.Http2ServerResponse): void {
    const headers: [string, string][] = [];
    const pseudo: string[] = [];
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
      const name = (req.rawHeaders[i] ?? '').toLowerCase();
      if (name.startsWith(':')) pseudo.push(name);
      if (!name.startsWith(':') && name !== 'host')
        headers.push([name, req.rawHeaders[i + 1] ?? '']);
    }
    this.requests.push({
      httpVersion: req.httpVersion,
      authority: req.authority || (req.headers.host ?? ''),
      path: req.url,
      headers,
      pseudo,
    });
    this.handler(req, res);
  }

  private relay(socket: net.Socket): void {
    this.track(socket);
    let seen = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      seen = Buffer.concat([seen, chunk]);
      const missing = recordBytesMissing(seen);
      if (missing === null) return void socket.destroy();
      if (missing > 0) return;
      socket.off('data', onData);
      socket.pause();
      this.hellos.push(parseClientHello(seen));
      const inner = net.connect((this.tls.address() as net.AddressInfo).port, '127.0.0.1');
      this.track(inner);
      inner.once('connect', () => {
        inner.write(seen);
        socket.pipe(inner);
        inner.pipe(socket);
        socket.resume();
      });
      inner.on('error', () => socket.destroy());
      socket.on('error', () => inner.destroy());
      socket.on('close', () => inner.destroy());
      inner.on('close', () => socket.destroy());
    };
    socket.on('data', onData);
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
  }
}
