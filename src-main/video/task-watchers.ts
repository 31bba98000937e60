/** Something that can be cut short, such as a media response stream. */
interface Cuttable {
  destroy(): void;
}

/**
 * Who is waiting on which task: long-poll requests (`?wait=`) and open media transfers.
 * Kept apart from the scheduler so its state machine stays readable.
 */
export class TaskWatchers {
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly transfers = new Map<string, Set<Cuttable>>();

  /** Resolves on the next notify(taskId) or after `ms`, whichever is first. */
  wait(taskId: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const set = this.waiters.get(taskId) ?? new Set();
      this.waiters.set(taskId, set);
      const done = (): void => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0 && this.waiters.get(taskId) === set) this.waiters.delete(taskId);
        resolve();
      };
      const timer = setTimeout(done, ms);
      set.add(done);
    });
  }

  notify(taskId: string): void {
    const set = this.waiters.get(taskId);
    if (set) for (const done of [...set]) done();
  }

  releaseAll(): void {
    for (const taskId of [...this.waiters.keys()]) this.notify(taskId);
  }

  trackTransfer(taskId: string, stream: Cuttable): () => void {
    const set = this.transfers.get(taskId) ?? new Set();
    this.transfers.set(taskId, set);
    set.add(stream);
    return () => {
      set.delete(stream);
      if (set.size === 0 && this.transfers.get(taskId) === set) this.transfers.delete(taskId);
    };
  }

  /** Destroys every open transfer of a task that has just been removed. */
  cutTransfers(taskId: string): void {
    const set = this.transfers.get(taskId);
    this.transfers.delete(taskId);
    if (set) for (const stream of set) stream.destroy();
  }
}
