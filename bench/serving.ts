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
import { fmt, median, ratioResult, type BenchResult } from './lib/result.ts';
import { runIfMain } from './lib/standalone.ts';

const CLIENTS = 20;
const ROUNDS = 3;
/** Full downloads per round: one per client, 2 GiB in all. */
const FULL_REQUESTS = 20;
/** 1 MiB Range requests per round: 1.5 GiB in all. */
const RANGE_REQUESTS = 1500;
const RANGE_BYTES = MiB;

interface Target {
  name: 'ours' | 'baseline';
  origin: string;
  path: string;
}

/**
 * GET /api/tasks/{id}/download of a completed 100 MiB task (full, and random 1 MiB ranges) with
 * 20 parallel clients, against a bare createReadStream server on the very same file. The servers
 * take turns in the main thread; the load client runs in a worker thread.
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
    // Untimed warm-up of both servers (JIT, page cache of the file, connections).
    for (const target of targets) {
      await runLoad(plan(target, 2, null, 1));
      await runLoad(plan(target, 200, RANGE_BYTES, 1));
    }
    const full = await measure('full', targets, FULL_REQUESTS, null);
    const ranges = await measure('range', targets, RANGE_REQUESTS, RANGE_BYTES);
    const note = `${CLIENTS} clients, median of ${ROUNDS} alternating rounds; ${RATE_LIMIT_NOTE}`;
    return [
      ratioResult(
        `serve full 100 MiB ×${FULL_REQUESTS}`,
        'MB/s',
        median(full.ours.map(mbps)),
        median(full.baseline.map(mbps)),
        0.9,
        note,
      ),
      ratioResult(
        `serve 1 MiB ranges ×${RANGE_REQUESTS}`,
        'req/s',
        median(ranges.ours.map(reqps)),
        median(ranges.baseline.map(reqps)),
        0.9,
        note,
      ),
    ];
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
  label: string,
  targets: Target[],
  requests: number,
  rangeBytes: number | null,
): Promise<Record<Target['name'], LoadStats[]>> {
  const out: Record<Target['name'], LoadStats[]> = { ours: [], baseline: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    const order = round % 2 === 1 ? targets : [...targets].reverse();
    for (const target of order) {
      out[target.name].push(await runLoad(plan(target, requests, rangeBytes, round)));
    }
    const o = out.ours.at(-1) as LoadStats;
    const b = out.baseline.at(-1) as LoadStats;
    const unit = rangeBytes ? 'req/s' : 'MB/s';
    const show = rangeBytes ? reqps : mbps;
    console.log(
      `serving ${label} round ${round}: ours ${fmt(show(o))} ${unit}, baseline ${fmt(show(b))} ${unit}`,
    );
  }
  return out;
}

function plan(target: Target, requests: number, rangeBytes: number | null, seed: number): LoadPlan {
  return {
    origin: target.origin,
    path: target.path,
    clients: CLIENTS,
    requests,
    fileSize: VIDEO_BYTES,
    rangeBytes,
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
