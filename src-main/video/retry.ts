export interface RetryOptions {
  signal: AbortSignal;
  /** Tries in all, the first included. */
  attempts: number;
  /** Wait before the second try; doubles each time, with up to 25 % jitter. */
  baseDelayMs: number;
  isRetryable(err: unknown): boolean;
}

/**
 * Runs `task` until it succeeds, fails for good, or runs out of attempts. Waits abort with the
 * task's signal, so retries always stay inside the task's time budget.
 */
export async function withRetry<T>(task: () => Promise<T>, options: RetryOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await task();
    } catch (err) {
      if (attempt >= options.attempts || options.signal.aborted || !options.isRetryable(err)) {
        throw err;
      }
      const delay = options.baseDelayMs * 2 ** (attempt - 1);
      await sleep(delay + Math.random() * delay * 0.25, options.signal);
    }
  }
}

/** A wait that ends early, rejecting with the signal's reason, when the signal aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
