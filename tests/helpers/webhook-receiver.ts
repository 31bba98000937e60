import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** What the receiver does with one request. */
export type Reply =
  | { kind: 'status'; status: number }
  /** A 3xx pointing at `location`. */
  | { kind: 'redirect'; status: number; location: string }
  /** No answer, until the client gives up. */
  | { kind: 'hang' }
  /** 200 and a body of `bytes` written in 16 KiB pieces while the socket is open. */
  | { kind: 'big'; bytes: number };

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The signature checked with the standardwebhooks package at the header's own timestamp. */
  signatureValid: boolean;
  /** `Webhook.verify` as a receiver calls it (the timestamp within 5 min of now, too). */
  verifiedNow: boolean;
  /** Body bytes the receiver wrote before the client closed (`big` replies). */
  bytesWritten?: number;
}

/**
 * A webhook receiver on 127.0.0.1 that checks every POST with the `standardwebhooks` package
 * and answers from a script (`replies`, in order; 204 once the script is used up).
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  replies: Reply[] = [];
  private server: http.Server | null = null;
  private waiters: { count: number; resolve: () => void }[] = [];
  private readonly sockets = new Set<Socket>();

  constructor(private secret = '') {}

  setSecret(secret: string): void {
    this.secret = secret;
  }

  start(): Promise<this> {
    return this.listenOn(0);
  }

  /** Listens on a given port of 127.0.0.1 (0: any free one). */
  async listenOn(port: number): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    return this;
  }

  get url(): string {
    const { port } = this.server?.address() as AddressInfo;
    return `http://127.0.0.1:${port}/hook`;
  }

  /** Resolves once `count` requests in all have arrived (bounded by the test's timeout). */
  waitFor(count: number): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const entry: Received = {
      headers: req.headers,
      body,
      signatureValid: this.check(req.headers, body),
      verifiedNow: this.verifyNow(req.headers, body),
    };
    this.received.push(entry);
    const reply = this.replies.shift() ?? { kind: 'status', status: 204 };
    switch (reply.kind) {
      case 'status':
        res.writeHead(reply.status).end();
        break;
      case 'redirect':
        res.writeHead(reply.status, { location: reply.location }).end();
        break;
      case 'hang':
        // No answer at all: the client's deadline has to end it.
        this.notify();
        return;
      case 'big':
        await writeBig(res, reply.bytes, entry);
        break;
    }
    this.notify();
  }

  private notify(): void {
    this.waiters = this.waiters.filter((w) => {
      if (this.received.length < w.count) return true;
      w.resolve();
      return false;
    });
  }

  private check(headers: http.IncomingHttpHeaders, body: string): boolean {
    const id = String(headers['webhook-id'] ?? '');
    const ts = Number(headers['webhook-timestamp']);
    const given = String(headers['webhook-signature'] ?? '');
    if (!this.secret || !id || !Number.isFinite(ts)) return false;
    const expected = new Webhook(this.secret).sign(id, new Date(ts * 1000), body);
    return given.split(' ').includes(expected);
  }

  private verifyNow(headers: http.IncomingHttpHeaders, body: string): boolean {
    try {
      new Webhook(this.secret).verify(body, headers as Record<string, string>);
      return true;
    } catch {
      return false;
    }
  }
}

/** Writes up to `bytes` while the client reads; stops when it closes the connection. */
async function writeBig(res: http.ServerResponse, bytes: number, entry: Received): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/plain' });
  const piece = Buffer.alloc(16 * 1024, 'y');
  let written = 0;
  let closed = false;
  res.on('close', () => (closed = true));
  while (written < bytes && !closed) {
    const ok = res.write(piece);
    written += piece.length;
    if (!ok) {
      await new Promise<void>((resolve) => {
        res.once('drain', resolve);
        res.once('close', resolve);
      });
    }
  }
  entry.bytesWritten = written;
  if (!closed) res.end();
}
