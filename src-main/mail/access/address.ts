import { AppError } from '../../core/app-error.ts';
import { parseAddress, mailboxOf, type MailAddress } from '../../../src-shared/mail/address.ts';

/** The mailbox a lower-case recipient's copy goes to (LeaseService.mailboxFor). */
export type MailboxResolver = (email: string) => string;

/** Like parseAddress, for request input: a bad address is a 400 that quotes it. */
export function requireAddress(raw: string): MailAddress {
  const parsed = parseAddress(raw);
  if (!parsed) {
    const shown = raw.length > 80 ? `${raw.slice(0, 80)}…` : raw;
    throw new AppError('MAIL_ADDRESS_INVALID', `"${shown}" is not a valid email address.`);
  }
  return parsed;
}

/** One stored copy of a message: the mailbox, and the envelope recipients it stands for. */
export interface DeliveryTarget {
  mailbox: string;
  recipients: string[];
}

/**
 * The mailboxes an SMTP message's recipients map to, in first-seen order: `a+x@d` and `a+y@d`
 * in one transaction make one copy in `a@d`, which keeps both addresses.
 */
export function deliveryTargets(
  recipients: readonly string[],
  mailboxFor: MailboxResolver = mailboxOf,
): DeliveryTarget[] {
  const byMailbox = new Map<string, string[]>();
  for (const recipient of recipients) {
    const mailbox = mailboxFor(recipient);
    const list = byMailbox.get(mailbox);
    if (list) list.push(recipient);
    else byMailbox.set(mailbox, [recipient]);
  }
  return [...byMailbox].map(([mailbox, list]) => ({ mailbox, recipients: list }));
}
