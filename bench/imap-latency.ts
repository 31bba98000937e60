import { performance } from 'node:perf_hooks';
import type { Mail } from '../src-shared/mail/schemas.ts';
import { Dovecot } from '../tests/helpers/dovecot.ts';
import {
  addSource,
  append,
  message,
  startSourceApp,
  waitForSource,
} from '../tests/helpers/source-app.ts';
import { BENCH_RATE_LIMITS } from './lib/bench-app.ts';
import { fmt, type BenchResult } from './lib/result.ts';
import { runIfMain } from './lib/standalone.ts';

const MAILS = 50;
const GOAL_P95_MS = 1_000;

/**
 * IMAP source latency with IDLE: APPEND into a real Dovecot (started from a temp config, as the
 * tests do) → the mail listed by a long poll on its plus-addressed lease. Each mail is sent
 * after the previous one is listed. Baseline: the APPEND's own round trip.
 */
export async function benchImapLatency(): Promise<BenchResult[]> {
  const dovecot = await Dovecot.start();
  const m = await startSourceApp(dovecot, { rateLimits: BENCH_RATE_LIMITS, quiet: true });
  const imap = await dovecot.client();
  try {
    const patch = await m.api('/api/settings', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ domains: ['me@bench.test'] }),
    });
    if (patch.status !== 200) throw new Error(`settings answered ${patch.status}`);
    const source = await addSource(m, dovecot);
    await waitForSource(m, source.id, (s) => s.state === 'idle');
    const { email } = await m.generate();
    const total: number[] = [];
    const appendMs: number[] = [];
    let after = 0;
    for (let i = 0; i < MAILS + 5; i++) {
      const raw = message({ 'Delivered-To': email, To: 'me@bench.test' }, `code ${100000 + i}`);
      const t0 = performance.now();
      await append(imap, raw);
      const t1 = performance.now();
      const res = await m.api(`/api/emails/${encodeURIComponent(email)}?after_id=${after}&wait=10`);
      const mails = (await res.json()) as Mail[];
      const t2 = performance.now();
      if (mails.length !== 1) throw new Error(`expected one new mail, got ${mails.length}`);
      after = mails[0]?.id ?? after;
      if (i < 5) continue; // warm-up: parse workers, first IDLE
      total.push(t2 - t0);
      appendMs.push(t1 - t0);
    }
    const [p50, p95] = [percentile(total, 50), percentile(total, 95)];
    const b95 = percentile(appendMs, 95);
    console.log(
      `imap-latency: APPEND → listed p50 ${fmt(p50, 1)} ms, p95 ${fmt(p95, 1)} ms; APPEND alone p50 ${fmt(percentile(appendMs, 50), 1)} ms, p95 ${fmt(b95, 1)} ms`,
    );
    return [
      {
        name: 'IMAP APPEND → mail listed (IDLE), p95',
        unit: 'ms',
        ours: p95,
        baseline: b95,
        ratio: p95 / b95,
        goal: `p95 ≤ ${GOAL_P95_MS} ms`,
        pass: p95 <= GOAL_P95_MS,
        note: `${MAILS} mails one at a time into a local Dovecot; p50 ${fmt(p50, 1)} ms; baseline = the APPEND round trip`,
      },
    ];
  } finally {
    await imap.logout().catch(() => undefined);
    await m.close();
    await dovecot.close();
  }
}

function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

runIfMain(import.meta.url, benchImapLatency);
