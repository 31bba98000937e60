import { MAIL_LIMITS } from '../../src-shared/mail/limits.ts';
import { AppError } from '../core/app-error.ts';

export interface MailAddress {
  /** The whole address, lower-case: the key everywhere (leases, mails, SMTP recipients). */
  email: string;
  local: string;
  domain: string;
}

/** Dot-atom of the usual address characters; no quoted local parts, no leading/trailing dots. */
const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Parses an address as given in a path, body or RCPT TO; null when it is not one. */
export function parseAddress(raw: string): MailAddress | null {
  const email = raw.trim().toLowerCase();
  if (email.length > MAIL_LIMITS.maxAddressLength) return null;
  const at = email.lastIndexOf('@');
  if (at <= 0) return null;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > MAIL_LIMITS.maxLocalPartLength || !LOCAL_PART.test(local)) return null;
  if (!DOMAIN.test(domain)) return null;
  return { email, local, domain };
}

/** Like parseAddress, for request input: a bad address is a 400 that quotes it. */
export function requireAddress(raw: string): MailAddress {
  const parsed = parseAddress(raw);
  if (!parsed) {
    const shown = raw.length > 80 ? `${raw.slice(0, 80)}…` : raw;
    throw new AppError('MAIL_ADDRESS_INVALID', `"${shown}" is not a valid email address.`);
  }
  return parsed;
}

/** A domain as the pool stores it, or null when the text is not a host name. */
export function normalizeDomain(raw: string): string | null {
  const domain = raw.trim().toLowerCase().replace(/\.$/, '');
  return DOMAIN.test(domain) ? domain : null;
}

/**
 * Sub-addressing: the mailbox a lower-case recipient is delivered to. `name+anything@domain`
 * goes to `name@domain` (the text from the first `+` to the `@` is dropped); an address
 * without a `+`, or starting with one, is its own mailbox. Leased local parts are [a-z0-9]
 * only (lease-service.ts), so no lease is ever shadowed by this.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  const plus = email.indexOf('+');
  if (plus <= 0 || at < 0 || plus > at) return email;
  return email.slice(0, plus) + email.slice(at);
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
export function deliveryTargets(recipients: readonly string[]): DeliveryTarget[] {
  const byMailbox = new Map<string, string[]>();
  for (const recipient of recipients) {
    const mailbox = mailboxOf(recipient);
    const list = byMailbox.get(mailbox);
    if (list) list.push(recipient);
    else byMailbox.set(mailbox, [recipient]);
  }
  return [...byMailbox].map(([mailbox, list]) => ({ mailbox, recipients: list }));
}
