import { parentPort } from 'node:worker_threads';
import { analyzeInProcess } from './analyze-message.ts';
import { extractCode } from './code-extraction/extract-code.ts';
import { extractAttachment } from './extract-attachment.ts';
import { MessageRefused } from './message-refused.ts';
import type { ParseJob } from './parse-pool.ts';

const analyze = analyzeInProcess(extractCode);

/** One job from ParsePool; the reply carries the same id. */
parentPort?.on('message', (job: ParseJob & { id: number }) => {
  const work =
    job.kind === 'attachment' ? extractAttachment(job.raw, job.index) : analyze(job.raw, job.from);
  work.then(
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
