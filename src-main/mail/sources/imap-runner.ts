import type { ConnectionOptions } from 'node:tls';
import type { ImapFlow, ImapFlowOptions } from 'imapflow';
import { loadImapFlow } from './imap-client.ts';
import { MAIL_LIMITS } from '../../../src-shared/mail/limits.ts';
import type { SourceState } from '../../../src-shared/mail/sources.ts';
import type { Clock } from '../../core/clock.ts';
import type { Logger } from '../../core/logger.ts';
import { readHeaderFields, type HeaderField } from '../message-headers.ts';
import { describeFailure, MailboxMissing, type SourceFailure } from './imap-errors.ts';
import type { SourceIngest } from './source-ingest.ts';
import type { SourceRecord } from './source-store.ts';

export interface ImapTiming {
  /** Waits before reconnecting after a network failure, in order; the last one repeats. */
  backoffMs: readonly number[];
  /** A fetch round without IDLE (and a safety round with it), in ms. */
  pollMs: number;
  /** IDLE is ended and issued again this often (servers drop long IDLEs; Gmail ~10 min). */
  maxIdleMs: number;
  /** Connection and greeting timeout. */
  connectMs: number;
}

export const DEFAULT_IMAP_TIMING: ImapTiming = {
  backoffMs: [1_000, 2_000, 5_000, 15_000, 30_000, 60_000, 300_000],
  pollMs: 60_000,
  maxIdleMs: 9 * 60_000,
  connectMs: 30_000,
};

/** Messages whose headers are read per FETCH round (the rest follow in the next round). */
const HEADER_BATCH = 200;

export interface RunnerDeps {
  /** The source as stored now (its cursor moves as mail is taken). */
  record(): SourceRecord | null;
  password: string;
  ingest: SourceIngest;
  /** The leases a message's headers route it to (recipient-routing.ts). */
  route(fields: readonly HeaderField[]): string[];
  /** Told of every state change; `error` carries the words. */
  onState(state: SourceState, error: string | null): void;
  /** A lasting failure stopped the source (stored, so a restart does not retry it). */
  onStopped(error: string): void;
  logger: Logger;
  clock: Clock;
  timing: ImapTiming;
  /** Extra TLS settings (extra trusted CAs); verification is never turned off. */
  tls?: ConnectionOptions;
}

/** The imapflow options for a source: TLS verified, plain text only where the checks allowed it. */
export function imapOptions(
  record: Pick<SourceRecord, 'host' | 'port' | 'tls' | 'username'>,
  password: string,
  timing: Pick<ImapTiming, 'maxIdleMs' | 'connectMs' | 'pollMs'>,
  tls: ConnectionOptions = {},
): ImapFlowOptions {
  return {
    host: record.host,
    port: record.port,
    secure: record.tls === 'implicit',
    doSTARTTLS: record.tls === 'starttls',
    auth: { user: record.username, pass: password },
    tls: { ...tls, rejectUnauthorized: true, minVersion: 'TLSv1.2' },
    logger: false,
    clientInfo: { name: 'Ephemera' },
    maxIdleTime: timing.maxIdleMs,
    connectionTimeout: timing.connectMs,
    greetingTimeout: timing.connectMs,
    autoIdleDelay: 100,
  };
}

/**
 * One source's connection: connect, log in, open the mailbox, take what arrived after the
 * cursor, then wait in IDLE (or poll where the server has none) and take each new message.
 * A network failure reconnects after a growing pause; a lasting one (password, certificate,
 * mailbox) stops the runner and says why.
 */
export class ImapSourceRunner {
  private stopped = false;
  private client: ImapFlow | null = null;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private draining: Promise<void> | null = null;
  private again = false;

  constructor(private readonly deps: RunnerDeps) {}

  start(): void {
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    const client = this.client;
    if (client) client.close();
    await this.loop;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      this.deps.onState('connecting', null);
      let failure: SourceFailure;
      let connected = false;
      try {
        connected = await this.session();
        if (this.stopped) return;
        failure = { text: 'connection lost', lasting: false };
      } catch (err) {
        if (this.stopped) return;
        failure = describeFailure(err);
      }
      if (failure.lasting) {
        this.deps.logger.warn(`source ${this.id()} stopped: ${failure.text}`);
        this.deps.onStopped(failure.text);
        this.deps.onState('error', failure.text);
        return;
      }
      if (connected) failures = 0;
      const backoff = this.deps.timing.backoffMs;
      const pause = backoff[Math.min(failures, backoff.length - 1)] ?? 60_000;
      failures++;
      this.deps.onState('error', failure.text);
      this.deps.logger.warn(`source ${this.id()}: ${failure.text}; again in ${pause} ms`);
      await this.pause(pause);
    }
  }

  /** One connection, until it closes; true if it got as far as the open mailbox. */
  private async session(): Promise<boolean> {
    const record = this.deps.record();
    if (!record) return false;
    const Client = await loadImapFlow();
    const client = new Client(
      imapOptions(record, this.deps.password, this.deps.timing, this.deps.tls),
    );
    this.client = client;
    // imapflow reports socket errors here too; the 'close' that follows ends the session.
    client.on('error', (err: Error) =>
      this.deps.logger.warn(`source ${record.id}: ${err.message}`),
    );
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    try {
      await client.connect();
      if (this.stopped) return false;
      try {
        await client.mailboxOpen(record.mailbox);
      } catch (err) {
        if (client.usable) throw new MailboxMissing(record.mailbox);
        throw err;
      }
      client.on('exists', () => this.kick(client));
      const poll = setInterval(() => this.kick(client), this.deps.timing.pollMs);
      poll.unref();
      try {
        this.kick(client);
        await this.draining;
        this.deps.onState('idle', null);
        await closed;
      } finally {
        clearInterval(poll);
      }
      return true;
    } finally {
      this.client = null;
      client.close();
    }
  }

  /** Takes new mail now, or right after the round in progress. */
  private kick(client: ImapFlow): void {
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = (async () => {
      do {
        this.again = false;
        try {
          await this.drain(client);
        } catch (err) {
          if (!this.stopped) {
            this.deps.logger.warn(`source ${this.id()}: fetch failed: ${(err as Error).message}`);
          }
          // The connection is broken (its 'close' ends the session) or will be closed.
          client.close();
          return;
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.draining = null;
    });
  }

  /** Every message after the cursor, in UID order, each taken or skipped before the next. */
  private async drain(client: ImapFlow): Promise<void> {
    for (let round = 0; round < 10_000 && !this.stopped; round++) {
      const record = this.deps.record();
      const mailbox = client.mailbox;
      if (!record || !mailbox) return;
      const uidValidity = String(mailbox.uidValidity);
      if (record.uidValidity !== uidValidity) {
        await this.startAtEnd(client, record, uidValidity);
        continue;
      }
      const from = record.lastUid + 1;
      const found = await client.fetchAll(
        `${from}:*`,
        { uid: true, size: true, headers: true },
        { uid: true },
      );
      // `n:*` names the last message even when its UID is below n.
      const fresh = found
        .filter((m) => m.uid >= from)
        .sort((a, b) => a.uid - b.uid)
        .slice(0, HEADER_BATCH);
      if (fresh.length === 0) return;
      for (const message of fresh) {
        if (this.stopped) return;
        await this.takeOne(client, record, uidValidity, message);
      }
    }
  }

  private async takeOne(
    client: ImapFlow,
    record: SourceRecord,
    uidValidity: string,
    message: { uid: number; size?: number; headers?: Buffer },
  ): Promise<void> {
    const leases = message.headers ? this.deps.route(readHeaderFields(message.headers)) : [];
    const tooBig = (message.size ?? 0) > MAIL_LIMITS.maxMessageBytes;
    if (leases.length === 0 || tooBig) {
      // Left exactly as it is on the server: no flag set, nothing moved.
      if (tooBig && leases.length > 0) {
        this.deps.logger.warn(`source ${record.id}: message ${message.uid} is over 10 MiB, left`);
      }
      this.deps.ingest.skip(record.id, uidValidity, message.uid);
      return;
    }
    const full = await client.fetchOne(String(message.uid), { source: true }, { uid: true });
    if (!full || !full.source) {
      this.deps.ingest.skip(record.id, uidValidity, message.uid);
      return;
    }
    this.deps.ingest.take(record.id, uidValidity, message.uid, full.source, leases);
    this.deps.onState('idle', null);
    if (record.afterIngest === 'seen') {
      await client.messageFlagsAdd(String(message.uid), ['\\Seen'], { uid: true });
    } else if (record.afterIngest === 'delete') {
      await client.messageDelete(String(message.uid), { uid: true });
    }
  }

  /**
   * A new source (or a mailbox whose UIDVALIDITY changed, so old UIDs mean nothing): start at
   * the mailbox's current end, or at the first message of the last `sinceMs`.
   */
  private async startAtEnd(client: ImapFlow, record: SourceRecord, uidValidity: string) {
    const status = await client.status(record.mailbox, { uidNext: true });
    const uidNext =
      (status ? status.uidNext : undefined) ?? (client.mailbox ? client.mailbox.uidNext : 1);
    let start = Math.max(0, uidNext - 1);
    if (record.sinceMs > 0) {
      // SEARCH SINCE has day granularity: the arrival times decide within that day.
      const cutoff = this.deps.clock.now() - record.sinceMs;
      const uids = await client.search({ since: new Date(cutoff) }, { uid: true });
      if (uids && uids.length > 0) {
        const dated = await client.fetchAll(
          uids.join(','),
          { uid: true, internalDate: true },
          { uid: true },
        );
        const recent = dated
          .filter((m) => m.internalDate && new Date(m.internalDate).getTime() >= cutoff)
          .map((m) => m.uid);
        if (recent.length > 0) start = Math.min(start, Math.min(...recent) - 1);
      }
    }
    if (record.uidValidity !== null) {
      this.deps.logger.warn(`source ${record.id}: UIDVALIDITY changed; starting at the end`);
    }
    this.deps.ingest.reset(record.id, uidValidity, start);
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
    });
  }

  private id(): string {
    return this.deps.record()?.id ?? '?';
  }
}
