import { startMailTestApp } from '../tests/helpers/mail-app.ts';
import { BENCH_RATE_LIMITS } from './lib/bench-app.ts';
import { fmt, type BenchResult } from './lib/result.ts';
import { runIfMain } from './lib/standalone.ts';
import type { PushPlan } from './mail/push-latency-worker.ts';
import { startSinkServer } from './mail/sink-server.ts';
import { runWorker } from './mail/worker-boot.ts';

const MAILS = 1000;
const MESSAGE_BYTES = 5 * 1024;
const GOAL_P99_MS = 20;
const WORKER = new URL('./mail/push-latency-worker.ts', import.meta.url);

/**
 * Push latency: end of DATA → WebSocket `email` frame, one mail at a time over 1,000 mails
 * (parse, code extraction, commit, fan-out). Baseline: end of DATA → 250 from a bare
 * smtp-server that discards the mail, the floor any SMTP-fed push pays.
 */
export async function benchMailPushLatency(): Promise<BenchResult[]> {
  const m = await startMailTestApp({ rateLimits: BENCH_RATE_LIMITS, quiet: true });
  const sink = await startSinkServer();
  try {
    const { email } = await m.generate();
    const wsUrl = `${m.t.app.httpUrl.replace('http', 'ws')}/ws/${email}?api_key=${m.key}`;
    const plan = (smtpPort: number, ws: string | null, count: number): PushPlan => ({
      smtpPort,
      wsUrl: ws,
      recipient: email,
      count,
      messageBytes: MESSAGE_BYTES,
    });
    await runWorker<number[]>(WORKER, plan(m.smtpPort, wsUrl, 50)); // warm-up
    const ours = await runWorker<number[]>(WORKER, plan(m.smtpPort, wsUrl, MAILS));
    const bare = await runWorker<number[]>(WORKER, plan(sink.port, null, MAILS));
    const [p50, p99] = [percentile(ours, 50), percentile(ours, 99)];
    const [b50, b99] = [percentile(bare, 50), percentile(bare, 99)];
    console.log(
      `mail-push: p50 ${fmt(p50, 2)} ms, p99 ${fmt(p99, 2)} ms; bare sink end of DATA → 250: p50 ${fmt(b50, 2)} ms, p99 ${fmt(b99, 2)} ms`,
    );
    return [
      {
        name: 'push latency end of DATA → WS email frame, p99',
        unit: 'ms',
        ours: p99,
        baseline: b99,
        ratio: p99 / b99,
        goal: `p99 ≤ ${GOAL_P99_MS} ms`,
        pass: p99 <= GOAL_P99_MS,
        note: `${MAILS} mails of ${MESSAGE_BYTES / 1024} KB one at a time; p50 ${fmt(p50, 2)} ms (baseline p50 ${fmt(b50, 2)} ms); baseline = bare smtp-server sink, end of DATA → 250`,
      },
    ];
  } finally {
    await sink.close();
    await m.close();
  }
}

function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

runIfMain(import.meta.url, benchMailPushLatency);
