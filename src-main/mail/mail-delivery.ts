import type { Mail } from '../../src-shared/mail/schemas.ts';
import type { Clock } from '../app/clock.ts';
import { deliveryTargets } from './address.ts';
import type { Analyzer } from './analyze-message.ts';
import type { LiveHub } from './live-hub.ts';
import type { MailStore } from './mail-store.ts';

export interface Envelope {
  /** MAIL FROM, or null for the null sender `<>`. */
  from: string | null;
  /** Accepted recipients, lower-case, without duplicates, `+tag` kept (address.ts maps them). */
  recipients: string[];
}

export interface MailDeliveryDeps {
  store: MailStore;
  hub: LiveHub;
  clock: Clock;
  /** Parsing and code extraction: a ParsePool, or analyzeInProcess in tests. */
  analyze: Analyzer;
}

/**
 * One accepted SMTP message → one stored mail per recipient mailbox. Returns once the copies
 * are committed (the SMTP side answers 250 only then); listeners hear of them after the commit.
 */
export class MailDelivery {
  constructor(private readonly deps: MailDeliveryDeps) {}

  async deliver(envelope: Envelope, raw: Buffer): Promise<Mail[]> {
    const { code, ...parsed } = await this.deps.analyze(raw, envelope.from);
    const receivedAt = this.deps.clock.now();
    const stored = this.deps.store.insert(
      deliveryTargets(envelope.recipients).map(({ mailbox, recipients }) => ({
        email: mailbox,
        ...parsed,
        to: parsed.to.length > 0 ? parsed.to : recipients,
        receivedAt,
        code,
        size: raw.length,
      })),
    );
    for (const mail of stored) this.deps.hub.publish(mail);
    return stored;
  }
}
