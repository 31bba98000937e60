/**
 * Removals that can be undone: the caller hides the item at once, and the destructive server
 * call runs only when the undo window closes. Undo inside the window puts the item back and the
 * server never hears of it. Pure (no React, no DOM): the clock is injected, so it is unit-tested
 * without waiting.
 */

/** Why a commit runs: the window ran out, the person closed the notice, or the page is going. */
export type CommitReason = 'window' | 'early' | 'unload';

export interface Removal {
  /** Puts back exactly what was hidden (position, selection). */
  restore: () => void;
  /** The destructive server call; absent when the removal is only local. */
  commit?: (reason: CommitReason) => Promise<void>;
  /** The commit failed; the item has already been restored. */
  onFailed?: (error: unknown) => void;
  /** The window closed (undone or committing): whatever offered the undo goes away. */
  onClosed?: () => void;
}

export interface Clock {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface DeferredRemovals {
  /** Starts the window for an item the caller has just hidden; returns its id. */
  defer: (removal: Removal) => number;
  /** Restores the item if its window is still open; false when it was too late. */
  undo: (id: number) => boolean;
  /** Ends one window now and commits. */
  commitNow: (id: number, reason?: CommitReason) => void;
  /** Commits every open window (the page is being hidden or closed). */
  flush: (reason?: CommitReason) => void;
  /** How many windows are open. */
  pending: () => number;
}

const realClock: Clock = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createDeferredRemovals(
  windowMs: number,
  clock: Clock = realClock,
): DeferredRemovals {
  const open = new Map<number, { removal: Removal; timer: unknown }>();
  let nextId = 1;

  const close = (id: number): Removal | null => {
    const entry = open.get(id);
    if (!entry) return null;
    open.delete(id);
    clock.clearTimeout(entry.timer);
    entry.removal.onClosed?.();
    return entry.removal;
  };

  const commitNow = (id: number, reason: CommitReason = 'early'): void => {
    const removal = close(id);
    const commit = removal?.commit;
    if (!removal || !commit) return;
    void (async () => {
      try {
        await commit(reason);
      } catch (error) {
        removal.restore();
        removal.onFailed?.(error);
      }
    })();
  };

  return {
    defer(removal) {
      const id = nextId++;
      const timer = clock.setTimeout(() => commitNow(id, 'window'), windowMs);
      open.set(id, { removal, timer });
      return id;
    },
    undo(id) {
      const removal = close(id);
      removal?.restore();
      return removal !== null;
    },
    commitNow,
    flush(reason = 'unload') {
      for (const id of [...open.keys()]) commitNow(id, reason);
    },
    pending: () => open.size,
  };
}
