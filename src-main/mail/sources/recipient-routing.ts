import { parseAddress } from '../../../src-shared/mail/address.ts';
import type { HeaderField } from '../store/message-headers.ts';

/**
 * The headers a fetched message's recipients are read from, in this order (docs/mail-in.md
 * "Routing"): first those a receiving server or forwarder wrote from the SMTP envelope, which
 * name the address even for Bcc, list and forwarded mail, then the author's To/Cc as the last
 * resort. Every address found is matched against the leases, and each unexpired lease found
 * gets the message (one stored copy may stand for several addresses). Only addresses this app
 * issued are ever matched, so a forged lower header can at most file the mail under another
 * live lease of the same user.
 */
export const ROUTING_HEADERS = [
  'x-gm-original-to', // Google Workspace routing, when the admin ticked the option
  'x-original-to', // Postfix (before alias expansion), Proton
  'delivered-to', // Gmail (+tag kept), Dovecot LMTP, Postfix local
  'x-delivered-to', // Fastmail: RCPT TO as received
  'x-forwarded-for', // Cloudflare Email Routing and Gmail forwards: first token is the alias
  'x-forwarded-to', // Office 365 and Gmail forwards
  'x-simplelogin-envelope-to',
  'envelope-to', // Exim
  'x-envelope-to',
  'received', // only its `for <address>` clause
  'to',
  'cc',
  'resent-to',
  'resent-cc',
] as const;

const ADDRESS =
  /[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+/gi;
const RECEIVED_FOR = /\bfor\s+<?([^\s<>;]+@[^\s<>;]+?)>?(?=[\s;]|$)/gi;

/** Every address the routing headers name, in ROUTING_HEADERS order, lower-cased, once each. */
export function candidateAddresses(fields: readonly HeaderField[]): string[] {
  const out = new Set<string>();
  for (const name of ROUTING_HEADERS) {
    for (const field of fields) {
      if (field.name !== name) continue;
      const found =
        name === 'received'
          ? [...field.value.matchAll(RECEIVED_FOR)].map((m) => m[1] ?? '')
          : (field.value.match(ADDRESS) ?? []);
      for (const raw of found) {
        const address = parseAddress(raw);
        if (address) out.add(address.email);
      }
    }
  }
  return [...out];
}

/**
 * The leases a message goes to: for each candidate address, the unexpired lease it is for
 * (itself, or the lease it is a sub-address of), once each, in candidate order.
 */
export function routeRecipients(
  fields: readonly HeaderField[],
  receivingMailbox: (email: string) => string | null,
): string[] {
  const leases = new Set<string>();
  for (const candidate of candidateAddresses(fields)) {
    const lease = receivingMailbox(candidate) ?? receivingMailbox(googlemailAsGmail(candidate));
    if (lease) leases.add(lease);
  }
  return [...leases];
}

/** googlemail.com is the same Gmail domain; leases are made on what the pool says (gmail.com). */
function googlemailAsGmail(email: string): string {
  return email.endsWith('@googlemail.com')
    ? email.replace(/@googlemail\.com$/, '@gmail.com')
    : email;
}
