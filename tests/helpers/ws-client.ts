import WebSocket from 'ws';
import type { WsMessage } from '../../src-shared/mail/schemas.ts';

/** A WebSocket client that keeps every message, so a test can wait for the one it expects. */
export class WsClient {
  readonly messages: WsMessage[] = [];
  private readonly waiters = new Set<() => void>();
  closed: { code: number; reason: string } | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      this.messages.push(JSON.parse(data.toString('utf8')) as WsMessage);
      this.wake();
    });
    socket.on('close', (code: number, reason: Buffer) => {
      this.closed = { code, reason: reason.toString('utf8') };
      this.wake();
    });
  }

  /** Connects; rejects with the HTTP status when the upgrade is refused. */
  static connect(
    url: string,
    options: WebSocket.ClientOptions = {},
    protocols: string[] = [],
  ): Promise<WsClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, protocols, options);
      const client = new WsClient(socket);
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_req, res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          reject(new UpgradeRefused(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'))),
        );
      });
      socket.once('error', reject);
    });
  }

  /** Resolves when `count` messages matching `match` have arrived (bounded by `timeoutMs`). */
  async waitFor(
    match: (m: WsMessage) => boolean,
    count = 1,
    timeoutMs = 10_000,
  ): Promise<WsMessage[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.filter(match);
      if (found.length >= count) return found;
      if (this.closed) throw new Error(`socket closed (${this.closed.code}) after ${found.length}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`only ${found.length} of ${count} messages arrived`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, left);
        const self = this.waiters;
        function done(): void {
          clearTimeout(timer);
          self.delete(done);
          resolve();
        }
        this.waiters.add(done);
      });
    }
  }

  /** Resolves once the socket is closed (by either side). */
  async waitClosed(timeoutMs = 10_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('socket still open');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now());
        this.waiters.add(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.closed.code;
  }

  emails(): number[] {
    return this.messages.flatMap((m) => (m.type === 'email' ? [m.data.id] : []));
  }

  close(): void {
    this.socket.terminate();
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }
}

export class UpgradeRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`upgrade refused with ${status}: ${body}`);
  }
}
