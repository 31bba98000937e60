// The address rule, one copy for main (REST, IPC, SMTP) and the renderer.
import { MAIL_LIMITS } from './limits.ts';

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

/** The key an address is stored and matched under: trimmed, lower case. */
export function addressKey(raw: string): string {
  return raw.trim().toLowerCase();
}

/** Parses an address as given in a path, body or RCPT TO; null when it is not one. */
export function parseAddress(raw: string): MailAddress | null {
  const email = addressKey(raw);
  if (email.length > MAIL_LIMITS.maxAddressLength) return null;
  const at = email.lastIndexOf('@');
  if (at <= 0) return null;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > MAIL_LIMITS.maxLocalPartLength || !LOCAL_PART.test(local)) return null;
  if (!DOMAIN.test(domain)) return null;
  return { email, local, domain };
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
 * only (src-main/mail/lease-service.ts), so no lease is ever shadowed by this.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  const plus = email.indexOf('+');
  if (plus <= 0 || at < 0 || plus > at) return email;
  return email.slice(0, plus) + email.slice(at);
}
