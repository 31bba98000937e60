import type { Mail } from '../../../src-shared/mail/schemas.ts';
import type { Envelope } from '../store/envelope.ts';
import type { ParseQueue } from '../parse/parse-queue.ts';
import type { RawInbox } from './raw-inbox.ts';

/**
 * One accepted SMTP message → one stored mail per recipient mailbox, in two steps: `accept`
 * commits the raw message (SMTP answers 250 then), and the ParseQueue parses it into the
 * mails afterwards and publishes them.
 */
export class MailDelivery {
  constructor(
    private readonly inbox: RawInbox,
    private readonly queue: ParseQueue,
  ) {}

  /** Commits the raw message; resolves once it is durable (its id). */
  accept(envelope: Envelope, raw: Buffer): Promise<number> {
    return this.inbox.add(envelope, raw);
  }

  /** Commits the raw message and waits until its mails are stored (tests, fixtures). */
  async deliver(envelope: Envelope, raw: Buffer): Promise<Mail[]> {
    let parsed: Promise<Mail[]> | null = null;
    await this.inbox.add(envelope, raw, (id) => {
      parsed = this.queue.parsed(id);
    });
    if (!parsed) throw new Error('raw message committed without an id');
    return parsed;
  }
}
