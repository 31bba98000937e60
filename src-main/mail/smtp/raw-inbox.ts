import type { Clock } from '../../core/clock.ts';
import type { ParseQueue } from '../parse/parse-queue.ts';
import type { Envelope } from '../store/envelope.ts';
import type { RawStore } from '../store/raw-store.ts';
import type { SearchIndex } from '../store/search-index.ts';

interface Waiting {
  envelope: Envelope;
  raw: Buffer;
  receivedAt: number;
  resolve(id: number): void;
  onId?: (id: number) => void;
  reject(err: unknown): void;
}

/**
 * Group commit of raw messages. Every message whose DATA ends in the same turn of the event
 * loop is written in one transaction at the next setImmediate, and each caller's promise
 * resolves (SMTP sends its 250) only after that transaction committed. Under load one commit
 * carries many messages; alone, a message waits one event-loop turn.
 */
export class RawInbox {
  private queue: Waiting[] = [];
  private scheduled = false;

  /**
   * @param parsing The next stage: told after each commit, with the new ids and their
   *   envelopes (the background parser starts on them).
   * @param searchIndex Held back while SMTP commits keep coming (its idle steps would compete
   *   with them); mail sources do not hold it.
   */
  constructor(
    private readonly store: RawStore,
    private readonly clock: Clock,
    private readonly parsing: Pick<ParseQueue, 'committed'>,
    private readonly searchIndex?: Pick<SearchIndex, 'postpone'>,
  ) {}

  /**
   * Resolves with the raw message's id once it is committed; `onId` hears the id right at the
   * commit, before anything else can happen to the message.
   */
  add(envelope: Envelope, raw: Buffer, onId?: (id: number) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ envelope, raw, receivedAt: this.clock.now(), resolve, reject, onId });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    let ids: number[];
    try {
      ids = this.store.commit(batch);
    } catch (err) {
      for (const item of batch) item.reject(err);
      return;
    }
    batch.forEach((item, i) => {
      item.onId?.(ids[i] ?? 0);
      item.resolve(ids[i] ?? 0);
    });
    this.searchIndex?.postpone();
    this.parsing.committed(batch.map((item, i) => ({ id: ids[i] ?? 0, envelope: item.envelope })));
  }
}
