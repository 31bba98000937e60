import type { Clock } from '../../src-main/core/clock.ts';

/** A clock that moves only when told, so 180 s and 240 s pass in no time. */
export class ManualClock implements Clock {
  constructor(private ms = Date.UTC(2026, 10, 22, 12, 0, 0)) {}

  now(): number {
    return this.ms;
  }

  advance(ms: number): void {
    this.ms += ms;
  }
}
