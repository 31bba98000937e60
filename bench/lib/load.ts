import { Worker } from 'node:worker_threads';
import type { LoadPlan, LoadStats } from './load-plan.ts';

/**
 * tsx's --import hook does not reach a worker's entry module on Node 20, so the worker starts
 * from a tiny bootstrap that registers tsx in its own thread and then imports the TypeScript.
 */
const BOOT = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then((api) => { api.register(); return import(${JSON.stringify(new URL('./load-worker.ts', import.meta.url).href)}); })`;

type WorkerReply = { ok: true; stats: LoadStats } | { ok: false; error: string };

/** Runs one load plan in a fresh worker thread; rejects after `timeoutMs` whatever happens. */
export function runLoad(plan: LoadPlan, timeoutMs = 60_000): Promise<LoadStats> {
  const worker = new Worker(BOOT, { eval: true, workerData: plan });
  return new Promise<LoadStats>((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`load run exceeded ${timeoutMs} ms`));
    }, timeoutMs);
    worker.once('message', (reply: WorkerReply) => {
      clearTimeout(timer);
      void worker.terminate();
      if (reply.ok) resolve(reply.stats);
      else reject(new Error(reply.error));
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}
