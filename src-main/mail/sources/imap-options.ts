import type { ConnectionOptions } from 'node:tls';
import type { ImapFlowOptions } from 'imapflow';
import type { SourceRecord } from './source-store.ts';
import { IMAP_LIMITS } from './imap-limits.ts';
import type { ImapCredential } from './source-auth.ts';

export interface ImapTiming {
  /** Waits before reconnecting after a network failure, in order; the last one repeats. */
  backoffMs: readonly number[];
  /** A fetch round without IDLE (and a safety round with it), in ms. */
  pollMs: number;
  /** IDLE is ended and issued again this often (servers drop long IDLEs; Gmail ~10 min). */
  maxIdleMs: number;
  /** Connection and greeting timeout. */
  connectMs: number;
  /** A command in flight with nothing received for this long fails the connection. */
  socketMs: number;
  /** Longest a SEARCH or FETCH may take in all, however the server trickles its answer. */
  commandMs: number;
  /**
   * A connection must stay up this long before the backoff starts over: a server that fails
   * right after the mailbox opens is not retried every second.
   */
  healthyMs: number;
}

export const DEFAULT_IMAP_TIMING: ImapTiming = {
  backoffMs: [1_000, 2_000, 5_000, 15_000, 30_000, 60_000, 300_000],
  pollMs: 60_000,
  maxIdleMs: 9 * 60_000,
  connectMs: 30_000,
  socketMs: 60_000,
  // 10 MiB at about 100 kB/s.
  commandMs: 120_000,
  healthyMs: 60_000,
};

/** The imapflow options for a source: TLS verified, plain text only where the checks allowed it. */
export function imapOptions(
  record: Pick<SourceRecord, 'host' | 'port' | 'tls' | 'username'>,
  credential: ImapCredential,
  timing: Pick<ImapTiming, 'maxIdleMs' | 'connectMs' | 'socketMs'>,
  tls: ConnectionOptions = {},
): ImapFlowOptions {
  return {
    host: record.host,
    port: record.port,
    secure: record.tls === 'implicit',
    doSTARTTLS: record.tls === 'starttls',
    auth: { user: record.username, ...credential },
    tls: { ...tls, rejectUnauthorized: true, minVersion: 'TLSv1.2' },
    logger: false,
    clientInfo: { name: 'Ephemera' },
    maxIdleTime: timing.maxIdleMs,
    connectionTimeout: timing.connectMs,
    greetingTimeout: timing.connectMs,
    socketTimeout: timing.socketMs,
    maxLiteralSize: IMAP_LIMITS.maxLiteralSize,
    maxLineLength: IMAP_LIMITS.maxLineLength,
    maxResponseSize: IMAP_LIMITS.maxResponseSize,
    autoIdleDelay: 100,
  };
}
