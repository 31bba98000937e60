import type { Mail } from '../../src-shared/mail/schemas.ts';
import type { Logger } from '../core/logger.ts';

export type MailListener = (mail: Mail) => void;

/**
 * In-process fan-out of committed mails to whoever listens on a mailbox (WebSocket streams,
 * long polls). Publishing is synchronous and cheap: each listener decides itself what to do
 * with a mail it cannot deliver right away, so a slow client never slows ingest.
 */
export class LiveHub {
  private readonly listeners = new Map<string, Set<MailListener>>();
  private readonly everything = new Set<MailListener>();

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

  /** Listens on every mailbox (the desktop's code notifications); returns the stop function. */
  subscribeAll(listener: MailListener): () => void {
    this.everything.add(listener);
    return () => this.everything.delete(listener);
  }

  publish(mail: Mail): void {
    const set = this.listeners.get(mail.email);
    if (!set && this.everything.size === 0) return;
    for (const listener of [...(set ?? []), ...this.everything]) {
      try {
        listener(mail);
      } catch (err) {
        this.logger.error(`listener on ${mail.email} failed`, err);
      }
    }
  }

  /** Would a mail of this mailbox reach anyone (its own listeners, or one on every mailbox)? */
  wants(email: string): boolean {
    return this.everything.size > 0 || this.listeners.has(email);
  }

  listenerCount(email: string): number {
    return this.listeners.get(email)?.size ?? 0;
  }
}
