import fs from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { analyzeInProcess, type AnalyzedMessage } from './analyze-message.ts';
import { withBodiesAsBytes } from './body-bytes.ts';
import { extractCode } from '../code-extraction/extract-code.ts';
import { extractAttachment } from './extract-attachment.ts';
import { extractLink } from '../link-extraction/extract-link.ts';
import { MessageRefused } from './message-refused.ts';
import type { ParseJob } from './parse-pool.ts';

const analyze = analyzeInProcess(extractCode, extractLink);

/**
 * Nice 10 weighs about a tenth of a normal thread: under an SMTP burst ingest gets the cores
 * (bench/mail-ingest.ts: ratio 0.24 → about 0.7), and parsing still moves on a busy machine.
 */
const PARSE_NICE = 10;

/**
 * Parsing runs after the 250, so it yields the CPU to SMTP: on Linux a worker thread has its
 * own nice value (setpriority on its thread id, read from /proc/thread-self). Elsewhere it
 * keeps the normal priority.
 */
function lowerPriority(nice: number): void {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, nice);
  } catch {
    // Not Linux, or not allowed: parse at the normal priority.
  }
}

lowerPriority(PARSE_NICE);

/** One job from ParsePool; the reply carries the same id. */
parentPort?.on('message', (job: ParseJob & { id: number }) => {
  const work =
    job.kind === 'attachment' ? extractAttachment(job.raw, job.index) : analyze(job.raw, job.from);
  work.then(
    (result) => {
      if (job.kind === 'attachment')
        return parentPort?.postMessage({ id: job.id, ok: true, result });
      const { message, transfer } = withBodiesAsBytes(result as AnalyzedMessage);
      parentPort?.postMessage({ id: job.id, ok: true, result: message }, transfer);
    },
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

// Loaded: the pool may count on this worker starting a job at once (ParsePool's reserve).
parentPort?.postMessage({ ready: true });
