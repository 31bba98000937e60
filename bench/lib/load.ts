import { Worker } from 'node:worker_threads';
import { processCpuMs } from './cpu.ts';
import type { LoadPlan, LoadStats } from './load-plan.ts';

/**
 * tsx's --import hook does not reach a worker's entry module on Node 20, so the worker starts
 * from a tiny bootstrap that registers tsx in its own thread and then imports the TypeScript.
 */
const BOOT = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then((api) => { api.register(); return import(${JSON.stringify(new URL('./load-worker.ts', import.meta.url).href)}); })`;

type WorkerMessage =
  | { type: 'start' }
  | { type: 'done'; ok: true; stats: LoadStats }
  | { type: 'done'; ok: false; error: string };

/**
 * Runs one load plan in a fresh worker thread; rejects after `timeoutMs` whatever happens. The
 * server's CPU is the process's CPU during the run minus what the client thread used.
 */
export function runLoad(plan: LoadPlan, timeoutMs = 60_000): Promise<LoadStats> {
  const worker = new Worker(BOOT, { eval: true, workerData: plan });
  let cpuAtStart = processCpuMs();
  return new Promise<LoadStats>((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`load run exceeded ${timeoutMs} ms`));
    }, timeoutMs);
    worker.on('message', (msg: WorkerMessage) => {
      if (msg.type === 'start') {
        cpuAtStart = processCpuMs();
        return;
      }
      const serverCpuMs = processCpuMs() - cpuAtStart;
      clearTimeout(timer);
      void worker.terminate();
      if (msg.ok) resolve({ ...msg.stats, serverCpuMs: serverCpuMs - msg.stats.clientCpuMs });
      else reject(new Error(msg.error));
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}
