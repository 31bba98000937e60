import ipaddr from 'ipaddr.js';

/** True for 127.0.0.0/8, ::1 and their IPv4-mapped forms: a peer on this very machine. */
export function isLoopbackAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  return ipaddr.process(ip).range() === 'loopback';
}
