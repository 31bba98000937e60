/** Current time in Unix milliseconds. Injected everywhere time decides something. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
