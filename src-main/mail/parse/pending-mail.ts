interface Waiter {
  mailbox: string;
  /** Resolved once no pending id up to this one is left in `mailbox`. */
  target: number;
  done(): void;
}

/**
 * Which committed raw messages are not parsed yet, by mailbox, and who waits for a mailbox to
 * catch up (a list read right after a 250 shows that mail). Ids are added in ascending order,
 * so each mailbox's set iterates oldest first.
 */
export class PendingMail {
  private readonly byMailbox = new Map<string, Set<number>>();
  private readonly mailboxesOf = new Map<number, readonly string[]>();
  private readonly waiters = new Set<Waiter>();

  add(id: number, mailboxes: readonly string[]): void {
    this.mailboxesOf.set(id, mailboxes);
    for (const mailbox of mailboxes) {
      let set = this.byMailbox.get(mailbox);
      if (!set) this.byMailbox.set(mailbox, (set = new Set()));
      set.add(id);
    }
  }

  has(id: number): boolean {
    return this.mailboxesOf.has(id);
  }

  mailboxes(id: number): readonly string[] {
    return this.mailboxesOf.get(id) ?? [];
  }

  /** The pending ids of a mailbox, oldest first. */
  ids(mailbox: string): Iterable<number> {
    return this.byMailbox.get(mailbox) ?? [];
  }

  /** The oldest pending ids of a mailbox, at most `limit`. */
  oldest(mailbox: string, limit: number): number[] {
    const out: number[] = [];
    for (const id of this.byMailbox.get(mailbox) ?? []) {
      if (out.length >= limit) break;
      out.push(id);
    }
    return out;
  }

  /** Message `id` is parsed (or given up on): wakes whoever waited for it. */
  done(id: number): void {
    const mailboxes = this.mailboxesOf.get(id);
    if (!mailboxes) return;
    this.mailboxesOf.delete(id);
    for (const mailbox of mailboxes) {
      const set = this.byMailbox.get(mailbox);
      set?.delete(id);
      if (set?.size === 0) this.byMailbox.delete(mailbox);
    }
    for (const waiter of this.waiters) {
      if (mailboxes.includes(waiter.mailbox) && this.caughtUp(waiter)) waiter.done();
    }
  }

  /**
   * Resolves once the oldest `first` messages pending for `mailbox` now (all of them by
   * default) are parsed, or after `maxMs`.
   */
  settled(mailbox: string, maxMs: number, first = Number.POSITIVE_INFINITY): Promise<void> {
    const set = this.byMailbox.get(mailbox);
    if (!set) return Promise.resolve();
    let target = 0;
    let counted = 0;
    for (const id of set) {
      target = id;
      if (++counted >= first) break;
    }
    return new Promise((resolve) => {
      const waiter: Waiter = {
        mailbox,
        target,
        done: () => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve();
        },
      };
      const timer = setTimeout(() => waiter.done(), maxMs);
      this.waiters.add(waiter);
    });
  }

  /** Is any message of `mailbox` still waiting to be parsed? */
  hasPending(mailbox: string): boolean {
    return this.byMailbox.has(mailbox);
  }

  /** Lets every waiter go (the queue stopped). */
  releaseAll(): void {
    for (const waiter of this.waiters) waiter.done();
  }

  private caughtUp(waiter: Waiter): boolean {
    const oldest = this.byMailbox.get(waiter.mailbox)?.values().next().value;
    return oldest === undefined || oldest > waiter.target;
  }
}
