import ipaddr from 'ipaddr.js';

/**
 * True only for globally routable unicast addresses (no loopback, private, link-local…): the
 * video transport's DNS guard (video/outbound/address-guard.ts) and the mail link's host rule
 * (mail/link-extraction/url-rules.ts) ask the same question.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    // The deprecated IPv4-compatible form (::a.b.c.d) has no range of its own in ipaddr.js.
    else if (v6.parts.slice(0, 6).every((p) => p === 0)) return false;
  }
  return parsed.range() === 'unicast';
}
