import { parentPort } from 'node:worker_threads';
import { analyzeInProcess } from './analyze-message.ts';
import { extractCode } from './code-extraction/extract-code.ts';
import { MessageRefused } from './message-refused.ts';

/** One parse job from ParsePool; the reply carries the same id. */
interface Job {
  id: number;
  raw: Uint8Array;
  from: string | null;
}

const analyze = analyzeInProcess(extractCode);

parentPort?.on('message', (job: Job) => {
  analyze(job.raw, job.from).then(
    (result) => parentPort?.postMessage({ id: job.id, ok: true, result }),
    (err: unknown) =>
      parentPort?.postMessage({
        id: job.id,
        ok: false,
        error: String(err),
        // Errors lose their class between threads: a refusal travels as its SMTP reply.
        refused: err instanceof MessageRefused ? err.reply : null,
      }),
  );
});
