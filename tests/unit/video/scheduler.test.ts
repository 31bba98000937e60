import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Platform } from '../../../src-shared/video/schemas.ts';
import { AppError } from '../../../src-main/core/app-error.ts';
import type { Logger } from '../../../src-main/core/logger.ts';
import { openDatabase, type Db } from '../../../src-main/db/open-database.ts';
import { UpstreamStatusError } from '../../../src-main/video/downloader.ts';
import { MediaStore } from '../../../src-main/video/media-store.ts';
import type { ResolvedPost } from '../../../src-main/video/platforms/platform.ts';
import { TaskScheduler, type SchedulerLimits } from '../../../src-main/video/scheduler.ts';
import { TaskTimeoutError } from '../../../src-main/video/task-failure.ts';
import type { TaskRecord } from '../../../src-main/video/task-record.ts';
import type { RunHooks, TaskOutcome, TaskRunner } from '../../../src-main/video/task-runner.ts';
import { TaskStore } from '../../../src-main/video/task-store.ts';
import { deferred, type Deferred } from '../../helpers/deferred.ts';
import { ManualClock } from '../../helpers/manual-clock.ts';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir.ts';

const SECOND = 1000;
const LIMITS: SchedulerLimits = {
  slots: 4,
  concurrency: 2,
  retentionMs: 180 * SECOND,
  timeoutMs: 240 * SECOND,
  // Far away, so the real interval never sweeps behind a test's back; the timer test sets 500.
  sweepIntervalMs: 3_600 * SECOND,
};

/** One call of the fake runner, settled by hand. */
interface FakeRun extends Deferred<TaskOutcome> {
  taskId: string;
  record: TaskRecord;
  hooks: RunHooks;
  settled: boolean;
}

/**
 * Stands in for TaskRunner: every run waits until the test settles it. Like the real runner it
 * rejects when its signal aborts (with `abortError` when given, else with the signal's reason).
 */
class FakeRunner {
  readonly runs: FakeRun[] = [];
  maxActive = 0;
  abortError: unknown = null;
  /** When true, runs behave like a runner that does not listen to its signal. */
  ignoreAbort = false;

  run(record: TaskRecord, hooks: RunHooks): Promise<TaskOutcome> {
    const d = deferred<TaskOutcome>();
    const run: FakeRun = {
      taskId: record.taskId,
      record,
      hooks,
      settled: false,
      promise: d.promise,
      resolve: (value) => {
        run.settled = true;
        d.resolve(value);
      },
      reject: (reason) => {
        run.settled = true;
        d.reject(reason);
      },
    };
    hooks.signal.addEventListener('abort', () => {
      if (!this.ignoreAbort) run.reject(this.abortError ?? (hooks.signal.reason as unknown));
    });
    this.runs.push(run);
    this.maxActive = Math.max(this.maxActive, this.active().length);
    return d.promise;
  }

  active(): FakeRun[] {
    return this.runs.filter((r) => !r.settled);
  }

  runOf(taskId: string): FakeRun {
    const run = this.runs.find((r) => r.taskId === taskId);
    if (!run) throw new Error(`task ${taskId} never ran`);
    return run;
  }

  asRunner(): TaskRunner {
    return this as unknown as TaskRunner;
  }
}

/** Lets the scheduler's promise continuations run (no timers involved). */
function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function silentLogger(): Logger {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

interface Harness {
  db: Db;
  dir: string;
  clock: ManualClock;
  store: TaskStore;
  media: MediaStore;
  runner: FakeRunner;
  scheduler: TaskScheduler;
  logger: Logger;
}

const POST: ResolvedPost = {
  id: '7535852404919586100',
  kind: 'video',
  title: '刘备遇到水镜',
  author: '三国',
  media: [{ url: 'https://v3-dy-o.douyinvod.com/x.mp4' }],
  cover: { url: 'https://p3-sign.douyinpic.com/x.jpeg' },
  duration: 12.5,
  width: 1080,
  height: 1920,
};

describe('TaskScheduler', () => {
  let h: Harness;
  const schedulers: TaskScheduler[] = [];

  function newScheduler(
    parts: Pick<Harness, 'db' | 'dir' | 'clock'>,
    limits: SchedulerLimits = LIMITS,
  ): Harness {
    const store = new TaskStore(parts.db);
    const media = new MediaStore(parts.dir);
    const runner = new FakeRunner();
    const logger = silentLogger();
    const scheduler = new TaskScheduler({
      store,
      media,
      runner: runner.asRunner(),
      clock: parts.clock,
      limits,
      logger,
    });
    schedulers.push(scheduler);
    return { ...parts, store, media, runner, scheduler, logger };
  }

  beforeEach(() => {
    h = newScheduler({
      db: openDatabase(':memory:'),
      dir: makeTempDir(),
      clock: new ManualClock(),
    });
    h.scheduler.start();
  });

  afterEach(() => {
    for (const s of schedulers.splice(0)) s.stop();
    h.db.close();
    removeTempDir(h.dir);
  });

  function create(platform: Platform = 'douyin', url = 'https://v.douyin.com/i5xNsWVx/'): string {
    return h.scheduler.create(platform, url).taskId;
  }

  /** Writes the files a real run leaves behind and resolves the run with its outcome. */
  async function complete(taskId: string, runner = h.runner, media = h.media): Promise<void> {
    const mediaFile = media.videoName(taskId);
    const coverFile = media.coverName(taskId);
    fs.writeFileSync(media.pathOf(mediaFile), 'video-bytes');
    fs.writeFileSync(media.pathOf(coverFile), 'cover-bytes');
    runner.runOf(taskId).resolve({
      title: POST.title,
      author: POST.author,
      width: POST.width,
      height: POST.height,
      duration: POST.duration,
      size: 11,
      mimeType: 'video/mp4',
      mediaFile,
      coverFile,
      coverMime: 'image/jpeg',
    });
    await flush();
  }

  async function fail(
    taskId: string,
    err: unknown = new UpstreamStatusError(404, 'https://v3-dy-o.douyinvod.com/x.mp4'),
  ): Promise<void> {
    h.runner.runOf(taskId).reject(err);
    await flush();
  }

  function statusOf(taskId: string): string | undefined {
    return h.scheduler.get(taskId)?.record.status;
  }

  function storedIds(store = h.store): string[] {
    return store.loadAll().map((r) => r.taskId);
  }

  function slotsFullError(): AppError {
    try {
      create();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      return err as AppError;
    }
    throw new Error('expected SLOTS_FULL');
  }

  describe('creating and running', () => {
    it('creates a queued record with a long random id and persists it', () => {
      const record = h.scheduler.create('tiktok', 'https://vm.tiktok.com/ZGeTo7tHd/');
      expect(record.status).toBe('queued');
      expect(record.platform).toBe('tiktok');
      expect(record.sourceUrl).toBe('https://vm.tiktok.com/ZGeTo7tHd/');
      expect(record.createdAt).toBe(h.clock.now());
      expect(record.taskId).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(record.taskId, 'base64url').length).toBeGreaterThanOrEqual(16);
      expect(storedIds()).toEqual([record.taskId]);
      expect(create()).not.toBe(record.taskId);
    });

    it('starts the download at once when a runner is free, and persists processing', () => {
      const id = create();
      expect(h.runner.runs.map((r) => r.taskId)).toEqual([id]);
      expect(statusOf(id)).toBe('processing');
      expect(h.store.loadAll()[0]?.status).toBe('processing');
      expect(h.runner.runOf(id).hooks.signal.aborted).toBe(false);
    });

    it('runs at most `concurrency` downloads at once and queues the rest', () => {
      const ids = [create(), create(), create(), create()];
      expect(h.runner.active().map((r) => r.taskId)).toEqual(ids.slice(0, 2));
      expect(ids.map(statusOf)).toEqual(['processing', 'processing', 'queued', 'queued']);
      expect(h.runner.maxActive).toBe(2);
    });

    it('starts queued tasks in FIFO order as runners free up', async () => {
      const ids = [create(), create(), create(), create()];
      await complete(ids[1] as string);
      expect(h.runner.runs.map((r) => r.taskId)).toEqual(ids.slice(0, 3));
      await fail(ids[0] as string);
      expect(h.runner.runs.map((r) => r.taskId)).toEqual(ids);
      expect(h.runner.maxActive).toBe(2);
    });

    it('never exceeds the concurrency across a whole run of tasks', async () => {
      const big = newScheduler(
        { db: h.db, dir: h.dir, clock: h.clock },
        { ...LIMITS, slots: 10, concurrency: 3 },
      );
      const ids = Array.from(
        { length: 9 },
        () => big.scheduler.create('douyin', 'https://v.douyin.com/a/').taskId,
      );
      while (big.runner.active().length > 0) {
        expect(big.runner.active().length).toBeLessThanOrEqual(3);
        await complete(big.runner.active()[0]?.taskId as string, big.runner, big.media);
      }
      expect(big.runner.runs.map((r) => r.taskId)).toEqual(ids);
      expect(big.runner.maxActive).toBe(3);
    });

    it('completes with the outcome, ready now and expiring 180 s later', async () => {
      const id = create();
      h.clock.advance(7_250);
      await complete(id);
      const record = h.scheduler.get(id)?.record;
      expect(record).toMatchObject({
        status: 'completed',
        title: '刘备遇到水镜',
        author: '三国',
        width: 1080,
        height: 1920,
        mediaFile: h.media.videoName(id),
        coverFile: h.media.coverName(id),
        readyAt: h.clock.now(),
        expiresAt: h.clock.now() + 180 * SECOND,
        error: null,
      });
      expect(h.store.loadAll()[0]).toEqual(record);
    });

    it('shows title, author and progress while processing, and drops progress afterwards', async () => {
      const id = create();
      const run = h.runner.runOf(id);
      expect(h.scheduler.get(id)?.progress).toBeNull();
      run.hooks.onResolved(POST);
      run.hooks.onProgress({ downloadedBytes: 512, totalBytes: 2048 });
      expect(h.scheduler.get(id)).toMatchObject({
        record: { status: 'processing', title: '刘备遇到水镜', author: '三国' },
        progress: { downloadedBytes: 512, totalBytes: 2048 },
      });
      await complete(id);
      expect(h.scheduler.get(id)?.progress).toBeNull();
    });

    it('fails a task with the described error and deletes its partial files', async () => {
      const id = create();
      fs.writeFileSync(h.media.partPathOf(h.media.videoName(id)), 'partial');
      await fail(id, new UpstreamStatusError(404, 'https://v3-dy-o.douyinvod.com/x.mp4'));
      const record = h.scheduler.get(id)?.record;
      expect(record).toMatchObject({
        status: 'failed',
        errorCode: 'unavailable',
        retryable: false,
        readyAt: null,
        mediaFile: null,
        expiresAt: h.clock.now() + 180 * SECOND,
      });
      expect(record?.error).toContain('Douyin');
      expect(fs.readdirSync(h.dir)).toEqual([]);
      expect(h.store.loadAll()[0]).toMatchObject({ status: 'failed', errorCode: 'unavailable' });
    });

    it('wakes a waiter when the task changes state', async () => {
      const id = create();
      let woke = false;
      const waiting = h.scheduler.waitForChange(id, 60_000).then(() => {
        woke = true;
      });
      await flush();
      expect(woke).toBe(false);
      await complete(id);
      await waiting;
      expect(woke).toBe(true);
    });
  });

  describe('slots', () => {
    it('refuses the task past the slot limit with SLOTS_FULL and a Retry-After', () => {
      for (let i = 0; i < LIMITS.slots; i++) create();
      const err = slotsFullError();
      expect(err.code).toBe('SLOTS_FULL');
      expect(err.status).toBe(429);
      expect(err.message).toContain(String(LIMITS.slots));
      expect(err.extra.retryAfterSeconds).toBe(240);
      expect(storedIds()).toHaveLength(LIMITS.slots);
      expect(h.scheduler.capacity()).toEqual({ total: 4, used: 4, available: 0 });
    });

    it('counts queued, processing and completed tasks as slot holders', async () => {
      const [a, b, c] = [create(), create(), create()];
      await complete(a);
      const d = create();
      expect([a, b, c, d].map((id) => statusOf(id))).toEqual([
        'completed',
        'processing',
        'processing',
        'queued',
      ]);
      expect(h.scheduler.capacity()).toEqual({ total: 4, used: 4, available: 0 });
      expect(slotsFullError().code).toBe('SLOTS_FULL');
    });

    it('gives Retry-After as the seconds to the earliest expiry', async () => {
      const first = create();
      h.clock.advance(10 * SECOND);
      await complete(first); // expires at t+190 s
      create();
      create();
      create();
      h.clock.advance(90 * SECOND); // t+100 s
      expect(slotsFullError().extra.retryAfterSeconds).toBe(90);
      h.clock.advance(89_500); // 0.5 s left: rounds up, never 0
      expect(slotsFullError().extra.retryAfterSeconds).toBe(1);
    });

    it('frees the slot of a completed task once it expires, even before a sweep', async () => {
      const ids = [create(), create(), create(), create()];
      await complete(ids[0] as string);
      h.clock.advance(180 * SECOND);
      expect(h.scheduler.capacity().used).toBe(3);
      expect(() => create()).not.toThrow();
    });

    it('lets a failed task hold no slot but stay readable until its retention passes', async () => {
      const ids = [create(), create(), create(), create()];
      await fail(ids[0] as string);
      expect(h.scheduler.capacity()).toEqual({ total: 4, used: 3, available: 1 });
      const extra = create();
      expect(statusOf(extra)).toBe('queued');
      expect(slotsFullError().code).toBe('SLOTS_FULL');

      h.clock.advance(180 * SECOND - 1);
      expect(statusOf(ids[0] as string)).toBe('failed');
      h.scheduler.sweep();
      expect(storedIds()).toContain(ids[0]);

      h.clock.advance(1);
      expect(h.scheduler.get(ids[0] as string)).toBeUndefined();
      h.scheduler.sweep();
      expect(storedIds()).not.toContain(ids[0]);
    });
  });

  describe('cancel', () => {
    it('cancels a queued task: it never runs and its slot frees', async () => {
      const [a, , c, d] = [create(), create(), create(), create()];
      expect(h.scheduler.cancel(c)).toBe(true);
      expect(h.scheduler.get(c)).toBeUndefined();
      expect(storedIds()).not.toContain(c);
      expect(h.scheduler.capacity().used).toBe(3);
      await complete(a);
      expect(h.runner.runs.map((r) => r.taskId)).not.toContain(c);
      expect(h.runner.runs.at(-1)?.taskId).toBe(d);
    });

    it('cancels a processing task: aborts its download, deletes files, starts the next', async () => {
      const [a, , c] = [create(), create(), create()];
      const run = h.runner.runOf(a);
      fs.writeFileSync(h.media.partPathOf(h.media.videoName(a)), 'partial');
      expect(h.scheduler.cancel(a)).toBe(true);
      expect(run.hooks.signal.aborted).toBe(true);
      expect(h.scheduler.get(a)).toBeUndefined();
      expect(storedIds()).not.toContain(a);
      expect(fs.readdirSync(h.dir)).toEqual([]);
      expect(h.runner.runOf(c)).toBeDefined();
      await flush();
      // The aborted run settling later does not bring the task back.
      expect(h.scheduler.get(a)).toBeUndefined();
      expect(storedIds()).not.toContain(a);
      expect(h.runner.active()).toHaveLength(2);
    });

    it('ignores a cancelled run that still resolves afterwards', async () => {
      const a = create();
      const run = h.runner.runOf(a);
      h.runner.ignoreAbort = true;
      h.scheduler.cancel(a);
      expect(run.hooks.signal.aborted).toBe(true);
      run.resolve({
        title: 't',
        author: null,
        width: null,
        height: null,
        duration: null,
        size: 1,
        mimeType: 'video/mp4',
        mediaFile: h.media.videoName(a),
        coverFile: null,
        coverMime: null,
      });
      await flush();
      expect(h.scheduler.get(a)).toBeUndefined();
      expect(storedIds()).not.toContain(a);
    });

    it('cancels a completed task: deletes its files and record and frees the slot', async () => {
      const a = create();
      await complete(a);
      expect(fs.readdirSync(h.dir).sort()).toEqual([`${a}.cover`, `${a}.video`]);
      const transfer = { destroy: vi.fn() };
      h.scheduler.trackTransfer(a, transfer);
      expect(h.scheduler.cancel(a)).toBe(true);
      expect(h.scheduler.get(a)).toBeUndefined();
      expect(fs.readdirSync(h.dir)).toEqual([]);
      expect(storedIds()).toEqual([]);
      expect(h.scheduler.capacity().used).toBe(0);
      expect(transfer.destroy).toHaveBeenCalledOnce();
    });

    it('cancels a failed task: its record is gone', async () => {
      const a = create();
      await fail(a);
      expect(h.scheduler.cancel(a)).toBe(true);
      expect(h.scheduler.get(a)).toBeUndefined();
      expect(storedIds()).toEqual([]);
    });

    it('answers false for an unknown, an already cancelled or an expired task', async () => {
      expect(h.scheduler.cancel('no-such-task')).toBe(false);
      const a = create();
      expect(h.scheduler.cancel(a)).toBe(true);
      expect(h.scheduler.cancel(a)).toBe(false);
      const b = create();
      await complete(b);
      h.clock.advance(180 * SECOND);
      expect(h.scheduler.cancel(b)).toBe(false);
    });

    it('leaves other tasks alone', async () => {
      const [a, b] = [create(), create()];
      await complete(b);
      h.scheduler.cancel(a);
      expect(statusOf(b)).toBe('completed');
      expect(fs.readdirSync(h.dir).sort()).toEqual([`${b}.cover`, `${b}.video`]);
    });
  });

  describe('sweep', () => {
    it('times out a download after timeoutMs: aborts the signal and fails with `timeout`', async () => {
      const [a, , c] = [create(), create(), create()];
      const run = h.runner.runOf(a);
      h.clock.advance(LIMITS.timeoutMs - 1);
      h.scheduler.sweep();
      expect(run.hooks.signal.aborted).toBe(false);

      h.clock.advance(1);
      h.scheduler.sweep();
      expect(run.hooks.signal.aborted).toBe(true);
      expect(run.hooks.signal.reason).toBeInstanceOf(TaskTimeoutError);
      await flush();
      const record = h.scheduler.get(a)?.record;
      expect(record).toMatchObject({ status: 'failed', errorCode: 'timeout', retryable: true });
      expect(record?.error).toContain('240');
      expect(h.store.loadAll().find((r) => r.taskId === a)?.errorCode).toBe('timeout');
      expect(h.runner.runOf(c).hooks.signal.aborted).toBe(false);
    });

    it('reports `timeout` even when the runner rejects with its own abort error', async () => {
      h.runner.abortError = new DOMException('This operation was aborted', 'AbortError');
      const a = create();
      h.clock.advance(LIMITS.timeoutMs);
      h.scheduler.sweep();
      await flush();
      expect(h.scheduler.get(a)?.record.errorCode).toBe('timeout');
    });

    it('counts the timeout from the start of the download, not from creation', async () => {
      const [a, , c] = [create(), create(), create()];
      h.clock.advance(100 * SECOND);
      await complete(a); // c starts now
      h.clock.advance(LIMITS.timeoutMs - 100 * SECOND);
      h.scheduler.sweep();
      expect(h.runner.runOf(c).hooks.signal.aborted).toBe(false);
      h.clock.advance(100 * SECOND);
      h.scheduler.sweep();
      expect(h.runner.runOf(c).hooks.signal.aborted).toBe(true);
    });

    it('fails and frees a timed-out task at once, even when its runner ignores the abort', () => {
      h.runner.ignoreAbort = true;
      const [a, , c] = [create(), create(), create()];
      h.clock.advance(LIMITS.timeoutMs);
      h.scheduler.sweep();
      expect(h.scheduler.get(a)?.record).toMatchObject({ status: 'failed', errorCode: 'timeout' });
      expect(h.runner.runOf(c).hooks.signal.aborted).toBe(false);
      expect(h.runner.active().map((r) => r.taskId)).toContain(c);
    });

    it('releases the slot and starts the next task after a timeout', async () => {
      const ids = [create(), create(), create(), create()];
      h.clock.advance(LIMITS.timeoutMs);
      h.scheduler.sweep();
      await flush();
      expect(h.scheduler.capacity().used).toBe(2);
      expect(h.runner.active().map((r) => r.taskId)).toEqual(ids.slice(2));
    });

    it('removes a completed task 180 s after it was ready: record, files and transfers', async () => {
      const a = create();
      await complete(a);
      const transfer = { destroy: vi.fn() };
      h.scheduler.trackTransfer(a, transfer);

      h.clock.advance(180 * SECOND - 1);
      h.scheduler.sweep();
      expect(statusOf(a)).toBe('completed');
      expect(fs.readdirSync(h.dir)).toHaveLength(2);
      expect(transfer.destroy).not.toHaveBeenCalled();

      h.clock.advance(1);
      h.scheduler.sweep();
      expect(h.scheduler.get(a)).toBeUndefined();
      expect(storedIds()).toEqual([]);
      expect(fs.readdirSync(h.dir)).toEqual([]);
      expect(transfer.destroy).toHaveBeenCalledOnce();
    });

    it('hides an expired task from get() even before the sweep runs', async () => {
      const a = create();
      await complete(a);
      h.clock.advance(180 * SECOND);
      expect(h.scheduler.get(a)).toBeUndefined();
    });
  });

  describe('sweep timer', () => {
    it('sweeps every sweepIntervalMs once started', async () => {
      const db = openDatabase(':memory:');
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const timed = newScheduler(
        { db, dir: h.dir, clock: h.clock },
        { ...LIMITS, sweepIntervalMs: 500 },
      );
      try {
        timed.scheduler.start();
        const first = timed.scheduler.create('douyin', 'https://v.douyin.com/a/').taskId;
        const second = timed.scheduler.create('kuaishou', 'https://v.kuaishou.com/nGmUFX').taskId;
        await complete(first, timed.runner, timed.media);
        await complete(second, timed.runner, timed.media);
        const rows = (): number => timed.store.loadAll().length;
        h.clock.advance(180 * SECOND); // both expired by the clock, not swept yet
        expect(rows()).toBe(2);

        vi.advanceTimersByTime(499);
        expect(rows()).toBe(2);
        expect(fs.existsSync(timed.media.pathOf(`${first}.video`))).toBe(true);

        vi.advanceTimersByTime(1);
        expect(rows()).toBe(0);
        expect(fs.existsSync(timed.media.pathOf(`${first}.video`))).toBe(false);

        // and again a whole interval later: a timeout found by the timer
        const third = timed.scheduler.create('tiktok', 'https://vm.tiktok.com/ZGeTo7tHd/').taskId;
        h.clock.advance(LIMITS.timeoutMs);
        vi.advanceTimersByTime(499);
        expect(timed.runner.runOf(third).hooks.signal.aborted).toBe(false);
        vi.advanceTimersByTime(1);
        expect(timed.runner.runOf(third).hooks.signal.aborted).toBe(true);

        timed.scheduler.stop();
        expect(vi.getTimerCount()).toBe(0);
      } finally {
        timed.scheduler.stop();
        vi.useRealTimers();
        db.close();
      }
    });
  });

  describe('restart', () => {
    it('recovers after a crash: fails unfinished tasks, drops expired and broken ones, removes orphans', async () => {
      // A first process, never stopped (as if killed).
      const first = newScheduler(
        { db: h.db, dir: h.dir, clock: h.clock },
        { ...LIMITS, slots: 10 },
      );
      const make = (): string => first.scheduler.create('douyin', 'https://v.douyin.com/a/').taskId;
      const done = async (id: string): Promise<void> => complete(id, first.runner, first.media);

      const expired = make();
      await done(expired); // expires at t+180 s
      h.clock.advance(100 * SECOND);
      const kept = make();
      await done(kept); // expires at t+280 s
      const failed = make();
      first.runner
        .runOf(failed)
        .reject(new UpstreamStatusError(403, 'https://v3-dy-o.douyinvod.com/x'));
      await flush(); // readable until t+280 s
      const broken = make();
      await done(broken);
      fs.rmSync(first.media.pathOf(first.media.videoName(broken)));
      const processingA = make();
      const processingB = make();
      const queued = make();
      expect(
        [processingA, processingB, queued].map((id) => first.scheduler.get(id)?.record.status),
      ).toEqual(['processing', 'processing', 'queued']);
      fs.writeFileSync(first.media.partPathOf(first.media.videoName(processingA)), 'partial');
      fs.writeFileSync(first.media.pathOf('stray.video'), 'orphan');
      fs.writeFileSync(first.media.pathOf('old-task.cover'), 'orphan');

      h.clock.advance(81 * SECOND); // t+181 s: `expired` is past its retention
      const keptExpiry = first.scheduler.get(kept)?.record.expiresAt;

      const second = newScheduler(
        { db: h.db, dir: h.dir, clock: h.clock },
        { ...LIMITS, slots: 10 },
      );
      second.scheduler.start();

      for (const id of [processingA, processingB, queued]) {
        expect(second.scheduler.get(id)?.record).toMatchObject({
          status: 'failed',
          errorCode: 'interrupted',
          retryable: true,
          expiresAt: h.clock.now() + 180 * SECOND,
        });
      }
      expect(second.runner.runs).toEqual([]);

      expect(second.scheduler.get(kept)?.record).toMatchObject({
        status: 'completed',
        expiresAt: keptExpiry,
      });
      expect(second.scheduler.get(failed)?.record).toMatchObject({
        status: 'failed',
        errorCode: 'blocked_by_platform',
      });
      expect(second.scheduler.get(expired)).toBeUndefined();
      expect(second.scheduler.get(broken)).toBeUndefined();

      expect(storedIds(second.store).sort()).toEqual(
        [kept, failed, processingA, processingB, queued].sort(),
      );
      expect(fs.readdirSync(h.dir).sort()).toEqual([`${kept}.cover`, `${kept}.video`].sort());
      expect(second.scheduler.capacity().used).toBe(1);
    });

    it('persists the interrupted failure, so a second restart keeps it', () => {
      const first = newScheduler({ db: h.db, dir: h.dir, clock: h.clock });
      const id = first.scheduler.create('douyin', 'https://v.douyin.com/a/').taskId;
      const second = newScheduler({ db: h.db, dir: h.dir, clock: h.clock });
      second.scheduler.start();
      h.clock.advance(10 * SECOND);
      const third = newScheduler({ db: h.db, dir: h.dir, clock: h.clock });
      third.scheduler.start();
      expect(third.scheduler.get(id)?.record).toMatchObject({
        status: 'failed',
        errorCode: 'interrupted',
        expiresAt: h.clock.now() - 10 * SECOND + 180 * SECOND,
      });
    });

    it('does not extend expiry across a restart', async () => {
      const first = newScheduler({ db: h.db, dir: h.dir, clock: h.clock });
      const id = first.scheduler.create('douyin', 'https://v.douyin.com/a/').taskId;
      await complete(id, first.runner, first.media);
      h.clock.advance(179 * SECOND);
      const second = newScheduler({ db: h.db, dir: h.dir, clock: h.clock });
      second.scheduler.start();
      expect(second.scheduler.get(id)?.record.status).toBe('completed');
      h.clock.advance(1 * SECOND);
      expect(second.scheduler.get(id)).toBeUndefined();
      second.scheduler.sweep();
      expect(storedIds(second.store)).toEqual([]);
      expect(fs.readdirSync(h.dir)).toEqual([]);
    });

    it('on a clean stop, fails running and queued tasks as interrupted and aborts downloads', () => {
      const [a, b, c] = [create(), create(), create()];
      const runA = h.runner.runOf(a);
      h.scheduler.stop();
      expect(runA.hooks.signal.aborted).toBe(true);
      for (const id of [a, b, c]) {
        expect(h.store.loadAll().find((r) => r.taskId === id)).toMatchObject({
          status: 'failed',
          errorCode: 'interrupted',
        });
      }
    });
  });
});
