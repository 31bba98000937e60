import { randomBytes } from 'node:crypto';
import type { Platform } from '../../src-shared/video/schemas.ts';
import type { Clock } from '../core/clock.ts';
import { AppError } from '../core/app-error.ts';
import type { Logger } from '../core/logger.ts';
import type { MediaStore } from './media-store.ts';
import type { TaskStore } from './task-store.ts';
import type { TaskRunner } from './task-runner.ts';
import {
  holdsSlot,
  newTaskRecord,
  type TaskProgressState,
  type TaskRecord,
} from './task-record.ts';
import {
  describeFailure,
  interruptedFailure,
  TaskTimeoutError,
  type TaskFailure,
} from './task-failure.ts';
import { TaskWatchers } from './task-watchers.ts';
import { DiagnosticsRecorder } from './diagnostics/diagnostics-recorder.ts';

export interface SchedulerLimits {
  slots: number;
  concurrency: number;
  retentionMs: number;
  timeoutMs: number;
  sweepIntervalMs: number;
}

export interface SchedulerDeps {
  store: TaskStore;
  media: MediaStore;
  runner: TaskRunner;
  clock: Clock;
  limits: SchedulerLimits;
  logger: Logger;
}

/** A task as readers see it: the record plus live progress. */
export interface TaskSnapshot {
  record: TaskRecord;
  progress: TaskProgressState | null;
}

interface Running {
  controller: AbortController;
  deadline: number;
  diagnostics: DiagnosticsRecorder;
}

/**
 * Owns every task's life: slots, the download queue, the 240 s deadline, the 180 s retention,
 * cancellation and recovery after a restart. Records live in memory for fast polling and are
 * written through to SQLite on every state change.
 */
export class TaskScheduler {
  private readonly tasks = new Map<string, TaskRecord>();
  private readonly progress = new Map<string, TaskProgressState>();
  private readonly running = new Map<string, Running>();
  private readonly queue: string[] = [];
  private readonly watchers = new TaskWatchers();
  private sweepTimer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: SchedulerDeps) {}

  /** Loads surviving tasks, fails interrupted ones, deletes orphan files, starts the sweep. */
  start(): void {
    const now = this.deps.clock.now();
    const keep = new Set<string>();
    for (const record of this.deps.store.loadAll()) {
      if (record.status === 'queued' || record.status === 'processing') {
        this.applyFailure(record, interruptedFailure(record.status), now);
      } else if (
        (record.expiresAt !== null && record.expiresAt <= now) ||
        (record.status === 'completed' && !this.filesPresent(record))
      ) {
        this.deps.store.delete(record.taskId);
        continue;
      }
      this.tasks.set(record.taskId, record);
      if (record.mediaFile) keep.add(record.mediaFile);
      if (record.coverFile) keep.add(record.coverFile);
    }
    const removed = this.deps.media.removeOrphans(keep);
    if (removed > 0) this.deps.logger.info(`removed ${removed} orphan media file(s)`);
    this.sweepTimer = setInterval(() => this.sweep(), this.deps.limits.sweepIntervalMs);
    this.sweepTimer.unref();
  }

  /** Stops the sweep and aborts downloads; their tasks read as interrupted after a restart. */
  stop(): void {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    const now = this.deps.clock.now();
    for (const [taskId, run] of this.running) {
      const record = this.tasks.get(taskId);
      const stopping = new Error('stopping');
      if (record) {
        record.diagnostics = run.diagnostics.finish(stopping);
        this.applyFailure(record, interruptedFailure('processing'), now);
      }
      run.controller.abort(stopping);
    }
    this.running.clear();
    for (const taskId of this.queue.splice(0)) {
      const record = this.tasks.get(taskId);
      if (record) this.applyFailure(record, interruptedFailure('queued'), now);
    }
    this.watchers.releaseAll();
  }

  /**
   * Creates a queued task, or throws SLOTS_FULL with the wait until a slot frees. Returns the
   * record as created; the download may already have started.
   */
  create(platform: Platform, sourceUrl: string): TaskRecord {
    const now = this.deps.clock.now();
    const holders = [...this.tasks.values()].filter((r) => this.isLive(r, now) && holdsSlot(r));
    if (holders.length >= this.deps.limits.slots) {
      throw new AppError(
        'SLOTS_FULL',
        `All ${this.deps.limits.slots} slots are in use. Try again when one frees up.`,
        { retryAfterSeconds: this.secondsUntilFreeSlot(holders, now) },
      );
    }
    const record = newTaskRecord(randomBytes(18).toString('base64url'), platform, sourceUrl, now);
    this.deps.store.save(record);
    this.tasks.set(record.taskId, record);
    this.queue.push(record.taskId);
    const created = { ...record };
    this.pump();
    return created;
  }

  /** The task if it exists and has not expired. */
  get(taskId: string): TaskSnapshot | undefined {
    const record = this.tasks.get(taskId);
    if (!record || !this.isLive(record, this.deps.clock.now())) return undefined;
    return { record, progress: this.progress.get(taskId) ?? null };
  }

  /** Resolves when the task changes state (or disappears), or after `ms`. */
  waitForChange(taskId: string, ms: number): Promise<void> {
    return this.watchers.wait(taskId, ms);
  }

  /** Cancels from any state: aborts the download, deletes files and record, frees the slot. */
  cancel(taskId: string): boolean {
    if (!this.get(taskId)) return false;
    this.running.get(taskId)?.controller.abort(new Error('cancelled'));
    this.running.delete(taskId);
    const queued = this.queue.indexOf(taskId);
    if (queued >= 0) this.queue.splice(queued, 1);
    this.remove(taskId);
    this.pump();
    return true;
  }

  capacity(): { total: number; used: number; available: number } {
    const now = this.deps.clock.now();
    let used = 0;
    for (const r of this.tasks.values()) if (this.isLive(r, now) && holdsSlot(r)) used++;
    const total = this.deps.limits.slots;
    return { total, used, available: Math.max(0, total - used) };
  }

  /** Registers an open media transfer so expiry can cut it. Returns the unregister function. */
  trackTransfer(taskId: string, stream: { destroy(): void }): () => void {
    return this.watchers.trackTransfer(taskId, stream);
  }

  /** Expires finished tasks and times out slow ones. Runs every sweepIntervalMs. */
  sweep(): void {
    const now = this.deps.clock.now();
    for (const record of [...this.tasks.values()]) {
      if (record.expiresAt !== null && record.expiresAt <= now) this.remove(record.taskId);
    }
    for (const [taskId, run] of [...this.running]) {
      if (run.deadline > now) continue;
      // Free the slot now rather than trusting the runner to notice the abort promptly.
      const timeout = new TaskTimeoutError();
      run.controller.abort(timeout);
      this.running.delete(taskId);
      const record = this.tasks.get(taskId);
      if (record) {
        this.deps.media.removeTask(taskId);
        record.diagnostics = run.diagnostics.finish(timeout);
        this.applyFailure(record, describeFailure(timeout, record.platform), now);
        this.progress.delete(taskId);
        this.watchers.notify(taskId);
      }
    }
    this.pump();
  }

  private pump(): void {
    while (this.running.size < this.deps.limits.concurrency && this.queue.length > 0) {
      const taskId = this.queue.shift() as string;
      const record = this.tasks.get(taskId);
      if (record) void this.execute(record);
    }
  }

  private async execute(record: TaskRecord): Promise<void> {
    const { clock, limits, runner, store } = this.deps;
    const controller = new AbortController();
    const run: Running = {
      controller,
      deadline: clock.now() + limits.timeoutMs,
      diagnostics: new DiagnosticsRecorder(() => clock.now()),
    };
    this.running.set(record.taskId, run);
    record.status = 'processing';
    store.save(record);
    this.watchers.notify(record.taskId);
    try {
      const outcome = await runner.run(record, {
        signal: controller.signal,
        onResolved: (post) => {
          record.title = post.title;
          record.author = post.author;
          this.watchers.notify(record.taskId);
        },
        onProgress: (p) => this.progress.set(record.taskId, p),
        diagnostics: run.diagnostics,
      });
      if (!this.owns(record, run)) return;
      const now = clock.now();
      Object.assign(record, outcome, {
        status: 'completed',
        readyAt: now,
        expiresAt: now + limits.retentionMs,
        diagnostics: run.diagnostics.finish(null),
      });
      store.save(record);
    } catch (err) {
      if (!this.owns(record, run)) return;
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : err;
      const failure = describeFailure(reason, record.platform);
      if (failure.code === 'upstream_error') this.deps.logger.error('task failed', err);
      this.deps.media.removeTask(record.taskId);
      record.diagnostics = run.diagnostics.finish(reason);
      this.applyFailure(record, failure, clock.now());
    } finally {
      if (this.running.get(record.taskId) === run) this.running.delete(record.taskId);
      this.progress.delete(record.taskId);
      this.watchers.notify(record.taskId);
      this.pump();
    }
  }

  /** False once the task was cancelled, expired or the scheduler stopped under the runner. */
  private owns(record: TaskRecord, run: Running): boolean {
    return this.tasks.get(record.taskId) === record && this.running.get(record.taskId) === run;
  }

  /** Fails a task; its record stays readable for the retention time, without a slot. */
  private applyFailure(record: TaskRecord, failure: TaskFailure, now: number): void {
    record.status = 'failed';
    record.error = failure.message;
    record.errorCode = failure.code;
    record.retryable = failure.retryable;
    record.readyAt = null;
    record.expiresAt = now + this.deps.limits.retentionMs;
    record.mediaFile = null;
    record.coverFile = null;
    this.deps.store.save(record);
  }

  private remove(taskId: string): void {
    this.tasks.delete(taskId);
    this.progress.delete(taskId);
    this.deps.store.delete(taskId);
    this.deps.media.removeTask(taskId);
    this.watchers.notify(taskId);
    this.watchers.cutTransfers(taskId);
  }

  private isLive(record: TaskRecord, now: number): boolean {
    return record.expiresAt === null || record.expiresAt > now;
  }

  private filesPresent(record: TaskRecord): boolean {
    return record.mediaFile !== null && this.deps.media.exists(record.mediaFile);
  }

  /** Seconds until the earliest slot holder is bound to let go (expiry or deadline). */
  private secondsUntilFreeSlot(holders: TaskRecord[], now: number): number {
    const ends = holders.map((r) => {
      if (r.expiresAt !== null) return r.expiresAt;
      const run = this.running.get(r.taskId);
      return run ? run.deadline : now + this.deps.limits.timeoutMs;
    });
    return Math.max(1, Math.ceil((Math.min(...ends) - now) / 1000));
  }
}
