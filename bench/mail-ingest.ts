import { performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers/promises';
import type { Lease } from '../src-shared/mail/schemas.ts';
import { startMailTestApp } from '../tests/helpers/mail-app.ts';
import { BENCH_RATE_LIMITS, RATE_LIMIT_NOTE } from './lib/bench-app.ts';
import { fmt, pairedResult, type BenchResult } from './lib/result.ts';
import { runIfMain } from './lib/standalone.ts';
import { startSinkServer } from './mail/sink-server.ts';
import { runSmtpLoad } from './mail/smtp-load.ts';
import type { SmtpLoadPlan } from './mail/smtp-load-plan.ts';

const CONNECTIONS = 10;
/** BENCH_MAILS_PER_CONNECTION=1500 turns the bursts into a sustained flood (see docs/decisions.md). */
const MAILS_PER_CONNECTION = Number(process.env.BENCH_MAILS_PER_CONNECTION ?? 300);
const MESSAGE_BYTES = 5 * 1024;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const MIN_RATIO = 0.6;
const MIN_RATE = 1500;
/** How long the parse backlog may take to be listed after the last round. */
const DRAIN_LIMIT_MS = 120_000;

/**
 * SMTP ingest throughput: 10 parallel connections sending 5 KB mails to leased addresses, each
 * raw mail committed to SQLite (250 only after the commit), parsed in the background and then
 * checked to be listed by GET /api/emails, against a bare smtp-server that discards the same
 * mails.
 */
export async function benchMailIngest(): Promise<BenchResult[]> {
  // BENCH_PARSE_WORKERS=n compares pool sizes (the default follows the CPU count).
  const workers = process.env.BENCH_PARSE_WORKERS
    ? Number(process.env.BENCH_PARSE_WORKERS)
    : undefined;
  const m = await startMailTestApp({
    rateLimits: BENCH_RATE_LIMITS,
    quiet: true,
    mail: { parseWorkers: workers },
  });
  const sink = await startSinkServer();
  try {
    const res = await m.api('/api/generate/batch?count=20', { method: 'POST' });
    const recipients = ((await res.json()) as Lease[]).map((l) => l.email);
    const plan = (port: number, mails = MAILS_PER_CONNECTION): SmtpLoadPlan => ({
      port,
      connections: CONNECTIONS,
      mailsPerConnection: mails,
      recipients,
      messageBytes: MESSAGE_BYTES,
    });
    // Warm-up, one full round each: JIT in the main thread and in every parse worker.
    await runSmtpLoad(plan(m.smtpPort));
    await drainBacklog(m);
    await runSmtpLoad(plan(sink.port));
    const ours: number[] = [];
    const bare: number[] = [];
    const drains: number[] = [];
    let expected = MAILS_PER_CONNECTION * CONNECTIONS;
    for (let round = 1; round <= ROUNDS; round++) {
      // Parsing trails the 250s; it finishes before the next run, which so starts from an
      // idle server (left over, it would slow the next bare run and flatter the ratio).
      const runOurs = async (): Promise<void> => {
        const s = await runSmtpLoad(plan(m.smtpPort));
        ours.push(s.mails / (s.ms / 1000));
        expected += s.mails;
        drains.push(await drainBacklog(m));
      };
      const runBare = async (): Promise<void> => {
        const s = await runSmtpLoad(plan(sink.port));
        bare.push(s.mails / (s.ms / 1000));
      };
      // Alternate which goes first: load on the machine drifts.
      if (round % 2 === 1) await runOurs().then(runBare);
      else await runBare().then(runOurs);
      console.log(
        `mail-ingest round ${round}: ours ${fmt(ours.at(-1) ?? 0)} mails/s, bare sink ${fmt(bare.at(-1) ?? 0)} mails/s`,
      );
    }
    const drainMs = Math.max(...drains);
    const listed = await countListed(m, recipients);
    if (listed !== expected)
      throw new Error(`${expected} mails got a 250 but ${listed} are listed`);
    const result = pairedResult(
      'SMTP ingest, 10 connections × 5 KB, vs bare smtp-server sink',
      'mails/s',
      ours,
      bare,
      MIN_RATIO,
      `${CONNECTIONS} connections × ${MAILS_PER_CONNECTION} mails per round, ${ROUNDS} alternating rounds; all ${listed} mails listed; parsing ended at most ${fmt(drainMs / 1000)} s after a round's last 250; also needs ≥ ${MIN_RATE} mails/s; ${RATE_LIMIT_NOTE}`,
    );
    result.goal = `≥ ${MIN_RATE} mails/s and ratio ≥ ${MIN_RATIO}`;
    result.pass = result.pass && result.ours >= MIN_RATE;
    return [result];
  } finally {
    await sink.close();
    await m.close();
  }
}

/** Waits (bounded) until every committed mail is parsed; returns how long that took. */
async function drainBacklog(m: Awaited<ReturnType<typeof startMailTestApp>>): Promise<number> {
  const start = performance.now();
  while (m.t.app.mail.parsing.backlog() > 0 && performance.now() - start < DRAIN_LIMIT_MS) {
    await setTimeout(20);
  }
  return performance.now() - start;
}

/** Pages through every recipient's mails over the API. */
async function countListed(
  m: Awaited<ReturnType<typeof startMailTestApp>>,
  recipients: string[],
): Promise<number> {
  let total = 0;
  for (const email of recipients) {
    let after = 0;
    for (;;) {
      const page = await m.mails(email, `?after_id=${after}&limit=200`);
      total += page.length;
      if (page.length < 200) break;
      after = page.at(-1)?.id ?? after;
    }
  }
  return total;
}

runIfMain(import.meta.url, benchMailIngest);
