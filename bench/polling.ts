import autocannon from 'autocannon';
import type { TestApp } from '../tests/helpers/test-app.ts';
import {
  createTask,
  publishBytes,
  RATE_LIMIT_NOTE,
  startBenchApp,
  waitCompleted,
} from './lib/bench-app.ts';
import { videoBytes } from './lib/bench-bytes.ts';
import { cpuByThread, cpuSince } from './lib/cpu.ts';
import { fmt, median, pairedResult, type BenchResult } from './lib/result.ts';
import { runIfMain } from './lib/standalone.ts';

const CONNECTIONS = 10;
/** Alternating rounds of SECONDS per route: other load on the machine drifts, so take turns. */
const ROUNDS = 5;
const SECONDS = 2;
const WARMUP_SECONDS = 1;

/**
 * How cheap a status poll is: GET /api/tasks/{id} of a completed task against GET /api/health,
 * the most trivial route of the same server (same Fastify, hooks and rate-limit plugin). The
 * difference is the task lookup and its JSON view. autocannon runs in a worker thread so it does
 * not take the server's event loop; the server's CPU is that of the threads that existed before
 * autocannon started.
 */
export async function benchPolling(): Promise<BenchResult[]> {
  const t = await startBenchApp();
  try {
    const taskId = await completedTask(t);
    const taskUrl = `${t.app.httpUrl}/api/tasks/${taskId}`;
    const healthUrl = `${t.app.httpUrl}/api/health`;
    await cannon(taskUrl, WARMUP_SECONDS);
    await cannon(healthUrl, WARMUP_SECONDS);
    const task: Run[] = [];
    const health: Run[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      if (round % 2 === 1) task.push(await cannon(taskUrl, SECONDS));
      health.push(await cannon(healthUrl, SECONDS));
      if (round % 2 === 0) task.push(await cannon(taskUrl, SECONDS));
      const a = task.at(-1) as Run;
      const b = health.at(-1) as Run;
      console.log(
        `polling round ${round}: task ${fmt(a.rps)} req/s (${fmt(a.cpuUs, 0)} CPU µs/req), ` +
          `health ${fmt(b.rps)} req/s (${fmt(b.cpuUs, 0)} CPU µs/req)`,
      );
    }
    const cpuTask = median(task.map((r) => r.cpuUs));
    const cpuHealth = median(health.map((r) => r.cpuUs));
    return [
      pairedResult(
        'poll GET /api/tasks/{id} vs /api/health',
        'req/s',
        task.map((r) => r.rps),
        health.map((r) => r.rps),
        0.8,
        `autocannon ${CONNECTIONS} connections, medians of ${ROUNDS} alternating ${SECONDS} s ` +
          `rounds, ratio = median of per-round ratios; server CPU µs/req: task ` +
          `${fmt(cpuTask, 0)}, health ${fmt(cpuHealth, 0)} (×${fmt(cpuTask / cpuHealth, 2)}); ` +
          RATE_LIMIT_NOTE,
      ),
    ];
  } finally {
    await t.close();
  }
}

/** A small completed task: the poll answer does not depend on the video size. */
export async function completedTask(t: TestApp): Promise<string> {
  const video = publishBytes(t, videoBytes(64 * 1024));
  const taskId = await createTask(t, video.shareUrl);
  await waitCompleted(t, taskId);
  return taskId;
}

/** One autocannon run: req/s and the server's CPU µs per request. */
interface Run {
  rps: number;
  cpuUs: number;
}

/** One autocannon run; any non-2xx or error fails the bench. */
async function cannon(url: string, seconds: number): Promise<Run> {
  // autocannon's worker thread starts after this snapshot, so its CPU is not counted.
  const before = cpuByThread();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
    timeout: 10,
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  const serverCpuMs = cpuSince(before);
  return { rps: result.requests.average, cpuUs: (serverCpuMs * 1000) / result.requests.total };
}

runIfMain(import.meta.url, benchPolling);
