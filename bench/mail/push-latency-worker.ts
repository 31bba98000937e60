import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { benchMessage } from './smtp-load-plan.ts';
import { SmtpSession } from './smtp-session.ts';

export interface PushPlan {
  smtpPort: number;
  /** The mailbox's WebSocket URL; null measures to the 250 reply instead (the baseline). */
  wsUrl: string | null;
  recipient: string;
  count: number;
  messageBytes: number;
}

/**
 * One mail at a time: the clock starts when the end of DATA (CRLF.CRLF) is written and stops
 * at the WebSocket `email` frame (or, for the baseline, at the 250). SMTP client and WebSocket
 * client live in this one thread, so both ends read the same clock.
 */
async function run(plan: PushPlan): Promise<number[]> {
  const session = await SmtpSession.open(plan.smtpPort);
  let onFrame: (() => void) | null = null;
  let ws: WebSocket | null = null;
  if (plan.wsUrl) {
    const socket = new WebSocket(plan.wsUrl);
    ws = socket;
    await new Promise<void>((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.on('message', (data: Buffer) => {
      if ((JSON.parse(data.toString()) as { type: string }).type === 'email') onFrame?.();
    });
  }
  const samples: number[] = [];
  for (let i = 0; i < plan.count; i++) {
    await session.begin('bench@example.org', plan.recipient);
    const message = benchMessage(plan.recipient, i, plan.messageBytes);
    const frame = new Promise<void>((resolve) => (onFrame = resolve));
    const start = performance.now();
    session.write(`${message}\r\n.\r\n`);
    if (ws) {
      await frame;
      samples.push(performance.now() - start);
      await session.expect('250');
    } else {
      await session.expect('250');
      samples.push(performance.now() - start);
    }
  }
  session.close();
  ws?.close();
  return samples;
}

run(workerData as PushPlan).then(
  (stats) => parentPort?.postMessage({ ok: true, stats }),
  (err: unknown) => parentPort?.postMessage({ ok: false, error: String(err) }),
);
