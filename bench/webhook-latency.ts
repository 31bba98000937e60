import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { Webhook } from 'standardwebhooks';
import type { CreatedWebhook } from '../src-shared/api/webhooks.ts';
import type { Lease } from '../src-shared/mail/schemas.ts';
import { spawnFirstRun } from '../tests/helpers/spawn-app.ts';
import { makeTempDir, removeTempDir } from '../tests/helpers/temp-dir.ts';
import { fmt, type BenchResult } from './lib/result.ts';
import { runIfMain } from './lib/standalone.ts';
import { benchMessage } from './mail/smtp-load-plan.ts';
import { SmtpSession } from './mail/smtp-session.ts';

const MAILS = Number(process.env.WEBHOOK_BENCH_MAILS ?? 300);
const WARM_UP = 20;
const MESSAGE_BYTES = 5 * 1024;
const GOAL_P95_MS = 200;
/** Longest wait for one POST before the bench gives up (a lost event fails the run). */
const MAX_WAIT_MS = 15_000;

/**
 * SMTP 250 → webhook POST received, one mail at a time, against the real headless server in its
 * own process (`src-main/start.ts --headless`, spawned like the kill -9 tests). The SMTP client,
 * the WebSocket client and the receiver share this process, so every time is read on one clock.
 * Baseline: 250 → the WebSocket `email` frame of the same mail (the live push, the fastest way
 * a mail leaves the server). The receiver checks each signature with `standardwebhooks`.
 */
export async function benchWebhookLatency(): Promise<BenchResult[]> {
  const dataDir = makeTempDir();
  const arrivals = new Map<string, number>();
  const frames = new Map<string, number>();
  let secret = '';
  let badSignatures = 0;
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        new Webhook(secret).verify(body, req.headers as Record<string, string>);
      } catch {
        badSignatures += 1;
      }
      const event = JSON.parse(body) as { data: { subject: string } };
      arrivals.set(event.data.subject, at);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const server = await spawnFirstRun(dataDir);
  let ws: WebSocket | null = null;
  try {
    const headers = { 'x-api-key': server.key, 'content-type': 'application/json' };
    const { port } = receiver.address() as AddressInfo;
    const created = await fetch(`${server.base}/api/webhooks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook`, description: 'bench' }),
    });
    secret = ((await created.json()) as CreatedWebhook).secret;
    const lease = (await (await fetch(`${server.base}/api/generate`, { headers })).json()) as Lease;
    const socket = new WebSocket(
      `${server.base.replace('http', 'ws')}/ws/${lease.email}?api_key=${server.key}`,
    );
    ws = socket;
    await new Promise<void>((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.on('message', (data: Buffer) => {
      const msg = JSON.parse(data.toString()) as { type: string; data?: { subject: string } };
      if (msg.type === 'email' && msg.data) frames.set(msg.data.subject, performance.now());
    });

    const session = await SmtpSession.open(server.smtpPort);
    const hookMs: number[] = [];
    const pushMs: number[] = [];
    for (let i = 0; i < WARM_UP + MAILS; i++) {
      await session.begin('bench@example.org', lease.email);
      session.write(`${benchMessage(lease.email, i, MESSAGE_BYTES)}\r\n.\r\n`);
      await session.expect('250');
      const acked = performance.now();
      const subject = `bench ${i}`;
      const posted = await waitFor(() => arrivals.get(subject));
      const pushed = await waitFor(() => frames.get(subject));
      if (i < WARM_UP) continue;
      // A POST can land before the client has read its 250 (they race on loopback): 0 then.
      hookMs.push(Math.max(0, posted - acked));
      pushMs.push(Math.max(0, pushed - acked));
    }
    session.close();
    const [p50, p95] = [percentile(hookMs, 50), percentile(hookMs, 95)];
    const [b50, b95] = [percentile(pushMs, 50), percentile(pushMs, 95)];
    console.log(
      `webhook-latency: 250 → POST p50 ${fmt(p50, 2)} ms, p95 ${fmt(p95, 2)} ms, max ${fmt(Math.max(...hookMs), 2)} ms; 250 → WS frame p50 ${fmt(b50, 2)} ms, p95 ${fmt(b95, 2)} ms; bad signatures ${badSignatures}`,
    );
    return [
      {
        name: 'SMTP 250 → webhook POST received, p95',
        unit: 'ms',
        ours: p95,
        baseline: b95,
        ratio: b95 > 0 ? p95 / b95 : null,
        goal: `p95 ≤ ${GOAL_P95_MS} ms`,
        pass: p95 <= GOAL_P95_MS && badSignatures === 0,
        note: `${MAILS} mails of ${MESSAGE_BYTES / 1024} KB one at a time to the headless server in its own process; p50 ${fmt(p50, 2)} ms; baseline = 250 → WebSocket email frame (p50 ${fmt(b50, 2)} ms)`,
      },
    ];
  } finally {
    ws?.close();
    server.app.child.kill('SIGTERM');
    await server.app.exited;
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    removeTempDir(dataDir);
  }
}

/** Resolves with `read()` once it is defined, looking every millisecond, at most MAX_WAIT_MS. */
async function waitFor(read: () => number | undefined): Promise<number> {
  const until = performance.now() + MAX_WAIT_MS;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (performance.now() > until) throw new Error('no POST or frame within 15 s');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

runIfMain(import.meta.url, benchWebhookLatency);
