import type { Mail } from '../../src-shared/mail/schemas.ts';
import { AppError } from '../app/app-error.ts';

/** The part of the mail service's live hub a watch needs. */
export interface MailHub {
  subscribe(email: string, listener: (mail: Mail) => void): () => void;
}

/** More than any person follows at once; a bound so a runaway page cannot grow it forever. */
export const MAX_WATCHED_MAILBOXES = 1000;

/**
 * The mailboxes the desktop window follows live. Each is subscribed on the live hub of the
 * services now running; a restart (LAN sharing switched) builds new services, and `attach`
 * moves every watch to the new hub, so the window keeps receiving without asking again.
 */
export class MailWatch {
  private readonly watches = new Map<string, () => void>();
  private hub: MailHub | null = null;

  constructor(private readonly onMail: (mail: Mail) => void) {}

  /** Follows the hub of the services now running. */
  attach(hub: MailHub): void {
    if (hub === this.hub) return;
    this.hub = hub;
    for (const [email, unsubscribe] of this.watches) {
      unsubscribe();
      this.watches.set(email, hub.subscribe(email, this.onMail));
    }
  }

  /** Starts pushing the mails of one (normalised) address; watching twice is one watch. */
  watch(email: string): void {
    if (this.watches.has(email)) return;
    if (this.watches.size >= MAX_WATCHED_MAILBOXES) {
      throw new AppError(
        'MAIL_BAD_REQUEST',
        `At most ${MAX_WATCHED_MAILBOXES} mailboxes can be watched at once; unwatch some first.`,
      );
    }
    this.watches.set(email, this.hub ? this.hub.subscribe(email, this.onMail) : () => undefined);
  }

  unwatch(email: string): void {
    this.watches.get(email)?.();
    this.watches.delete(email);
  }

  /** Drops every watch (the window reloaded or closed). */
  clear(): void {
    for (const unsubscribe of this.watches.values()) unsubscribe();
    this.watches.clear();
  }

  watching(): string[] {
    return [...this.watches.keys()];
  }
}
