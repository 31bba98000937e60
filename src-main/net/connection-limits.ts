import type { Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import { boundedMemo } from '../core/bounded-memo.ts';

/** How many connections one client may hold open at once on one service. */
export interface PerAddressLimit {
  /** For a client elsewhere: one IPv4 address, or one IPv6 /64 (clientKey). */
  perAddress: number;
  /**
   * For this machine as a whole: every address of 127.0.0.0/8 and ::1 counts as one client,
   * since any local account can bind any of them. Higher: the desktop window, local scripts,
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
 * a sending mail server a few SMTP sessions. One client cannot take more than its share of
 * the process's sockets, so a flood from one machine leaves every other one served.
 */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  http: { perAddress: 32, loopbackPerAddress: 256 },
  smtp: { perAddress: 10, loopbackPerAddress: 50 },
};

/**
 * The client an address belongs to, as far as it cannot step out of it by choosing a source
 * address: every loopback address (127.0.0.0/8, ::1, and their IPv4-mapped forms) is this one
 * machine; an IPv4-mapped IPv6 address is its IPv4 address; an IPv6 peer is its /64, the block
 * one home or phone network is given. Used by the connection limits and the rate limits, which
 * ask on every request with nearly always the same few addresses: remembered (~1.6 µs each).
 */
export const clientKey = boundedMemo(clientKeyOf, 256);

function clientKeyOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.range() === 'loopback') return 'loopback';
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}

/** One open connection as the counter sees it. */
export interface Slot {
  /** May it be closed to make room: nothing in progress that closing would lose, no key seen. */
  evictable(): boolean;
  /** When it last did something (any increasing number); the oldest goes first. */
  lastActive(): number;
  /** Closes it; its release then counts nothing (the place was already given away). */
  evict(): void;
}

interface Held {
  slot: Slot;
  released: boolean;
}

/**
 * Open connections per client (clientKey) against a PerAddressLimit. A client at its limit
 * does not simply lock itself out: the new connection takes the place of the client's
 * longest-idle connection that may be closed (Slot.evictable), so a flood of idle sockets
 * cannot keep out the user's own UI or keyed requests from the same machine; only when every
 * held connection is busy or keyed is the new one refused.
 */
export class AddressCounter {
  private readonly open = new Map<string, Set<Held>>();

  constructor(private readonly limit: PerAddressLimit) {}

  /**
   * Counts one more connection from `ip` and returns its release function, or null (counting
   * nothing) when the client holds its limit and none of its connections may be closed.
   */
  acquire(ip: string | undefined, slot: Slot = PINNED): (() => void) | null {
    // No address: the socket is already gone, there is nothing to hold.
    if (ip === undefined) return () => undefined;
    const key = clientKey(ip);
    const max = key === 'loopback' ? this.limit.loopbackPerAddress : this.limit.perAddress;
    let held = this.open.get(key);
    if (!held) this.open.set(key, (held = new Set()));
    if (held.size >= max && !this.evictOne(held)) {
      if (held.size === 0) this.open.delete(key);
      return null;
    }
    const entry: Held = { slot, released: false };
    held.add(entry);
    return () => this.release(key, entry);
  }

  /** Connections open from `ip`'s client now (tests, diagnostics). */
  count(ip: string): number {
    return this.open.get(clientKey(ip))?.size ?? 0;
  }

  private evictOne(held: Set<Held>): boolean {
    let victim: Held | null = null;
    for (const entry of held) {
      if (!entry.slot.evictable()) continue;
      if (!victim || entry.slot.lastActive() < victim.slot.lastActive()) victim = entry;
    }
    if (!victim) return false;
    victim.released = true;
    held.delete(victim);
    victim.slot.evict();
    return true;
  }

  private release(key: string, entry: Held): void {
    if (entry.released) return;
    entry.released = true;
    const held = this.open.get(key);
    held?.delete(entry);
    if (held?.size === 0) this.open.delete(key);
  }
}

/** A connection that is never closed to make room (callers that track no activity). */
const PINNED: Slot = { evictable: () => false, lastActive: () => 0, evict: () => undefined };

/** What the HTTP layer tells the counter about a socket (connection-activity below). */
interface SocketActivity {
  /** A request on it is being handled or answered. */
  busy: boolean;
  /** A request on it carried a usable API key: the user's own client. */
  keyed: boolean;
  lastActive: number;
}

const activity = new WeakMap<Socket, SocketActivity>();
let tick = 0;

function activityOf(socket: Socket): SocketActivity {
  let state = activity.get(socket);
  if (!state) activity.set(socket, (state = { busy: false, keyed: false, lastActive: ++tick }));
  return state;
}

/**
 * What the HTTP routes report about the sockets requests came in on, so the connection limit
 * closes idle, keyless sockets first (httpSlot).
 */
export const connectionActivity = {
  /** A request's body is in and it is being handled (until requestDone). */
  requestStarted(socket: Socket): void {
    const state = activityOf(socket);
    state.busy = true;
    state.lastActive = ++tick;
  },
  requestDone(socket: Socket): void {
    const state = activityOf(socket);
    state.busy = false;
    state.lastActive = ++tick;
  },
  /** A request on this socket carried a usable API key. */
  keyed(socket: Socket): void {
    activityOf(socket).keyed = true;
  },
};

/**
 * The Slot of an HTTP socket: it may be closed while no request on it is being handled and none
 * ever carried a key (a socket that sends nothing, sends headers slowly, trickles a body or sits
 * idle between requests). Closing it costs its client one reconnect at most.
 */
export function httpSlot(socket: Socket): Slot {
  activityOf(socket);
  return {
    evictable: () => {
      const state = activityOf(socket);
      return !state.busy && !state.keyed;
    },
    lastActive: () => activityOf(socket).lastActive,
    evict: () => socket.destroy(),
  };
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
