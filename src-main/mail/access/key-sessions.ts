import type { Logger } from '../../core/logger.ts';
import type { Db } from '../../db/open-database.ts';
import type { ApiKeyStore } from './key-store.ts';

/** How often the database is asked whether another process wrote to it (the keys CLI). */
export const DEFAULT_KEY_WATCH_MS = 1000;

type Keys = Pick<ApiKeyStore, 'isEnabled' | 'onRevoke'>;

/**
 * Everything held open with an API key (WebSockets, long polls), by key id, so that disabling
 * or deleting the key ends them at once. A request is checked when it arrives; this covers
 * what outlives that check. Revocations in this process arrive through the store's onRevoke;
 * the keys CLI writes the same SQLite file from another process, which `watch` notices.
 */
export class KeySessions {
  private readonly byKey = new Map<number, Set<() => void>>();

  constructor(
    private readonly keys: Keys,
    private readonly logger: Logger,
  ) {
    keys.onRevoke((id) => this.revoke(id));
  }

  /**
   * Registers a session held with key `id`; `end` runs once if the key stops working (at once,
   * if it already has: it may have been revoked between the request's check and now). Returns
   * the function that unregisters it, to call when the session ends by itself.
   */
  hold(id: number, end: () => void): () => void {
    if (!this.keys.isEnabled(id)) {
      end();
      return () => undefined;
    }
    let set = this.byKey.get(id);
    if (!set) {
      set = new Set();
      this.byKey.set(id, set);
    }
    set.add(end);
    return () => {
      const current = this.byKey.get(id);
      current?.delete(end);
      if (current?.size === 0) this.byKey.delete(id);
    };
  }

  /** Ends every session held with key `id`. */
  revoke(id: number): void {
    const set = this.byKey.get(id);
    if (!set) return;
    this.byKey.delete(id);
    for (const end of set) {
      try {
        end();
      } catch (err) {
        this.logger.error(`ending a session of key ${id} failed`, err);
      }
    }
  }

  /** Ends the sessions whose key is no longer enabled (another process changed it). */
  recheck(): void {
    for (const id of [...this.byKey.keys()]) if (!this.keys.isEnabled(id)) this.revoke(id);
  }

  /** Sessions open now (for tests and diagnostics). */
  count(): number {
    let n = 0;
    for (const set of this.byKey.values()) n += set.size;
    return n;
  }

  /**
   * Rechecks the open sessions whenever another connection has committed to `db`:
   * `PRAGMA data_version` changes exactly then (not for this connection's own writes), and
   * reading it is a few microseconds, so polling it every second costs nothing. Returns stop.
   */
  watch(db: Db, intervalMs: number): () => void {
    const version = (): unknown => db.pragma('data_version', { simple: true });
    let last = version();
    const timer = setInterval(() => {
      try {
        const now = version();
        if (now === last) return;
        last = now;
        if (this.byKey.size > 0) this.recheck();
      } catch (err) {
        this.logger.error('cannot check the API keys for changes', err);
      }
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
