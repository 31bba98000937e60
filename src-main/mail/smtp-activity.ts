import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

export interface SmtpActivityOptions {
  /** Commits closer than this count as one burst. */
  quietMs: number;
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
  /** performance.now() of the last commit (a scheduling hint, not a time of record). */
  private lastCommit = 0;
  /** performance.now() when the current burst began to be waited for; null: none. */
  private burstSince: number | null = null;

  constructor(private readonly options: SmtpActivityOptions) {}

  committed(): void {
    this.lastCommit = performance.now();
  }

  /** The backlog caught up: the next commit starts a new burst, waited for again. */
  caughtUp(): void {
    this.burstSince = null;
  }

  /** Workers a batch may use right now (undefined: all), or 'wait' while a burst is deferred. */
  lanesNow(): number | undefined | 'wait' {
    const now = performance.now();
    if (now - this.lastCommit >= this.options.quietMs) return undefined;
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
    while (!signal.aborted && performance.now() - this.lastCommit < quietMs) {
      this.burstSince ??= performance.now();
      const deferred = performance.now() - this.burstSince;
      if (deferred >= maxDeferMs) return this.options.busyLanes;
      await sleep(Math.min(quietMs, maxDeferMs - deferred), undefined, { signal }).catch(
        () => undefined,
      );
    }
    this.burstSince = null;
    return undefined;
  }
}
