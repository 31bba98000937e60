import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { benchMessage } from './smtp-load-plan.ts';
import { SmtpSession } from './smtp-session.ts';

/** The longest a sent mail's push is waited for once sending stops. */
const SETTLE_MS = 30_000;

/**
 * A mailbox someone watches over its WebSocket, sent one mail at a time on its own SMTP
 * connection: how long after the 250 its mail, with the code, is pushed.
 */
export class WatchedMailbox {
  private readonly acknowledged = new Map<string, number>();
  private readonly pushedAt = new Map<string, number>();

  private constructor(
    private readonly ws: WebSocket,
    private readonly session: SmtpSession,
    private readonly email: string,
  ) {
    ws.on('message', (data: Buffer) => {
      const msg = JSON.parse(data.toString()) as { type: string; data?: { code: string | null } };
      const code = msg.type === 'email' ? msg.data?.code : null;
      if (code) this.pushedAt.set(code, performance.now());
    });
  }

  static async open(
    base: string,
    smtpPort: number,
    key: string,
    email: string,
  ): Promise<WatchedMailbox> {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws/${encodeURIComponent(email)}`, {
      headers: { 'x-api-key': key },
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return new WatchedMailbox(ws, await SmtpSession.open(smtpPort), email);
  }

  /** Sends a mail every `everyMs` until stopped; stop() resolves with each 250 → push in ms. */
  sendEvery(everyMs: number): { stop(): Promise<number[]> } {
    // Codes start over with each run: only this run's count.
    this.acknowledged.clear();
    this.pushedAt.clear();
    let stopped = false;
    const loop = (async () => {
      for (let n = 0; !stopped && n < 10_000; n++) {
        const next = performance.now() + everyMs;
        await this.session.begin('watch@example.org', this.email);
        const message = benchMessage(this.email, 900_000 + n, 5 * 1024);
        this.session.write(`${message}\r\n.\r\n`);
        await this.session.expect('250');
        this.acknowledged.set(String(100000 + ((900_000 + n) % 900000)), performance.now());
        await sleep(Math.max(0, next - performance.now()));
      }
    })();
    return {
      stop: async () => {
        stopped = true;
        await loop;
        const until = performance.now() + SETTLE_MS;
        while (this.pushedCount() < this.acknowledged.size && performance.now() < until)
          await sleep(20);
        return [...this.acknowledged].map(([code, at]) =>
          Math.max(0, (this.pushedAt.get(code) ?? Number.POSITIVE_INFINITY) - at),
        );
      },
    };
  }

  close(): void {
    this.session.close();
    this.ws.close();
  }

  private pushedCount(): number {
    return [...this.acknowledged.keys()].filter((code) => this.pushedAt.has(code)).length;
  }
}
