import type { Task, TaskCreated } from '../../src-shared/video/schemas.ts';
import { publishVideo, type PublishedVideo } from '../../tests/helpers/sim-posts.ts';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { makeTempDir, removeTempDir } from '../../tests/helpers/temp-dir.ts';

/**
 * startApp's per-IP limits (300 requests and 10 creates a minute) would turn a benchmark into a
 * stream of 429s, since all traffic comes from 127.0.0.1; the benches lift them.
 */
export const BENCH_RATE_LIMITS = { requestsPerMinute: 1e9, createsPerMinute: 1e9 };
export const RATE_LIMIT_NOTE =
  'rate limits lifted for the bench: rateLimits { requestsPerMinute: 1e9, createsPerMinute: 1e9 }';

/**
 * The real app (startApp on 127.0.0.1:0, real scheduler, downloader, SQLite and HTTP server)
 * wired to the local platform simulator, as the integration tests run it. Every outbound request
 * goes to the simulator on 127.0.0.1.
 */
export async function startBenchApp(): Promise<TestApp> {
  // Our own temp dir, so it is removed even when the app fails to start (startTestApp only
  // removes the ones it made, and only from close()).
  const dataDir = makeTempDir('ephemera-bench-');
  try {
    const t = await startTestApp({ dataDir, rateLimits: BENCH_RATE_LIMITS, quiet: true });
    const close = (): Promise<void> => t.close();
    return {
      ...t,
      close: async () => {
        try {
          await close();
        } finally {
          removeTempDir(dataDir);
        }
      },
    };
  } catch (err) {
    removeTempDir(dataDir);
    throw err;
  }
}

/** Publishes `bytes` as one video on the simulator; the CDN serves them from memory. */
export function publishBytes(t: TestApp, bytes: Buffer): PublishedVideo {
  return publishVideo(t.sim, { bytes });
}

/** POST /api/tasks for the share link; returns the new task id. */
export async function createTask(t: TestApp, shareUrl: string): Promise<string> {
  const res = await t.postShare(shareUrl);
  if (res.status !== 202) throw new Error(`POST /api/tasks answered ${res.status}`);
  return ((await res.json()) as TaskCreated).task_id;
}

/**
 * Polls GET /api/tasks/{id}?wait=5 as a phone would, until completed. A wait also returns when
 * the title becomes known, so several rounds are normal; 24 rounds bound it at about 2 minutes.
 */
export async function waitCompleted(t: TestApp, taskId: string): Promise<Task> {
  for (let round = 0; round < 24; round++) {
    const res = await t.request(`/api/tasks/${taskId}?wait=5`);
    if (res.status !== 200) throw new Error(`GET task answered ${res.status}`);
    const task = (await res.json()) as Task;
    if (task.status === 'completed') return task;
    if (task.status === 'failed') throw new Error(`task failed: ${task.error ?? '?'}`);
  }
  throw new Error(`task ${taskId} did not complete in time`);
}

/** Deletes a task so its file and slot are freed between rounds. */
export async function deleteTask(t: TestApp, taskId: string): Promise<void> {
  const res = await t.request(`/api/tasks/${taskId}`, { method: 'DELETE' });
  await res.body?.cancel();
}
