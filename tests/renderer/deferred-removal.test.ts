import { describe, expect, it } from 'vitest';
import {
  createDeferredRemovals,
  type Clock,
  type CommitReason,
} from '../../src-renderer/lib/deferred-removal.ts';
import { reinsert } from '../../src-renderer/lib/reinsert.ts';

/** Timers that fire only when the test moves time on. */
class TimerClock implements Clock {
  private now = 0;
  private readonly timers = new Map<number, { at: number; run: () => void }>();
  private nextHandle = 1;

  setTimeout = (run: () => void, ms: number): unknown => {
    const handle = this.nextHandle++;
    this.timers.set(handle, { at: this.now + ms, run });
    return handle;
  };

  clearTimeout = (handle: unknown): void => {
    this.timers.delete(handle as number);
  };

  advance(ms: number): void {
    this.now += ms;
    for (const [handle, timer] of [...this.timers].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at > this.now) continue;
      this.timers.delete(handle);
      timer.run();
    }
  }
}

/** A list with one item hidden, and a record of what the removal was asked to do. */
function setup(commitResult: 'ok' | 'fail' = 'ok') {
  const clock = new TimerClock();
  const removals = createDeferredRemovals(6000, clock);
  const calls: string[] = [];
  const commits: CommitReason[] = [];
  const failures: unknown[] = [];
  const id = removals.defer({
    restore: () => calls.push('restore'),
    commit: (reason) => {
      commits.push(reason);
      return commitResult === 'ok' ? Promise.resolve() : Promise.reject(new Error('refused'));
    },
    onFailed: (error) => failures.push(error),
    onClosed: () => calls.push('closed'),
  });
  return { clock, removals, calls, commits, failures, id };
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('deferred removals', () => {
  it('commits when the window ends, not before', async () => {
    const { clock, removals, calls, commits } = setup();
    clock.advance(5999);
    expect(commits).toEqual([]);
    expect(removals.pending()).toBe(1);
    clock.advance(1);
    await settle();
    expect(commits).toEqual(['window']);
    expect(calls).toEqual(['closed']);
    expect(removals.pending()).toBe(0);
  });

  it('undo in the window restores and never commits', async () => {
    const { clock, removals, calls, commits, id } = setup();
    clock.advance(3000);
    expect(removals.undo(id)).toBe(true);
    clock.advance(10_000);
    await settle();
    expect(commits).toEqual([]);
    expect(calls).toEqual(['closed', 'restore']);
  });

  it('undo after the window is too late and changes nothing', async () => {
    const { clock, removals, calls, id } = setup();
    clock.advance(6000);
    await settle();
    expect(removals.undo(id)).toBe(false);
    expect(calls).toEqual(['closed']);
  });

  it('a failed commit restores the item and reports the error', async () => {
    const { clock, calls, failures } = setup('fail');
    clock.advance(6000);
    await settle();
    expect(calls).toEqual(['closed', 'restore']);
    expect(failures).toHaveLength(1);
    expect((failures[0] as Error).message).toBe('refused');
  });

  it('flush commits every open window at once, as the page goes away', async () => {
    const { clock, removals, commits } = setup();
    const second: CommitReason[] = [];
    removals.defer({
      restore: () => undefined,
      commit: (reason) => {
        second.push(reason);
        return Promise.resolve();
      },
    });
    removals.flush();
    await settle();
    expect(commits).toEqual(['unload']);
    expect(second).toEqual(['unload']);
    expect(removals.pending()).toBe(0);
    // The timers were cleared: nothing commits twice.
    clock.advance(10_000);
    await settle();
    expect(commits).toEqual(['unload']);
  });

  it('each removal has its own window and its own undo', async () => {
    const clock = new TimerClock();
    const removals = createDeferredRemovals(6000, clock);
    const log: string[] = [];
    const defer = (name: string): number =>
      removals.defer({
        restore: () => log.push(`restore ${name}`),
        commit: () => {
          log.push(`commit ${name}`);
          return Promise.resolve();
        },
      });
    const a = defer('a');
    clock.advance(2000);
    defer('b');
    removals.undo(a);
    clock.advance(4000);
    expect(log).toEqual(['restore a']);
    clock.advance(2000);
    await settle();
    expect(log).toEqual(['restore a', 'commit b']);
  });

  it('commitNow ends one window early; a local-only removal commits nothing', async () => {
    const clock = new TimerClock();
    const removals = createDeferredRemovals(6000, clock);
    let restored = false;
    const id = removals.defer({ restore: () => (restored = true) });
    removals.commitNow(id);
    await settle();
    expect(removals.pending()).toBe(0);
    expect(removals.undo(id)).toBe(false);
    expect(restored).toBe(false);
  });

  it('a commit that throws synchronously is handled like a failed one', async () => {
    const clock = new TimerClock();
    const removals = createDeferredRemovals(6000, clock);
    const log: string[] = [];
    removals.defer({
      restore: () => log.push('restore'),
      commit: () => {
        throw new Error('no api');
      },
      onFailed: () => log.push('failed'),
    });
    clock.advance(6000);
    await settle();
    expect(log).toEqual(['restore', 'failed']);
  });
});

describe('reinsert (undo puts an item back where it was)', () => {
  const same = (a: string, b: string): boolean => a === b;

  it('goes back ahead of its old successor', () => {
    const before = ['a', 'b', 'c', 'd'];
    // 'b' was removed, then 'x' arrived at the top and 'a' was removed too.
    expect(reinsert(['x', 'c', 'd'], 'b', before, same)).toEqual(['x', 'b', 'c', 'd']);
  });

  it('falls back to its old index when the successor is gone, and never duplicates', () => {
    const before = ['a', 'b', 'c'];
    expect(reinsert(['a'], 'b', before, same)).toEqual(['a', 'b']);
    expect(reinsert(['a', 'b'], 'b', before, same)).toEqual(['a', 'b']);
    expect(reinsert([], 'c', before, same)).toEqual(['c']);
  });
});
