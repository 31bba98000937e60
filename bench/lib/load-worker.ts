import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'undici';
import { prng, rangeOf, type LoadPlan, type LoadStats } from './load-plan.ts';

/**
 * The load client, run in a worker thread so it does not share the event loop of the server
 * under test (both servers live in the main thread, one at a time).
 */
async function run(plan: LoadPlan): Promise<LoadStats> {
  const pool = new Pool(plan.origin, { connections: plan.clients, pipelining: 1 });
  const next = prng(plan.seed);
  let issued = 0;
  let bytes = 0;
  const client = async (): Promise<void> => {
    while (issued < plan.requests) {
      issued++;
      const range = plan.rangeBytes ? rangeOf(next, plan.fileSize, plan.rangeBytes) : null;
      const res = await pool.request({
        method: 'GET',
        path: plan.path,
        headers: range ? { range: `bytes=${range[0]}-${range[1]}` } : {},
      });
      let got = 0;
      for await (const chunk of res.body) got += (chunk as Buffer).length;
      const want = range ? range[1] - range[0] + 1 : plan.fileSize;
      const status = range ? 206 : 200;
      if (res.statusCode !== status || got !== want) {
        throw new Error(`${plan.origin}${plan.path}: ${res.statusCode}, ${got} of ${want} bytes`);
      }
      bytes += got;
    }
  };
  const start = performance.now();
  try {
    await Promise.all(Array.from({ length: plan.clients }, client));
    return { requests: issued, bytes, ms: performance.now() - start };
  } finally {
    await pool.close();
  }
}

run(workerData as LoadPlan).then(
  (stats) => parentPort?.postMessage({ ok: true, stats }),
  (err: unknown) => parentPort?.postMessage({ ok: false, error: String(err) }),
);
