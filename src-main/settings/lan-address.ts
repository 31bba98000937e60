import type os from 'node:os';

/** The first IPv4 address of a non-internal interface (link-local skipped), or null. */
export function firstLanAddress(interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]>): string | null {
  for (const list of Object.values(interfaces)) {
    for (const info of list ?? []) {
      // Node 18.0–18.3 reported the family as the number 4.
      const ipv4 = info.family === 'IPv4' || (info.family as unknown) === 4;
      if (ipv4 && !info.internal && !info.address.startsWith('169.254.')) return info.address;
    }
  }
  return null;
}

/** Every address of a non-internal interface (IPv4 and IPv6): where the LAN reaches this machine. */
export function externalAddresses(interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]>): string[] {
  return Object.values(interfaces).flatMap((list) =>
    (list ?? []).filter((info) => !info.internal).map((info) => info.address),
  );
}
