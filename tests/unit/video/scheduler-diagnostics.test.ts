import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Db } from '../../../src-main/db/open-database.ts';
import { MediaStore } from '../../../src-main/video/media-store.ts';
import { PlatformError } from '../../../src-main/video/platforms/platform.ts';
import { TaskScheduler, type SchedulerLimits } from '../../../src-main/video/scheduler.ts';
import type { TaskRecord } from '../../../src-main/video/task-record.ts';
import type { RunHooks, TaskOutcome, TaskRunner } from '../../../src-main/video/task-runner.ts';
import { TaskStore } from '../../../src-main/video/task-store.ts';
import { deferred } from '../../helpers/deferred.ts';
import { ManualClock } from '../../helpers/manual-clock.ts';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir.ts';

const LIMITS: SchedulerLimits = {
  slots: 4,
  concurrency: 2,
  retentionMs: 180_000,
  timeoutMs: 240_000,
  sweepIntervalMs: 3_600_000,
};

/** A runner whose runs record one step each, then wait for the test to end them. */
class RecordingRunner {
  readonly hooks: RunHooks[] = [];
  readonly ends = [deferred<TaskOutcome>(), deferred<TaskOutcome>()];

  run(_record: TaskRecord, hooks: RunHooks): Promise<TaskOutcome> {
    const end = this.ends[this.hooks.length] ?? deferred<TaskOutcome>();
    this.hooks.push(hooks);
    hooks.diagnostics?.fetched('GET', {
      url: 'https://www.iesdouyin.com/share/video/7535852404919586100/?sig=abc',
      statusCode: 200,
      headers: { 'content-type': 'text/html' },
    });
    hooks.signal.addEventListener('abort', () => end.reject(hooks.signal.reason));
    return end.promise;
  }
}

const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('the scheduler keeps each run’s diagnostics with its task', () => {
  let db: Db;
  let dir: string;
  let clock: ManualClock;
  let runner: RecordingRunner;
  let scheduler: TaskScheduler;

  beforeEach(() => {
    db = openDatabase(':memory:');
    dir = makeTempDir();
    clock = new ManualClock();
    runner = new RecordingRunner();
    scheduler = new TaskScheduler({
      store: new TaskStore(db),
      media: new MediaStore(dir),
      runner: runner as unknown as TaskRunner,
      clock,
      limits: LIMITS,
      logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    });
    scheduler.start();
  });
  afterEach(() => {
    scheduler.stop();
    db.close();
    removeTempDir(dir);
  });

  const saved = (taskId: string) =>
    new TaskStore(db).loadAll().find((r) => r.taskId === taskId)?.diagnostics;

  it('on failure: the steps and the error, in memory and in SQLite', async () => {
    const id = scheduler.create('douyin', 'https://v.douyin.com/x/').taskId;
    await flush();
    expect(scheduler.get(id)?.record.diagnostics).toBeNull(); // written when the run ends
    clock.advance(2_000);
    runner.ends[0]?.reject(new PlatformError('unavailable', 'gone', false));
    await flush();
    const log = scheduler.get(id)?.record.diagnostics;
    expect(log).toMatchObject({
      failure: { phase: 'resolve', error_class: 'PlatformError', code: 'unavailable' },
      steps: [{ kind: 'fetch', path: '/share/video/7535852404919586100/', status: 200 }],
    });
    expect((log?.finished_at ?? 0) - (log?.started_at ?? 0)).toBe(2);
    expect(saved(id)).toEqual(log);
  });

  it('on the 240 s deadline and on stop: the record says what the run had done', async () => {
    const late = scheduler.create('douyin', 'https://v.douyin.com/a/').taskId;
    await flush();
    clock.advance(LIMITS.timeoutMs + 1);
    scheduler.sweep();
    expect(scheduler.get(late)?.record).toMatchObject({
      errorCode: 'timeout',
      diagnostics: { failure: { error_class: 'TaskTimeoutError' }, steps: [{ kind: 'fetch' }] },
    });
    expect(saved(late)).toEqual(scheduler.get(late)?.record.diagnostics);

    const running = scheduler.create('douyin', 'https://v.douyin.com/b/').taskId;
    await flush();
    scheduler.stop();
    expect(saved(running)).toMatchObject({
      failure: { phase: 'resolve', error_class: 'Error' },
      steps: [{ kind: 'fetch' }],
    });
  });

  it('on success: a record with no failure', async () => {
    const id = scheduler.create('douyin', 'https://v.douyin.com/x/').taskId;
    await flush();
    runner.ends[0]?.resolve({
      title: null,
      author: null,
      width: null,
      height: null,
      duration: null,
      size: 1,
      mimeType: 'video/mp4',
      mediaFile: null,
      coverFile: null,
      coverMime: null,
    });
    await flush();
    expect(scheduler.get(id)?.record).toMatchObject({
      status: 'completed',
      diagnostics: { failure: null, steps: [{ kind: 'fetch' }] },
    });
  });
});
