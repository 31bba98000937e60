// Which parse worker takes the next job. parse-pool.ts owns the workers (start, retire, fail);
// this file only decides, from what each slot holds, where a job goes or that it waits.
import type { Worker } from 'node:worker_threads';

/** A job handed to a worker, until it answers. */
export interface Pending {
  resolve(result: unknown): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
  bytes: number;
}

/** One worker's place in the pool: the last slot is the reserve, the others the backlog's. */
export interface Slot {
  /**
   * Null before the first job, after a failure (the next job starts a new one: no restart loop
   * on a broken build) and after `idleMs` without work.
   */
  worker: Worker | null;
  pending: Map<number, Pending>;
  /** Raw bytes of the jobs in `pending`. */
  bytes: number;
  idle: NodeJS.Timeout | null;
  /** Its worker has loaded the parser (parse-worker.ts says so): a job sent now starts now. */
  ready: boolean;
}

/**
 * What a worker holds at once (at least one job): enough that it never runs dry while the main
 * thread is busy storing a batch or answering a list (about 5 ms of 5 KB mails), little enough
 * that an urgent job does not wait long behind the backlog.
 */
export const MAX_IN_FLIGHT = 16;
/** Also the size from which a job is large: a slow parse, and a grown worker heap after it. */
export const MAX_BYTES_IN_FLIGHT = 512 * 1024;

/**
 * An idle backlog worker that is ready; else the reserve worker once it is ready (it takes
 * urgent jobs only: nothing long is ahead there); else the least busy backlog worker with
 * room (an idle one even if it must start first), or none: the job waits in the pool for the
 * first of them to free up or the reserve to be ready. The reserve is started when every
 * backlog worker holds large mail (backlogHeavy); a job is not sent to it while it boots,
 * which may take longer than the parse it would avoid.
 */
export function urgentSlot(slots: readonly Slot[], bytes: number): Slot | null {
  const reserve = slots.at(-1) as Slot;
  const backlog = freeSlot(slots, Infinity, bytes);
  if (backlog?.pending.size === 0 && backlog.ready) return backlog;
  if (reserve.ready && hasRoom(reserve, bytes)) return reserve;
  return backlog;
}

/**
 * A small job goes to the least busy of its first `lanes` backlog workers. A large one (a slow
 * parse) goes to the last of its lanes, one at a time: the first worker stays free for the next
 * urgent job, and one worker's heap grows for large mail, not every worker's in turn (a 10 MiB
 * mail leaves ~60 MB behind in the worker that parsed it until it retires; spread over 4
 * workers, 24 of them peaked ~200 MB higher).
 */
export function backlogSlot(slots: readonly Slot[], lanes: number, bytes: number): Slot | null {
  if (bytes < MAX_BYTES_IN_FLIGHT) return freeSlot(slots, lanes, bytes);
  if (slots.some(holdsLarge)) return null;
  const lane = slots[Math.max(1, Math.min(lanes, slots.length - 1)) - 1] as Slot;
  return hasRoom(lane, bytes) ? lane : null;
}

/** Every backlog worker holds at least MAX_BYTES_IN_FLIGHT: large mail, slow to parse. */
export function backlogHeavy(slots: readonly Slot[]): boolean {
  return slots.slice(0, -1).every((slot) => slot.bytes >= MAX_BYTES_IN_FLIGHT);
}

function hasRoom(slot: Slot, bytes: number): boolean {
  return !(
    slot.pending.size >= MAX_IN_FLIGHT ||
    (slot.pending.size > 0 && slot.bytes + bytes > MAX_BYTES_IN_FLIGHT)
  );
}

function holdsLarge(slot: Slot): boolean {
  for (const pending of slot.pending.values()) {
    if (pending.bytes >= MAX_BYTES_IN_FLIGHT) return true;
  }
  return false;
}

/** The least busy of the first `lanes` backlog slots with room; on a tie one whose worker runs. */
function freeSlot(slots: readonly Slot[], lanes: number, bytes: number): Slot | null {
  let best: Slot | null = null;
  for (const slot of slots.slice(0, Math.max(1, Math.min(lanes, slots.length - 1)))) {
    if (!hasRoom(slot, bytes)) continue;
    const tie = best !== null && slot.pending.size === best.pending.size;
    if (
      !best ||
      slot.pending.size < best.pending.size ||
      // A cold start costs ~250 ms.
      (tie && best.worker === null && slot.worker !== null)
    )
      best = slot;
  }
  return best;
}
