import type { Wait } from '../../src-main/mail/sources/oauth/sign-in.ts';

/**
 * The device flow's wait between polls, held until the test calls step(): no real seconds pass,
 * and `asked` records each wait the client wanted (the interval, slowed down or not).
 */
export class StepWait {
  readonly asked: number[] = [];
  private readonly waiting: (() => void)[] = [];

  readonly wait: Wait = (ms, signal) => {
    this.asked.push(ms);
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      signal.addEventListener('abort', () => {
        // An aborted wait is over: step() must not count it as the client waiting.
        const at = this.waiting.indexOf(resolve);
        if (at >= 0) this.waiting.splice(at, 1);
        resolve();
      });
    });
  };

  /** Waits the client is in now (0: it asks the provider nothing more until told to). */
  get held(): number {
    return this.waiting.length;
  }

  /** Lets the oldest wait end, once the client is waiting (bounded: about `boundMs`, 5 s). */
  async step(boundMs = 5_000): Promise<void> {
    for (let i = 0; i < boundMs / 10 && this.waiting.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const next = this.waiting.shift();
    if (!next) throw new Error('the client never waited for its next poll');
    next();
  }
}
