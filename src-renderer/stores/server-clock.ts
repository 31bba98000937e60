import { create } from 'zustand';
import { api } from '../api/client.ts';

/** Below this the two clocks count as one (the server answers in whole seconds). */
const SKEW_IGNORED_MS = 2000;

interface ServerClockState {
  /** Server time minus local time (0 when within SKEW_IGNORED_MS). */
  offsetMs: number;
  sync: () => Promise<void>;
}

/**
 * How far this device's clock is from the server's, so a lease's `expires_at` (the server's
 * time) is counted down on the server's clock: a phone whose clock runs ahead does not show a
 * live mailbox as expired.
 */
export const useServerClock = create<ServerClockState>()((set) => ({
  offsetMs: 0,
  async sync() {
    try {
      const sent = Date.now();
      const server = await api().serverTime();
      const received = Date.now();
      // The answer's second was cut down: its middle is the best guess, at the request's middle.
      const offset = server + 500 - (sent + received) / 2;
      set({ offsetMs: Math.abs(offset) < SKEW_IGNORED_MS ? 0 : Math.round(offset) });
    } catch {
      // Unreachable: keep the last offset.
    }
  },
}));

/** A time of the server's clock (ms) on this device's clock. */
export function serverToLocal(serverMs: number): number {
  return serverMs - useServerClock.getState().offsetMs;
}
