import type { Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import { isLoopbackAddress } from './loopback.ts';

/** How many connections one remote address may hold open at once on one service. */
export interface PerAddressLimit {
  perAddress: number;
  /**
   * For peers on this machine (127.0.0.0/8, ::1). Higher: the desktop window, local scripts,
   * benchmarks and a reverse proxy that carries every phone all come from loopback.
   */
  loopbackPerAddress: number;
}

export interface ConnectionLimits {
  http: PerAddressLimit;
  smtp: PerAddressLimit;
}

/**
 * A phone or a browser needs a handful of HTTP connections (browsers open six per host);
 * a sending mail server a few SMTP sessions. One address cannot take more than its share of
 * the process's sockets, so a flood from one machine leaves every other one served.
 */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  http: { perAddress: 32, loopbackPerAddress: 256 },
  smtp: { perAddress: 10, loopbackPerAddress: 50 },
};

/** Open connections per remote address, against a PerAddressLimit. */
export class AddressCounter {
  private readonly open = new Map<string, number>();

  constructor(private readonly limit: PerAddressLimit) {}

  /**
   * Counts one more connection from `ip` and returns the release function, or null (counting
   * nothing) when the address already holds its limit. IPv4-mapped IPv6 counts as IPv4.
   */
  acquire(ip: string | undefined): (() => void) | null {
    // No address: the socket is already gone, there is nothing to hold.
    if (ip === undefined) return () => undefined;
    const key = normalize(ip);
    const max = isLoopbackAddress(key) ? this.limit.loopbackPerAddress : this.limit.perAddress;
    const now = this.open.get(key) ?? 0;
    if (now >= max) return null;
    this.open.set(key, now + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(key) ?? 1) - 1;
      if (left <= 0) this.open.delete(key);
      else this.open.set(key, left);
    };
  }

  /** Connections open from `ip` now (tests, diagnostics). */
  count(ip: string): number {
    return this.open.get(normalize(ip)) ?? 0;
  }
}

function normalize(ip: string): string {
  return ipaddr.isValid(ip) ? ipaddr.process(ip).toString() : ip;
}

const TOO_MANY = JSON.stringify({ detail: 'Too many connections from your address.' });

/**
 * Refuses an HTTP connection the moment it is accepted: a 503 with a {detail} body goes out
 * in the same tick (a fresh socket writes straight to the kernel), then the socket is
 * destroyed, so no request on it ever reaches a route. A client that has already sent a large
 * body may see the connection reset instead of the 503.
 */
export function refuseHttpConnection(socket: Socket): void {
  socket.on('error', () => undefined);
  socket.end(
    'HTTP/1.1 503 Service Unavailable\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(TOO_MANY)}\r\n` +
      'Retry-After: 5\r\nConnection: close\r\n\r\n' +
      TOO_MANY,
  );
  socket.destroy();
}
