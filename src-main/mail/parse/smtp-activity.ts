import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

export interface SmtpActivityOptions {
  /** SMTP is busy while `busyCommits` commits fall within this long; a pause this long ends it. */
  quietMs: number;
  /**
   * Commits within `quietMs` that make a burst. A trickle (a mail every few hundred ms, the
   * watched mailbox of someone waiting for a code) is not one and holds nothing back: with one
   * commit enough, a mail every 500 ms paused the backlog for 300 ms of every 500 after a
   * flood (bench/mail-ingest.ts: the parse workers ran at a third of a core each).
   */
  busyCommits: number;
  /** The longest the backlog waits for a burst to pause. */
  maxDeferMs: number;
  /** Workers the backlog may use while a burst goes on past `maxDeferMs`. */
  busyLanes: number;
}

/**
 * When the parse backlog may run: in a gap between SMTP commits on every worker, or on
 * `busyLanes` workers once a burst has been waited for `maxDeferMs` (ParseQueue).
 */
export class SmtpActivity {
  /**
   * performance.now() of the last `busyCommits` commits, oldest first (a scheduling hint, not
   * a time of record).
   */
  private readonly recent: number[] = [];
  /** performance.now() when the current burst began to be waited for; null: none. */
  private burstSince: number | null = null;

  /** At least one: a single commit is a burst when options say 0. */
  private readonly busyCommits: number;

  constructor(private readonly options: SmtpActivityOptions) {
    this.busyCommits = Math.max(1, options.busyCommits);
  }

  committed(): void {
    this.recent.push(performance.now());
    if (this.recent.length > this.busyCommits) this.recent.shift();
  }

  /**
   * Until when SMTP counts as busy: `quietMs` after the oldest of the last `busyCommits`
   * commits; -Infinity before there were that many.
   */
  private busyUntil(): number {
    if (this.recent.length < this.busyCommits) return -Infinity;
    return (this.recent[0] ?? -Infinity) + this.options.quietMs;
  }

  /** The backlog caught up: the next commit starts a new burst, waited for again. */
  caughtUp(): void {
    this.burstSince = null;
  }

  /** Workers a batch may use right now (undefined: all), or 'wait' while a burst is deferred. */
  lanesNow(): number | undefined | 'wait' {
    const now = performance.now();
    if (now >= this.busyUntil()) return undefined;
    if (this.burstSince !== null && now - this.burstSince >= this.options.maxDeferMs)
      return this.options.busyLanes;
    return 'wait';
  }

  /**
   * Waits for a gap (then all workers) or until the burst was deferred `maxDeferMs` (then
   * `busyLanes`; later batches of the same burst run at once). `signal` ends the wait.
   */
  async lanes(signal: AbortSignal): Promise<number | undefined> {
    const { quietMs, maxDeferMs } = this.options;
    while (!signal.aborted && performance.now() < this.busyUntil()) {
      this.burstSince ??= performance.now();
      const deferred = performance.now() - this.burstSince;
      if (deferred >= maxDeferMs) return this.options.busyLanes;
      const quietIn = Math.max(1, this.busyUntil() - performance.now());
      await sleep(Math.min(quietMs, quietIn, maxDeferMs - deferred), undefined, { signal }).catch(
        () => undefined,
      );
    }
    this.burstSince = null;
    return undefined;
  }
}
