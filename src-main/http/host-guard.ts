import net from 'node:net';
import ipaddr from 'ipaddr.js';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/app-error.ts';
import { boundedMemo } from '../core/bounded-memo.ts';
import { canonicalIp, normalizeHostName } from '../core/host-name.ts';
import { isLoopbackAddress } from '../core/loopback.ts';

/** Which names, beyond this machine's loopback ones, the HTTP server answers to right now. */
export interface HostPolicy {
  /** Names the user added under Settings → Allowed host names (normalised, no port). */
  allowedHosts(): readonly string[];
  /** Addresses of this machine reachable from the LAN now (empty while LAN sharing is off). */
  lanAddresses(): readonly string[];
}

/** `name[:port]` or `[v6][:port]`: the name and the brackets' content, the port ignored. */
const HOST_HEADER = /^(?:\[([0-9a-fA-F:.]+)\]|([^\s:[\]/\\@?#]+))(?::\d{0,5})?$/;

/**
 * The host name a Host header names, lower-case, without its port, brackets or a trailing dot;
 * IP literals in their canonical form. Null for a missing or malformed header.
 */
export function hostFromHeader(header: string | undefined): string | null {
  return header === undefined ? null : parseHostHeader(header);
}

/**
 * Every request asks these two (IP parsing: ~3 µs a request, bench/polling.ts); the answers
 * depend on the header alone, so they are remembered, within bounds.
 */
const MEMO_ENTRIES = 256;
const parseHostHeader = boundedMemo(hostOfHeader, MEMO_ENTRIES);
const isThisMachineName = boundedMemo(
  // 0.0.0.0 and :: connect to this machine; no DNS name (rebinding) can produce them.
  (host) =>
    host === 'localhost' ||
    (net.isIP(host) !== 0 && (isLoopbackAddress(host) || isUnspecified(host))),
  MEMO_ENTRIES,
);

function hostOfHeader(header: string): string | null {
  const match = HOST_HEADER.exec(header.trim());
  if (!match) return null;
  const bracketed = match[1];
  if (bracketed !== undefined) return net.isIPv6(bracketed) ? canonicalIp(bracketed) : null;
  return normalizeHostName(match[2] ?? '');
}

function isUnspecified(ip: string): boolean {
  return ipaddr.process(ip).range() === 'unspecified';
}

/** True when `host` (as hostFromHeader gives it) names this server for `policy`. */
export function isAllowedHost(host: string, policy: HostPolicy): boolean {
  if (isThisMachineName(host)) return true;
  if (policy.allowedHosts().includes(host)) return true;
  // Only an IP literal can be one of this machine's addresses; names need the allowlist.
  return net.isIP(host) !== 0 && policy.lanAddresses().some((a) => normalizeHostName(a) === host);
}

/**
 * The first check of every request, WebSocket upgrades included (@fastify/websocket routes
 * upgrades through the same hooks): a Host that is not this machine's is refused before any
 * route runs. A page on a DNS name the attacker controls, re-pointed at 127.0.0.1 (DNS
 * rebinding), reaches this server with that name as its Host, and is stopped here.
 */
export function registerHostGuard(app: FastifyInstance, policy: HostPolicy): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.host;
    const host = hostFromHeader(header);
    if (host === null) {
      return done(
        new AppError(
          'HOST_MISSING',
          header === undefined
            ? 'The request has no Host header.'
            : 'The Host header is not a host name.',
        ),
      );
    }
    if (isAllowedHost(host, policy)) return done();
    done(
      new AppError(
        'HOST_NOT_ALLOWED',
        `Host '${host}' is not allowed. If you reach Ephemera through this name (a reverse proxy, a DNS name for this computer), add it under Settings → Allowed host names (allowed_hosts).`,
      ),
    );
  });
}
