import path from 'node:path';
import type { TestApp } from '../tests/helpers/test-app.ts';
import {
  createTask,
  publishBytes,
  RATE_LIMIT_NOTE,
  startBenchApp,
  waitCompleted,
} from './lib/bench-app.ts';
import { MiB, VIDEO_BYTES, videoBytes } from './lib/bench-bytes.ts';
import { startFileServer, type FileServer } from './lib/file-server.ts';
import { runLoad } from './lib/load.ts';
import type { LoadPlan, LoadStats } from './lib/load-plan.ts';
import { fmt, median, pairedResult, type BenchResult } from './lib/result.ts';
import { runIfMain } from './lib/standalone.ts';

const CLIENTS = 20;
const ROUNDS = 3;
/** Each run lasts this long (or stops at MAX_REQUESTS), so a slow server cannot stretch it. */
const RUN_MS = 2500;
const MAX_REQUESTS = 100_000;
const RANGE_BYTES = MiB;

interface Target {
  name: 'ours' | 'baseline';
  origin: string;
  path: string;
}

/** What one half of the bench asks for and how it scores a run. */
interface Mode {
  label: string;
  rangeBytes: number | null;
  unit: string;
  rate: (s: LoadStats) => number;
  /** Server CPU per unit of work, a check on the throughput that other load skews less. */
  cpuUnit: string;
  cpu: (s: LoadStats) => number;
}

const FULL: Mode = {
  label: 'full',
  rangeBytes: null,
  unit: 'MB/s',
  rate: mbps,
  cpuUnit: 'CPU ms/GiB',
  cpu: (s) => s.serverCpuMs / (s.bytes / (1024 * MiB)),
};
const RANGES: Mode = {
  label: '1 MiB ranges',
  rangeBytes: RANGE_BYTES,
  unit: 'req/s',
  rate: reqps,
  cpuUnit: 'CPU µs/req',
  cpu: (s) => (s.serverCpuMs * 1000) / s.requests,
};

/**
 * GET /api/tasks/{id}/download of a completed 100 MiB task (full, and random 1 MiB ranges) with
 * 20 parallel clients, against a bare createReadStream server on the very same file. The servers
 * take turns in the main thread; the load client runs in a worker thread. Full downloads are
 * scored on bytes streamed within each run's window (20 of them run side by side).
 */
export async function benchServing(): Promise<BenchResult[]> {
  const t = await startBenchApp();
  let baseline: FileServer | null = null;
  try {
    const taskId = await completedTask(t);
    const file = path.join(t.dataDir, 'media', `${taskId}.video`);
    baseline = await startFileServer(file);
    const targets: Target[] = [
      { name: 'ours', origin: t.app.httpUrl, path: `/api/tasks/${taskId}/download` },
      { name: 'baseline', origin: baseline.origin, path: '/video.mp4' },
    ];
    for (const target of targets) {
      // Two whole downloads each, checked to the byte: the timed runs below cut full downloads
      // at their deadline, so this is where a complete answer is verified.
      const whole = await runLoad({ ...plan(target, FULL, 1, 30_000), clients: 2, maxRequests: 2 });
      if (whole.requests !== 2) throw new Error(`${target.name}: full download incomplete`);
      // Untimed warm-up (JIT, page cache of the file, connections).
      await runLoad(plan(target, RANGES, 1, 800));
    }
    const results: BenchResult[] = [];
    for (const mode of [FULL, RANGES]) {
      const runs = await measure(mode, targets);
      const cpuOurs = median(runs.ours.map(mode.cpu));
      const cpuBase = median(runs.baseline.map(mode.cpu));
      const note =
        `${CLIENTS} clients, ${ROUNDS} alternating ${RUN_MS / 1000} s rounds, ratio = median of ` +
        `per-round ratios; server ${mode.cpuUnit}: ours ${fmt(cpuOurs, 0)}, baseline ` +
        `${fmt(cpuBase, 0)} (×${fmt(cpuOurs / cpuBase, 2)}); ${RATE_LIMIT_NOTE}`;
      results.push(
        pairedResult(
          `serve /download, ${mode.label}`,
          mode.unit,
          runs.ours.map(mode.rate),
          runs.baseline.map(mode.rate),
          0.9,
          note,
        ),
      );
    }
    return results;
  } finally {
    await baseline?.close();
    await t.close();
  }
}

async function completedTask(t: TestApp): Promise<string> {
  const video = publishBytes(t, videoBytes());
  const taskId = await createTask(t, video.shareUrl);
  await waitCompleted(t, taskId);
  return taskId;
}

/** Alternating rounds (ours first, then baseline first, …) of the same request sequence. */
async function measure(
  mode: Mode,
  targets: Target[],
): Promise<Record<Target['name'], LoadStats[]>> {
  const out: Record<Target['name'], LoadStats[]> = { ours: [], baseline: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    const order = round % 2 === 1 ? targets : [...targets].reverse();
    for (const target of order) {
      out[target.name].push(await runLoad(plan(target, mode, round + 1, RUN_MS)));
    }
    const o = out.ours.at(-1) as LoadStats;
    const b = out.baseline.at(-1) as LoadStats;
    console.log(
      `serving ${mode.label} round ${round}: ours ${fmt(mode.rate(o))} ${mode.unit} ` +
        `(${fmt(mode.cpu(o), 0)} ${mode.cpuUnit}), baseline ${fmt(mode.rate(b))} ${mode.unit} ` +
        `(${fmt(mode.cpu(b), 0)} ${mode.cpuUnit})`,
    );
  }
  return out;
}

function plan(target: Target, mode: Mode, seed: number, durationMs: number): LoadPlan {
  return {
    origin: target.origin,
    path: target.path,
    clients: CLIENTS,
    maxRequests: MAX_REQUESTS,
    durationMs,
    fileSize: VIDEO_BYTES,
    rangeBytes: mode.rangeBytes,
    seed,
  };
}

function mbps(s: LoadStats): number {
  return s.bytes / MiB / (s.ms / 1000);
}

function reqps(s: LoadStats): number {
  return s.requests / (s.ms / 1000);
}

runIfMain(import.meta.url, benchServing);
