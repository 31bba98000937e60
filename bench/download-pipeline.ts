import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { request, type Dispatcher } from 'undici';
import { simDispatcher } from '../tests/fixtures/platform-sim/sim-dispatcher.ts';
import type { TestApp } from '../tests/helpers/test-app.ts';
import {
  createTask,
  deleteTask,
  publishBytes,
  RATE_LIMIT_NOTE,
  startBenchApp,
  waitCompleted,
} from './lib/bench-app.ts';
import { mbPerSecond, VIDEO_BYTES, videoBytes } from './lib/bench-bytes.ts';
import { processCpuMs } from './lib/cpu.ts';
import { fmt, median, pairedResult, type BenchResult } from './lib/result.ts';
import { runIfMain } from './lib/standalone.ts';

const WARMUP_ROUNDS = 2;
const ROUNDS = 5;

/** One timed copy: wall-clock throughput and the process CPU it took. */
interface Round {
  mbps: number;
  cpuMs: number;
}

/**
 * Our whole pipeline (POST /api/tasks → resolve → download → cover → completed, seen by polling
 * ?wait=5) against the least a Node program can do: one undici request piped into
 * fs.createWriteStream. Both fetch the same 100 MiB from the same in-memory simulator over the
 * same transport, and write into the same folder.
 */
export async function benchDownloadPipeline(): Promise<BenchResult[]> {
  const bytes = videoBytes();
  const t = await startBenchApp();
  const dispatcher = simDispatcher(t.sim.port);
  const ours: Round[] = [];
  const base: Round[] = [];
  try {
    // Untimed passes first: on this VM the first few 100 MiB writes run at half speed (the
    // JIT, SQLite statements and, mostly, page-cache pages the guest has not touched yet).
    for (let round = 0; round < WARMUP_ROUNDS; round++) {
      await ourRound(t, bytes);
      await baselineRound(t, bytes, dispatcher);
    }
    for (let round = 1; round <= ROUNDS; round++) {
      // Alternate who goes first, so a drift within a round favours neither side.
      const oursFirst = round % 2 === 1;
      const b0 = oursFirst ? null : await baselineRound(t, bytes, dispatcher);
      const a = await ourRound(t, bytes);
      const b = b0 ?? (await baselineRound(t, bytes, dispatcher));
      ours.push(a);
      base.push(b);
      console.log(
        `download round ${round}: ours ${fmt(a.mbps)} MB/s (${fmt(a.cpuMs, 0)} CPU ms), ` +
          `baseline ${fmt(b.mbps)} MB/s (${fmt(b.cpuMs, 0)} CPU ms)`,
      );
    }
  } finally {
    await dispatcher.close();
    await t.close();
  }
  const cpuOurs = median(ours.map((r) => r.cpuMs));
  const cpuBase = median(base.map((r) => r.cpuMs));
  return [
    pairedResult(
      'download 100 MiB (POST→completed vs fetch→file)',
      'MB/s',
      ours.map((r) => r.mbps),
      base.map((r) => r.mbps),
      0.9,
      `medians of ${ROUNDS} alternating rounds, ratio = median of per-round ratios; process CPU ` +
        `per 100 MiB: ours ${fmt(cpuOurs, 0)} ms, baseline ${fmt(cpuBase, 0)} ms ` +
        `(×${fmt(cpuOurs / cpuBase, 2)}); ${RATE_LIMIT_NOTE}`,
    ),
  ];
}

/** One task from POST to completed; MB/s over that whole time. */
async function ourRound(t: TestApp, bytes: Buffer): Promise<Round> {
  const video = publishBytes(t, bytes);
  const cpu = processCpuMs();
  const start = performance.now();
  const taskId = await createTask(t, video.shareUrl);
  const task = await waitCompleted(t, taskId);
  const ms = performance.now() - start;
  const cpuMs = processCpuMs() - cpu;
  if (task.media?.size !== VIDEO_BYTES) throw new Error(`task size ${task.media?.size}`);
  await deleteTask(t, taskId);
  return { mbps: mbPerSecond(VIDEO_BYTES, ms), cpuMs };
}

/** The same bytes copied by a bare request → write stream. */
async function baselineRound(t: TestApp, bytes: Buffer, dispatcher: Dispatcher): Promise<Round> {
  const video = publishBytes(t, bytes);
  const file = path.join(t.dataDir, 'baseline.bin');
  try {
    const cpu = processCpuMs();
    const start = performance.now();
    const res = await request(video.mediaUrl, { dispatcher });
    if (res.statusCode !== 200) throw new Error(`baseline GET answered ${res.statusCode}`);
    await pipeline(res.body, fs.createWriteStream(file));
    const ms = performance.now() - start;
    const cpuMs = processCpuMs() - cpu;
    const size = fs.statSync(file).size;
    if (size !== VIDEO_BYTES) throw new Error(`baseline wrote ${size} bytes`);
    return { mbps: mbPerSecond(VIDEO_BYTES, ms), cpuMs };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

runIfMain(import.meta.url, benchDownloadPipeline);
