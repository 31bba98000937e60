import { setMaxListeners } from 'node:events';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'undici';
import { threadCpuMs } from './cpu.ts';
import { prng, rangeOf, type LoadPlan, type LoadStats } from './load-plan.ts';

/**
 * The load client, run in a worker thread so it does not share the event loop of the server
 * under test (both servers live in the main thread, one at a time). Each client loops on one
 * keep-alive connection until the request count or the deadline is reached; at the deadline the
 * requests in flight are cut and only the bytes received so far count.
 */
async function run(plan: LoadPlan): Promise<LoadStats> {
  const pool = new Pool(plan.origin, { connections: plan.clients, pipelining: 1 });
  const next = prng(plan.seed);
  const deadline = new AbortController();
  // Every request in flight listens on the one deadline signal.
  setMaxListeners(plan.clients + 10, deadline.signal);
  let issued = 0;
  let completed = 0;
  let bytes = 0;
  const client = async (): Promise<void> => {
    while (issued < plan.maxRequests && !deadline.signal.aborted) {
      issued++;
      const range = plan.rangeBytes ? rangeOf(next, plan.fileSize, plan.rangeBytes) : null;
      let got = 0;
      try {
        const res = await pool.request({
          method: 'GET',
          path: plan.path,
          headers: range ? { range: `bytes=${range[0]}-${range[1]}` } : {},
          signal: deadline.signal,
        });
        const status = range ? 206 : 200;
        if (res.statusCode !== status) throw new Error(`${plan.path}: HTTP ${res.statusCode}`);
        for await (const chunk of res.body) {
          if (deadline.signal.aborted) break;
          got += (chunk as Buffer).length;
          bytes += (chunk as Buffer).length;
        }
        if (deadline.signal.aborted) return;
      } catch (err) {
        if (deadline.signal.aborted) return;
        throw err;
      }
      const want = range ? range[1] - range[0] + 1 : plan.fileSize;
      if (got !== want) throw new Error(`${plan.path}: ${got} of ${want} bytes`);
      completed++;
    }
  };
  // Tells the main thread to start its CPU clock now that imports and setup are done.
  parentPort?.postMessage({ type: 'start' });
  const cpuStart = threadCpuMs();
  const start = performance.now();
  let end = 0;
  const timer = setTimeout(() => {
    end = performance.now();
    deadline.abort();
  }, plan.durationMs);
  try {
    await Promise.all(Array.from({ length: plan.clients }, client));
    const ms = (end || performance.now()) - start;
    return {
      requests: completed,
      bytes,
      ms,
      clientCpuMs: threadCpuMs() - cpuStart,
      serverCpuMs: 0,
    };
  } finally {
    clearTimeout(timer);
    await pool.destroy();
  }
}

run(workerData as LoadPlan).then(
  (stats) => parentPort?.postMessage({ type: 'done', ok: true, stats }),
  (err: unknown) => parentPort?.postMessage({ type: 'done', ok: false, error: String(err) }),
);
