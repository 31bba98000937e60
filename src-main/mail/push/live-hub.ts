import type { Mail } from '../../../src-shared/mail/schemas.ts';
import type { Logger } from '../../core/logger.ts';

export type MailListener = (mail: Mail) => void;

/**
 * In-process fan-out of committed mails to whoever listens on a mailbox (WebSocket streams,
 * long polls). Publishing is synchronous and cheap: each listener decides itself what to do
 * with a mail it cannot deliver right away, so a slow client never slows ingest.
 */
export class LiveHub {
  private readonly listeners = new Map<string, Set<MailListener>>();
  /** Listeners on every mailbox, each with whether it wants mail right now. */
  private readonly everything = new Map<MailListener, () => boolean>();

  constructor(private readonly logger: Logger) {}

  /** Listens on one mailbox; call the returned function to stop. */
  subscribe(email: string, listener: MailListener): () => void {
    let set = this.listeners.get(email);
    if (!set) {
      set = new Set();
      this.listeners.set(email, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(email);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(email);
    };
  }

  /**
   * Listens on every mailbox (the desktop's code notifications); returns the stop function.
   * `wanted` says whether it would do anything with a mail right now (notifications on, the
   * window away): while it says no, mail nobody else listens for is stored without being read
   * back for it (ParsedMailWriter), and it is not handed that mail.
   */
  subscribeAll(listener: MailListener, wanted: () => boolean = () => true): () => void {
    this.everything.set(listener, wanted);
    return () => this.everything.delete(listener);
  }

  publish(mail: Mail): void {
    const set = this.listeners.get(mail.email);
    if (!set && this.everything.size === 0) return;
    for (const listener of [...(set ?? []), ...this.everything.keys()]) {
      try {
        listener(mail);
      } catch (err) {
        this.logger.error(`listener on ${mail.email} failed`, err);
      }
    }
  }

  /** Would a mail of this mailbox reach anyone (its own listeners, or one on every mailbox)? */
  wants(email: string): boolean {
    if (this.listeners.has(email)) return true;
    for (const wanted of this.everything.values()) if (wanted()) return true;
    return false;
  }

  listenerCount(email: string): number {
    return this.listeners.get(email)?.size ?? 0;
  }
}
