import net from 'node:net';
import ipaddr from 'ipaddr.js';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A host name as the allowlist keeps it: an IP literal (canonical, no brackets) or a DNS name
 * (lower case, no trailing dot, valid labels). Null when it is neither, so "*" or a URL are
 * refused in Settings rather than silently never matching. The host guard (http/host-guard.ts)
 * reads Host headers the same way, so a name saved in Settings matches the header it allows.
 */
export function normalizeHostName(raw: string): string | null {
  let name = raw.trim().toLowerCase();
  if (name.startsWith('[') && name.endsWith(']')) name = name.slice(1, -1);
  if (net.isIP(name) !== 0) return canonicalIp(name);
  if (name.endsWith('.')) name = name.slice(0, -1);
  if (name.length === 0 || name.length > 253) return null;
  return name.split('.').every((label) => LABEL.test(label)) ? name : null;
}

/** An IP literal in its canonical form (IPv4-mapped IPv6 as IPv4). */
export function canonicalIp(ip: string): string {
  return ipaddr.process(ip).toString();
}
