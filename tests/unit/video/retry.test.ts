import { describe, expect, it, vi } from 'vitest';
import { withRetry } from '../../../src-main/video/retry.ts';

const transient = new Error('flaky');
const final = new Error('gone');

describe('withRetry', () => {
  it('returns the first success and stops trying', async () => {
    const task = vi.fn().mockRejectedValueOnce(transient).mockResolvedValueOnce('ok');
    const result = await withRetry(task, {
      signal: new AbortController().signal,
      attempts: 3,
      baseDelayMs: 1,
      isRetryable: (e) => e === transient,
    });
    expect(result).toBe('ok');
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('gives up after `attempts` tries with the last error', async () => {
    const task = vi.fn().mockRejectedValue(transient);
    await expect(
      withRetry(task, {
        signal: new AbortController().signal,
        attempts: 3,
        baseDelayMs: 1,
        isRetryable: () => true,
      }),
    ).rejects.toBe(transient);
    expect(task).toHaveBeenCalledTimes(3);
  });

  it('does not retry an error that is not retryable', async () => {
    const task = vi.fn().mockRejectedValue(final);
    await expect(
      withRetry(task, {
        signal: new AbortController().signal,
        attempts: 5,
        baseDelayMs: 1,
        isRetryable: (e) => e === transient,
      }),
    ).rejects.toBe(final);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('stops waiting as soon as the task is aborted', async () => {
    vi.useFakeTimers();
    try {
      const controller = new AbortController();
      const task = vi.fn().mockRejectedValue(transient);
      const run = withRetry(task, {
        signal: controller.signal,
        attempts: 3,
        baseDelayMs: 60_000,
        isRetryable: () => true,
      });
      const outcome = run.then(
        () => 'resolved',
        (e: unknown) => (e as Error).name,
      );
      await vi.advanceTimersByTimeAsync(10);
      controller.abort();
      expect(await outcome).toBe('AbortError');
      expect(controller.signal.reason).toBeInstanceOf(DOMException);
      expect(task).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('doubles the wait between tries', async () => {
    vi.useFakeTimers();
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    try {
      const task = vi.fn().mockRejectedValue(transient);
      const run = withRetry(task, {
        signal: new AbortController().signal,
        attempts: 3,
        baseDelayMs: 1000,
        isRetryable: () => true,
      }).catch(() => undefined);
      // Without jitter the waits are exactly 1000 ms, then 2000 ms.
      await vi.advanceTimersByTimeAsync(999);
      expect(task).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(task).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1999);
      expect(task).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(task).toHaveBeenCalledTimes(3);
      await run;
    } finally {
      random.mockRestore();
      vi.useRealTimers();
    }
  });
});
