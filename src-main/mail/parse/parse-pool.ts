import type { Worker } from 'node:worker_threads';
import type { Logger } from '../../core/logger.ts';
import type { AnalyzedMessage } from './analyze-message.ts';
import { withBodyBuffers } from './body-bytes.ts';
import { MessageRefused } from './message-refused.ts';
import {
  defaultPoolSize,
  MAX_JOB_BYTES,
  spawnWorker,
  WORKER_HEAP_MB,
} from './parse-worker-file.ts';
import type { AttachmentFile } from './extract-attachment.ts';
import { backlogHeavy, backlogSlot, type Slot, urgentSlot } from './slot-choice.ts';

type Reply =
  | { ready: true }
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: string; refused?: string | null };

/** What a worker is asked to do (parse-worker.ts). */
export type ParseJob =
  | { kind: 'analyze'; raw: Uint8Array; from: string | null }
  | { kind: 'attachment'; raw: Uint8Array; index: number };

/** A job waiting in the pool for a worker with room. */
interface Queued {
  job: ParseJob;
  lanes: number;
  resolve: (result: unknown) => void;
  reject: (err: Error) => void;
}

/** Test seams of the pool (integration tests and benches). */
export interface ParsePoolHooks {
  /**
   * A job is posted to its worker only once this resolves: the job holds its slot meanwhile,
   * as a slow parse would (tests hold hostile mail in the workers deterministically).
   */
  beforeSend?: (job: ParseJob) => Promise<void> | undefined;
}

/**
 * MIME parsing and code extraction off the event loop, in worker threads. mailparser costs
 * about 0.3–0.5 ms for a 5 KB mail and up to a second for a 10 MiB one; on the main thread that
 * would cap ingest and stall every HTTP answer and WebSocket push meanwhile.
 *
 * Past the `size` workers of the backlog there is one reserve worker for urgent jobs (someone
 * waits for that mail): it starts only when every other worker has work in hand, so a watched
 * mailbox's code never waits behind a slow or hostile backlog mail (docs/decisions.md).
 */
export class ParsePool {
  private readonly slots: Slot[] = [];
  /** The reserve slot: urgent jobs only, when no backlog worker is idle. */
  private readonly reserve: Slot;
  /** Jobs no worker has yet: someone waits for these (urgent), and the backlog. */
  private readonly urgentQueue: Queued[] = [];
  private readonly queue: Queued[] = [];
  private nextId = 1;
  private closed = false;

  /**
   * @param idleMs A worker with nothing to do this long exits, except the last one: each holds
   *   about 35 MB (its own V8 heap and mailparser), which the extra workers a burst of mail
   *   started should give back. The next burst starts them again.
   * @param heapMb Each worker's old generation (WORKER_HEAP_MB; tests force it out of memory).
   */
  constructor(
    private readonly logger: Logger,
    size = defaultPoolSize(),
    private readonly timeoutMs = 60_000,
    private readonly idleMs = 60_000,
    private readonly heapMb = WORKER_HEAP_MB,
    private readonly hooks: ParsePoolHooks = {},
  ) {
    for (let i = 0; i <= size; i++)
      this.slots.push({ worker: null, pending: new Map(), bytes: 0, idle: null, ready: false });
    this.reserve = this.slots[size] as Slot;
  }

  /** Workers running now (for tests and diagnostics). */
  liveWorkers(): number {
    return this.slots.filter((slot) => slot.worker !== null).length;
  }

  /**
   * Parses in the least busy of the first `lanes` workers; `urgent` jumps every queued job.
   * Rejects when a worker fails or the job times out.
   */
  analyze(
    raw: Uint8Array,
    from: string | null,
    lanes = Infinity,
    urgent = false,
  ): Promise<AnalyzedMessage> {
    return this.run<AnalyzedMessage>({ kind: 'analyze', raw, from }, lanes, urgent).then(
      withBodyBuffers,
    );
  }

  /** Attachment `index` of a raw message, parsed out in a worker; null when there is none. */
  attachment(raw: Uint8Array, index: number): Promise<AttachmentFile | null> {
    // Someone is downloading it: ahead of the backlog.
    return this.run<AttachmentFile | null>({ kind: 'attachment', raw, index }, Infinity, true);
  }

  private run<T>(job: ParseJob, lanes: number, urgent: boolean): Promise<T> {
    if (this.closed) return Promise.reject(new Error('parse pool closed'));
    if (job.raw.byteLength > MAX_JOB_BYTES) {
      return Promise.reject(
        new MessageRefused('5.3.4 Message over the 10 MiB mail limit: not parsed'),
      );
    }
    return new Promise<T>((resolve, reject) => {
      const queued: Queued = { job, lanes, resolve: (r) => resolve(r as T), reject };
      (urgent ? this.urgentQueue : this.queue).push(queued);
      this.dispatch();
    });
  }

  /**
   * Hands queued jobs to workers, urgent ones first, at most MAX_IN_FLIGHT per worker: the rest
   * wait here, where an urgent job can still pass them (a worker's own queue is first come,
   * first served).
   */
  private dispatch(): void {
    for (const [queue, all] of [
      [this.urgentQueue, true],
      [this.queue, false],
    ] as const) {
      while (queue.length > 0 && !this.closed) {
        const next = queue[0] as Queued;
        const slot = all
          ? urgentSlot(this.slots, next.job.raw.byteLength)
          : backlogSlot(this.slots, next.lanes, next.job.raw.byteLength);
        if (!slot) break;
        queue.shift();
        this.send(slot, next);
      }
    }
    this.warmReserve();
  }

  /**
   * With every backlog worker on large mail, the reserve worker is started before an urgent
   * job needs it: a cold start (~250 ms, seconds on a loaded machine) would be the first
   * code's wait. It retires like the others once idle.
   */
  private warmReserve(): void {
    if (this.closed || this.reserve.worker || !backlogHeavy(this.slots)) return;
    try {
      this.retireWhenIdle(this.reserve, this.startWorker(this.reserve));
    } catch (err) {
      this.logger.error('parse worker cannot start', err);
    }
  }

  private send(slot: Slot, queued: Queued): void {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    let worker: Worker;
    try {
      worker = slot.worker ?? this.startWorker(slot);
    } catch (err) {
      // A worker that cannot start (a replaced file, verifiedWorkerPath): this job fails.
      this.logger.error('parse worker cannot start', err);
      queued.reject(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    const id = this.nextId++;
    const timer = setTimeout(() => this.fail(slot, new Error('parse timed out')), this.timeoutMs);
    const bytes = queued.job.raw.byteLength;
    slot.pending.set(id, { resolve: queued.resolve, reject: queued.reject, timer, bytes });
    slot.bytes += bytes;
    const post = (): void => worker.postMessage({ id, ...queued.job });
    const hold = this.hooks.beforeSend?.(queued.job);
    if (hold) void hold.then(() => slot.worker === worker && slot.pending.has(id) && post());
    else post();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const queued of [...this.urgentQueue, ...this.queue])
      queued.reject(new Error('parse pool closed'));
    this.urgentQueue.length = 0;
    this.queue.length = 0;
    await Promise.all(
      this.slots.map((slot) => {
        if (slot.idle) clearTimeout(slot.idle);
        this.failAll(slot, new Error('parse pool closed'));
        return slot.worker ? slot.worker.terminate() : Promise.resolve(0);
      }),
    );
  }

  private startWorker(slot: Slot): Worker {
    const worker = spawnWorker(this.heapMb);
    slot.worker = worker;
    worker.on('message', (reply: Reply) => {
      if ('ready' in reply) {
        slot.ready = slot.worker === worker;
        this.dispatch();
        return;
      }
      const job = slot.pending.get(reply.id);
      if (!job) return;
      slot.pending.delete(reply.id);
      slot.bytes -= job.bytes;
      clearTimeout(job.timer);
      if (reply.ok) job.resolve(reply.result);
      else job.reject(reply.refused ? new MessageRefused(reply.refused) : new Error(reply.error));
      this.dispatch();
      if (slot.pending.size === 0) this.retireWhenIdle(slot, worker);
    });
    worker.on('error', (err) => {
      if (slot.worker === worker) this.fail(slot, err);
    });
    worker.unref();
    return worker;
  }

  private retireWhenIdle(slot: Slot, worker: Worker): void {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = setTimeout(() => {
      slot.idle = null;
      if (slot.worker !== worker || slot.pending.size > 0) return;
      // One stays warm: a cold worker needs about 250 ms for its first mail, which every
      // verification code after a quiet minute would otherwise wait for.
      if (this.liveWorkers() <= 1) return;
      slot.worker = null;
      slot.ready = false;
      void worker.terminate();
    }, this.idleMs);
    slot.idle.unref();
  }

  /** A crashed or stuck worker is dropped; its jobs fail (SMTP answers 451, senders retry). */
  private fail(slot: Slot, err: Error): void {
    if (this.closed) return;
    this.logger.error('parse worker failed; the next mail starts a new one', err);
    this.failAll(slot, err);
    void slot.worker?.terminate();
    slot.worker = null;
    slot.ready = false;
    // Jobs still queued get a new worker.
    this.dispatch();
  }

  private failAll(slot: Slot, err: Error): void {
    for (const job of slot.pending.values()) {
      clearTimeout(job.timer);
      job.reject(err);
    }
    slot.pending.clear();
    slot.bytes = 0;
  }
}
