import type { Mail } from '../../src-shared/mail/schemas.ts';
import { AppError } from '../core/app-error.ts';

/** The part of the mail service's live hub a watch needs. */
export interface MailHub {
  subscribe(email: string, listener: (mail: Mail) => void): () => void;
}

/** More than any person follows at once; a bound so a runaway page cannot grow it forever. */
export const MAX_WATCHED_MAILBOXES = 1000;

/**
 * The mailboxes the desktop window follows live. Each is subscribed on the live hub of the
 * services now running (`attach` moves every watch should the services ever be rebuilt).
 */
export class MailWatch {
  /** Per address: how many subscriptions want it, and how to stop the one hub subscription. */
  private readonly watches = new Map<string, { count: number; unsubscribe: () => void }>();
  private hub: MailHub | null = null;

  constructor(private readonly onMail: (mail: Mail) => void) {}

  /** Follows the hub of the services now running. */
  attach(hub: MailHub): void {
    if (hub === this.hub) return;
    this.hub = hub;
    for (const [email, watch] of this.watches) {
      watch.unsubscribe();
      watch.unsubscribe = hub.subscribe(email, this.onMail);
    }
  }

  /**
   * Starts pushing the mails of one (normalised) address. Counted: the window may follow the
   * same mailbox from two places, and stopping one must not stop the other.
   */
  watch(email: string): void {
    const existing = this.watches.get(email);
    if (existing) {
      existing.count++;
      return;
    }
    if (this.watches.size >= MAX_WATCHED_MAILBOXES) {
      throw new AppError(
        'MAIL_BAD_REQUEST',
        `At most ${MAX_WATCHED_MAILBOXES} mailboxes can be watched at once; unwatch some first.`,
      );
    }
    const unsubscribe = this.hub ? this.hub.subscribe(email, this.onMail) : () => undefined;
    this.watches.set(email, { count: 1, unsubscribe });
  }

  /** Ends one watch of the address; the pushes stop when none is left. */
  unwatch(email: string): void {
    const watch = this.watches.get(email);
    if (!watch) return;
    watch.count--;
    if (watch.count > 0) return;
    watch.unsubscribe();
    this.watches.delete(email);
  }

  /** Drops every watch (the window reloaded or closed). */
  clear(): void {
    for (const watch of this.watches.values()) watch.unsubscribe();
    this.watches.clear();
  }

  watching(): string[] {
    return [...this.watches.keys()];
  }
}
