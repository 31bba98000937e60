import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { startBenchApp } from './lib/bench-app.ts';
import { spawnChild } from './lib/child-process.ts';
import { completedTask } from './polling.ts';
import { fmt, median } from './lib/result.ts';
import { exitNow } from './lib/standalone.ts';

/**
 * Where a status poll's time goes, for profiling (not part of `npm run bench`): the server CPU
 * per request of GET /api/tasks/{id} of a completed task and of GET /api/health, each hammered
 * by an autocannon process of its own for a fixed number of requests, in alternating rounds.
 * CPU per request is what a loaded machine skews least (bench/polling.ts's req/s swing with
 * whatever else runs); the client being another process, this process's CPU is the server's.
 *
 *   npx tsx bench/polling-cpu.ts                  4 rounds × 40,000 requests per route
 *   POLL_REQUESTS=60000 POLL_ROUNDS=2 POLL_PROFILE_DIR=/tmp/p npx tsx bench/polling-cpu.ts
 *
 * With POLL_PROFILE_DIR, each round also writes a V8 CPU profile (<route>-<round>.cpuprofile,
 * for Chrome DevTools); the profiler's own cost then inflates the CPU figures.
 */
const REQUESTS = Number(process.env.POLL_REQUESTS ?? 40_000);
const ROUNDS = Number(process.env.POLL_ROUNDS ?? 4);
const PROFILE_DIR = process.env.POLL_PROFILE_DIR;
const WARMUP_REQUESTS = 5_000;
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

type Route = 'task' | 'health';

async function main(): Promise<void> {
  const t = await startBenchApp();
  const session = new Session();
  try {
    const urls: Record<Route, string> = {
      task: `${t.app.httpUrl}/api/tasks/${await completedTask(t)}`,
      health: `${t.app.httpUrl}/api/health`,
    };
    for (const route of ['task', 'health', 'task', 'health'] as const) {
      await hammer(urls[route], WARMUP_REQUESTS);
    }
    if (PROFILE_DIR) {
      fs.mkdirSync(PROFILE_DIR, { recursive: true });
      session.connect();
      await session.post('Profiler.enable');
    }
    const cpu: Record<Route, number[]> = { task: [], health: [] };
    for (let round = 1; round <= ROUNDS; round++) {
      // Alternate which goes first, so a drift in the machine's load falls on both.
      const order: Route[] = round % 2 === 1 ? ['task', 'health'] : ['health', 'task'];
      for (const route of order) {
        if (PROFILE_DIR) await session.post('Profiler.start');
        const before = process.cpuUsage();
        await hammer(urls[route], REQUESTS);
        const used = process.cpuUsage(before);
        if (PROFILE_DIR) {
          const { profile } = await session.post('Profiler.stop');
          const file = path.join(PROFILE_DIR, `${route}-${round}.cpuprofile`);
          fs.writeFileSync(file, JSON.stringify(profile));
        }
        cpu[route].push((used.user + used.system) / REQUESTS);
      }
      console.log(
        `round ${round}: server CPU µs/req: task ${fmt(cpu.task.at(-1) ?? NaN, 1)}, ` +
          `health ${fmt(cpu.health.at(-1) ?? NaN, 1)}`,
      );
    }
    const task = median(cpu.task);
    const health = median(cpu.health);
    console.log(
      `=> medians of ${ROUNDS} rounds × ${REQUESTS} requests: task ${fmt(task, 1)} µs/req, ` +
        `health ${fmt(health, 1)} µs/req; CPU ratio health/task ${fmt(health / task, 2)}`,
    );
  } finally {
    session.disconnect();
    await t.close();
  }
}

/** `requests` GETs of `url` over 10 connections from an autocannon process; throws on errors. */
async function hammer(url: string, requests: number): Promise<void> {
  const child = spawnChild(
    [AUTOCANNON, '--json', '-c', '10', '-a', String(requests), '-t', '10', url],
    process.cwd(),
  );
  let out = '';
  child.proc.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  const code = await child.exited;
  const result = JSON.parse(out || '{}') as { non2xx?: number; errors?: number };
  if (code !== 0 || result.non2xx !== 0 || result.errors !== 0) {
    throw new Error(`autocannon ${url}: exit ${code}, ${out.slice(0, 200)} ${child.stderr()}`);
  }
}

main().then(
  () => exitNow(0),
  (err: unknown) => {
    console.error(err);
    exitNow(2);
  },
);
