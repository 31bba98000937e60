import { Worker } from 'node:worker_threads';

/** Same bootstrap as bench/lib/load.ts: tsx is registered inside the worker thread first. */
function boot(entry: URL): string {
  return `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then((api) => { api.register(); return import(${JSON.stringify(entry.href)}); })`;
}

type WorkerReply<T> = { ok: true; stats: T } | { ok: false; error: string };

/** Runs `entry` with `data` in a fresh worker thread and resolves with what it posts back. */
export function runWorker<T>(entry: URL, data: unknown, timeoutMs = 180_000): Promise<T> {
  return startWorker<T>(entry, data, timeoutMs).result;
}

/** The same, with the worker at hand while it runs (to signal it through shared memory). */
export function startWorker<T>(
  entry: URL,
  data: unknown,
  timeoutMs = 180_000,
): { worker: Worker; result: Promise<T> } {
  const worker = new Worker(boot(entry), { eval: true, workerData: data });
  const result = new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`${entry.pathname} exceeded ${timeoutMs} ms`));
    }, timeoutMs);
    worker.once('message', (reply: WorkerReply<T>) => {
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
  return { worker, result };
}
