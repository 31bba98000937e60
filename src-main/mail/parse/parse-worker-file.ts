// The parse worker as a file: where it is (sources, the bundle, an installed app's unpacked
// folder), the check that it is the one the build shipped, its heap cap, and how a thread is
// started on it. parse-pool.ts decides which worker gets which job.
import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { MAIL_LIMITS } from '../../../src-shared/mail/limits.ts';

/**
 * From the sources (tsx, vitest) the worker is the sibling .ts file; in the esbuild bundle
 * (dist/main, scripts/build-main.mjs) it is its own entry, parse-worker.mjs, beside start.mjs.
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(
  FROM_SOURCE ? './parse-worker.ts' : './parse-worker.mjs',
  import.meta.url,
);

/**
 * Inside an installed app the bundle sits in `app.asar`, but the installers unpack the worker
 * (electron-builder.yml, asarUnpack) beside it in `app.asar.unpacked`: load it from there.
 */
export function unpackedWorkerPath(file: string): string {
  return file.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
}

/**
 * The worker's SHA-256, put into the bundles by scripts/build-main.mjs (undefined when running
 * from sources or a bundle built without it, e.g. bench/desktop-launch.ts).
 */
declare const __PARSE_WORKER_SHA256__: string | undefined;
const WORKER_SHA256 =
  typeof __PARSE_WORKER_SHA256__ === 'string' ? __PARSE_WORKER_SHA256__ : undefined;

/**
 * The worker file, refused unless its SHA-256 is `expected`. Installers unpack it beside
 * app.asar, outside the archive's integrity check (macOS, Windows); the hash lives in the main
 * bundle inside the archive, so a replaced worker is not run. Without a hash (sources) it
 * passes unchecked.
 */
export function verifiedWorkerPath(file: string, expected: string | undefined): string {
  if (expected === undefined) return file;
  const actual = createHash('sha256').update(fs.readFileSync(file)).digest();
  const wanted = Buffer.from(expected, 'hex');
  if (wanted.length !== actual.length || !timingSafeEqual(actual, wanted)) {
    throw new Error(`the parse worker ${file} is not the one this build shipped (SHA-256 differs)`);
  }
  return file;
}

/**
 * A worker's V8 old generation, capped. Uncapped, V8 let each worker's heap grow with the
 * garbage of 10 MiB mails (their bodies decoded to strings, then sent on as bytes) and
 * collected it late: receiving 24 such mails peaked at 351–410 MB RSS, 303–332 MB with this
 * cap (bench/mail-large-mailbox.ts). Parsing the heaviest 10 MiB mails alone needs 24–48 MB
 * (an HTML-only mail, CJK text, quoted-printable alternative, a 7 MiB attachment: all parse
 * at 48, most fail at 24), so 96 leaves room for the small jobs beside one. A worker that
 * runs out anyway ends with ERR_WORKER_OUT_OF_MEMORY, alone: its job is tried again, then
 * kept unparsed (analyze-batch.ts).
 *
 * That holds only for input within the mail limit (MAX_JOB_BYTES). Node ends a worker at its
 * heap limit by letting it allocate 16 MB more while it stops; a single allocation larger than
 * that (mailparser's strings of a 30 MiB message) is a fatal V8 error that takes the whole
 * process down ("Reached heap limit", exit 134: issue 36, a 100 MiB IMAP message). Tried:
 * 10 MiB of ASCII, CJK, base64 or HTML on an 8–24 MB heap end the worker alone; 30 MiB on
 * 16 MB and 100 MiB on 96 MB kill the process.
 */
export const WORKER_HEAP_MB = 96;

/** The largest job a worker is given (see WORKER_HEAP_MB). */
export const MAX_JOB_BYTES = MAIL_LIMITS.maxMessageBytes;

/**
 * Running from TypeScript sources, a worker's entry must register tsx in its own thread first
 * (Node 20 does not pass the --import hook to workers); the bundled .mjs entry loads directly.
 */
export function spawnWorker(heapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: heapMb };
  if (!FROM_SOURCE) {
    return new Worker(
      verifiedWorkerPath(unpackedWorkerPath(fileURLToPath(WORKER_URL)), WORKER_SHA256),
      { resourceLimits },
    );
  }
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
    .then((api) => { api.register(); return import(${JSON.stringify(WORKER_URL.href)}); })`;
  return new Worker(boot, { eval: true, resourceLimits });
}

/**
 * One worker per core, 1 to 4. Parsing and extraction are most of a mail's CPU (about 1.2 ms of
 * 1.5 ms for 5 KB): every worker drains a backlog after a burst, while during one the parse
 * queue keeps to fewer (ParseQueueOptions.busyLanes) so SMTP keeps its cores.
 */
export function defaultPoolSize(): number {
  return Math.max(1, Math.min(4, os.availableParallelism()));
}
