/**
 * Ports a setting may not take, because whoever needs to connect to it never will (docs/API.md,
 * "PATCH /api/settings"; the reasons in docs/decisions.md, "Ports that cannot work").
 */

/**
 * The WHATWG Fetch standard's "bad ports" (fetch.spec.whatwg.org#port-blocking): every browser
 * refuses to load a page from them, so the web UI on one of them could not be opened.
 */
const BROWSER_BLOCKED_PORTS: ReadonlySet<number> = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102,
  103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465,
  512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993,
  995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668,
  6669, 6679, 6697, 10080,
]);

/**
 * Well-known ports of other protocols: a mail server never delivers SMTP to them, and the
 * service they name usually holds them already.
 */
const OTHER_SERVICE_PORTS: Readonly<Record<number, string>> = {
  20: 'FTP',
  21: 'FTP',
  22: 'SSH',
  23: 'Telnet',
  53: 'DNS',
  80: 'HTTP',
  110: 'POP3',
  143: 'IMAP',
  443: 'HTTPS',
  993: 'IMAPS',
  995: 'POP3S',
};

/** True when browsers refuse pages on `port`. */
export function isBrowserBlockedPort(port: number): boolean {
  return BROWSER_BLOCKED_PORTS.has(port);
}

/** The protocol `port` is known for when it is not SMTP's to take (80 → "HTTP"), else null. */
export function otherServiceOfPort(port: number): string | null {
  return OTHER_SERVICE_PORTS[port] ?? null;
}
