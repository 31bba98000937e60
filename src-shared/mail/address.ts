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
 * A domain-pool entry: a domain (`example.org`: addresses `<random>@example.org`) or one
 * mailbox (`me@gmail.com`, plus addressing: addresses `me+<random>@gmail.com`). The mailbox's
 * local part may not hold a `+` itself (the generated tag is the one `+`). Null when the text
 * is neither.
 */
export function normalizePoolEntry(raw: string): string | null {
  const text = raw.trim().toLowerCase().replace(/\.$/, '');
  if (!text.includes('@')) return normalizeDomain(text);
  const address = parseAddress(text);
  if (!address || address.local.includes('+')) return null;
  return address.email;
}

/** The domain of a pool entry (`me@gmail.com` → `gmail.com`, `example.org` → itself). */
export function poolEntryDomain(entry: string): string {
  return entry.slice(entry.lastIndexOf('@') + 1);
}

/**
 * Sub-addressing: the mailboxes a lower-case recipient may be delivered to, most specific
 * first. The address itself; then, for `name+lease+tag@d`, the plus-addressed lease
 * `name+lease@d` (a lease made from a pool mailbox holds exactly one `+`); then `name@d`
 * (everything from the first `+` to the `@` dropped). The first one holding a lease wins
 * (LeaseService.mailboxFor). An address starting with `+` is only its own mailbox.
 */
export function mailboxCandidates(email: string): string[] {
  const at = email.lastIndexOf('@');
  const first = email.indexOf('+');
  if (first <= 0 || at < 0 || first > at) return [email];
  const out = [email];
  const second = email.indexOf('+', first + 1);
  if (second > first + 1 && second < at) out.push(email.slice(0, second) + email.slice(at));
  out.push(email.slice(0, first) + email.slice(at));
  return out;
}

/** The last resort of mailboxCandidates: `name+anything@domain` → `name@domain`. */
export function mailboxOf(email: string): string {
  return mailboxCandidates(email).at(-1) ?? email;
}
