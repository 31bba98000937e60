import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { startMailTestApp } from '../tests/helpers/mail-app.ts';
import { makeTempDir, removeTempDir } from '../tests/helpers/temp-dir.ts';
import { BENCH_RATE_LIMITS } from './lib/bench-app.ts';
import { fmt, type BenchResult } from './lib/result.ts';
import { runIfMain } from './lib/standalone.ts';
import { interleavedLatency } from './mail/interleaved-latency.ts';
import { seedMails } from './mail/seed-mails.ts';

const ADDRESSES = 10_000;
const MAILS = 1_000_000;
const REQUESTS = 5000;
const GOAL_P99_MS = 5;

/**
 * List latency: GET /api/emails/{email}?after_id=N (default limit 50) on a database holding
 * 1,000,000 mails across 10,000 mailboxes, one request at a time, against GET /api/health on
 * the same server (same Fastify, rate-limit hook; no auth, no SQL).
 */
export async function benchMailListLatency(): Promise<BenchResult[]> {
  const dataDir = makeTempDir('ephemera-bench-');
  try {
    const seeded = performance.now();
    const emails = seedMails(dataDir, ADDRESSES, MAILS, Date.now());
    console.log(
      `mail-list: seeded ${MAILS} mails in ${fmt((performance.now() - seeded) / 1000)} s`,
    );
    const m = await startMailTestApp({ dataDir, rateLimits: BENCH_RATE_LIMITS, quiet: true });
    const pool = new Pool(m.t.app.httpUrl, { connections: 1 });
    try {
      const list = (): string =>
        `/api/emails/${emails[randomInt(ADDRESSES)] ?? ''}?after_id=${randomInt(MAILS)}`;
      const { ours, bare } = await interleavedLatency(pool, list, m.key, {
        warmup: 500,
        requests: REQUESTS,
      });
      const p99 = percentile(ours, 99);
      const b99 = percentile(bare, 99);
      console.log(
        `mail-list: p50 ${fmt(percentile(ours, 50), 2)} ms, p99 ${fmt(p99, 2)} ms; /api/health p50 ${fmt(percentile(bare, 50), 2)} ms, p99 ${fmt(b99, 2)} ms`,
      );
      return [
        {
          name: 'GET /api/emails/{email}?after_id= p99, 1M mails / 10k boxes',
          unit: 'ms',
          ours: p99,
          baseline: b99,
          ratio: p99 / b99,
          goal: `p99 ≤ ${GOAL_P99_MS} ms`,
          pass: p99 <= GOAL_P99_MS,
          note: `${REQUESTS} sequential requests, random mailbox and after_id, limit 50; baseline GET /api/health on the same server`,
        },
      ];
    } finally {
      await pool.close();
      await m.close();
    }
  } finally {
    removeTempDir(dataDir);
  }
}

function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

runIfMain(import.meta.url, benchMailListLatency);
