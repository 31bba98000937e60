import type { ParseQueueOptions } from './parse-queue-options.ts';
import type { PendingMail } from './pending-mail.ts';
import type { RawStore, StoredRaw } from '../store/raw-store.ts';

/**
 * The batch a lane stores before the one it is taking: its messages count as in order, and its
 * bytes as part of the lane's batchBytes, so a lane never holds more raw mail than one batch's
 * worth (two 10 MiB messages are not read at once; one is taken only once the other is stored).
 */
export interface Earlier {
  ids: ReadonlySet<number>;
  bytes: number;
}

export const NOTHING_EARLIER: Earlier = { ids: new Set(), bytes: 0 };

export function earlierOf(batch: readonly StoredRaw[]): Earlier {
  let bytes = 0;
  for (const raw of batch) bytes += raw.raw.byteLength;
  return { ids: new Set(batch.map((raw) => raw.id)), bytes };
}

/**
 * Which pending messages a parse lane takes next (ParseQueue): each mailbox's mail in the order
 * SMTP accepted it, whichever lane stores it; a batch within its count and bytes; no message
 * in two lanes at once. Mail someone waits for is marked urgent and taken by the urgent lane.
 */
export class BatchPicker {
  /** Raw ids a lane has taken and not finished; the other lane leaves them alone. */
  private readonly claimed = new Set<number>();
  private readonly urgent = new Set<number>();

  constructor(
    private readonly raws: RawStore,
    private readonly pending: PendingMail,
    private readonly options: ParseQueueOptions,
  ) {}

  /** Marks messages urgent, in the order given (oldest first keeps each mailbox's order). */
  hurry(ids: Iterable<number>): void {
    for (const id of ids) this.urgent.add(id);
  }

  hasUrgent(): boolean {
    return this.urgent.size > 0;
  }

  /** A lane is done with these messages (stored, or given back). */
  release(batch: readonly StoredRaw[]): void {
    for (const raw of batch) this.claimed.delete(raw.id);
  }

  /**
   * The next urgent batch, claimed and read: empty when every urgent message still waits for
   * older mail of its mailbox in the backlog's hands. `earlier`: the batch this lane stores
   * before it.
   */
  urgentBatch(earlier: Earlier): StoredRaw[] {
    const ids = new Set<number>();
    for (const id of this.urgent) {
      if (!this.pending.has(id) || this.claimed.has(id)) {
        this.urgent.delete(id);
        continue;
      }
      // Older mail of its mailbox is in the backlog's hands: this one after it.
      if (!this.inOrder(id, ids, earlier)) continue;
      this.urgent.delete(id);
      ids.add(id);
      if (ids.size >= this.options.urgentBatch) break;
    }
    if (ids.size === 0) return [];
    const batch = this.take([...ids], earlier);
    // What did not fit in the batch's bytes waits for the next urgent batch.
    for (const id of ids) if (!this.claimed.has(id)) this.urgent.add(id);
    return batch;
  }

  /** The oldest pending messages nobody has taken, within the batch's count and bytes. */
  backlogBatch(earlier: Earlier): StoredRaw[] {
    let bytes = earlier.bytes;
    const taken = new Set<number>();
    // Past what the lanes hold already, or a batch in flight would hide the next one.
    for (const pending of this.raws.pending(0, this.options.batchSize + this.claimed.size)) {
      const { id } = pending;
      if (taken.size >= this.options.batchSize) break;
      if (this.claimed.has(id) || this.urgent.has(id) || !this.inOrder(id, taken, earlier)) {
        continue;
      }
      if (this.overBudget(bytes + pending.bytes, taken.size, earlier)) break;
      if (pending.attempts > 0) {
        // Parsed when the process died (or its worker failed): alone, so a second death is
        // blamed on this message only (analyze-batch.ts stores it unparsed then).
        if (taken.size === 0) taken.add(id);
        break;
      }
      taken.add(id);
      bytes += pending.bytes;
    }
    // Sized within the budget already, from the pending rows.
    return this.claim([...taken]);
  }

  /**
   * May message `id` be stored with `batch`? Only when every older pending message of each of
   * its mailboxes is in that batch too, or in `earlier` (the batch its lane stores first): a
   * mailbox lists its mails in the order SMTP accepted them, whichever lane stores them.
   */
  private inOrder(id: number, batch: ReadonlySet<number>, earlier: Earlier): boolean {
    for (const mailbox of this.pending.mailboxes(id)) {
      for (const older of this.pending.ids(mailbox)) {
        if (older >= id) break;
        if (!batch.has(older) && !earlier.ids.has(older)) return false;
      }
    }
    return true;
  }

  /**
   * Claims the messages for the calling lane and reads them, stopping before the one that
   * would take the batch, with the lane's `earlier` one, past `batchBytes`; the rest stay
   * unclaimed.
   */
  private take(ids: number[], earlier: Earlier): StoredRaw[] {
    const fitting: number[] = [];
    let bytes = earlier.bytes;
    for (const id of ids) {
      // The size first: a message that does not fit is not read only to be dropped.
      const pending = this.raws.pendingSize(id);
      if (pending === null) continue;
      if (this.overBudget(bytes + pending.bytes, fitting.length, earlier)) break;
      if (pending.attempts > 0) {
        // Alone, as in backlogBatch.
        if (fitting.length === 0) fitting.push(id);
        break;
      }
      fitting.push(id);
      bytes += pending.bytes;
    }
    return this.claim(fitting);
  }

  /**
   * Would a lane holding `bytes` with this batch be past `batchBytes`? The first message of a
   * lane holding nothing always fits, however large: every message gets parsed.
   */
  private overBudget(bytes: number, taken: number, earlier: Earlier): boolean {
    if (taken === 0 && earlier.ids.size === 0) return false;
    return bytes > this.options.batchBytes;
  }

  /** Claims the messages for the calling lane and reads them; one gone meanwhile is skipped. */
  private claim(ids: readonly number[]): StoredRaw[] {
    const out: StoredRaw[] = [];
    for (const id of ids) {
      const raw = this.raws.read(id);
      if (!raw) continue;
      this.claimed.add(id);
      out.push(raw);
    }
    return out;
  }
}
