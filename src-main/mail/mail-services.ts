import { MAIL_LIMITS } from '../../src-shared/mail/limits.ts';
import type { Clock } from '../core/clock.ts';
import type { Logger } from '../core/logger.ts';
import type { Db } from '../db/open-database.ts';
import { DomainPool } from './domain-pool.ts';
import { ApiKeyStore } from './key-store.ts';
import { KeySessions } from './key-sessions.ts';
import { DEFAULT_LEASE_POLICY, LeaseService, type LeasePolicy } from './lease-service.ts';
import { LeaseStore } from './lease-store.ts';
import { LiveHub } from './live-hub.ts';
import type { Analyzer } from './analyze-message.ts';
import { MailControl } from './mail-control.ts';
import { MailDelivery } from './mail-delivery.ts';
import { MailReader } from './mail-reader.ts';
import { MailStore } from './mail-store.ts';
import { ParseQueue } from './parse-queue.ts';
import { RawInbox } from './raw-inbox.ts';
import { RawMail, type AttachmentExtractor } from './raw-mail.ts';
import { RawStore } from './raw-store.ts';
import { RetentionSweeper, type RetentionPolicy } from './retention.ts';
import { SignInCodes } from './sign-in-codes.ts';

/** Every part of the mail service, built on one database and one clock. */
export interface MailServices {
  keys: ApiKeyStore;
  /** WebSockets and long polls by the key they hold, ended when it is revoked. */
  sessions: KeySessions;
  domains: DomainPool;
  leases: LeaseService;
  store: MailStore;
  hub: LiveHub;
  reader: MailReader;
  /** Delete, empty, read/unread. */
  control: MailControl;
  delivery: MailDelivery;
  /** Parses committed raw messages into mails; start() at launch, stop() before closing. */
  parsing: ParseQueue;
  /** GET …/raw and …/attachments/{n}. */
  raw: RawMail;
  retention: RetentionSweeper;
  /** One-time codes that links carry instead of a key (pairing, sign-in). */
  signIn: SignInCodes;
}

export interface MailServiceOptions {
  /** --domain / EPHEMERA_DOMAINS; empty means the stored pool. */
  domains: readonly string[];
  /** Parsing and code extraction (a ParsePool in the app). */
  analyze: Analyzer;
  /** One attachment of a raw message, parsed on demand (a ParsePool in the app). */
  attachment: AttachmentExtractor;
  lease?: Partial<LeasePolicy>;
  retention?: Partial<RetentionPolicy>;
  /** Byte budget of one list or bulk answer (MAIL_LIMITS.responseBytes unless a test says). */
  responseBytes?: number;
}

export const DEFAULT_RETENTION_POLICY: RetentionPolicy = {
  retentionMs: MAIL_LIMITS.retentionHours * 3_600_000,
  batchSize: 500,
  sweepIntervalMs: 60_000,
};

/**
 * How long a list read waits for mail already answered 250 to that mailbox to be parsed
 * (parsing trails the 250 by milliseconds, seconds only in a burst of thousands).
 */
export const SETTLE_MS = 5_000;

export function createMailServices(
  db: Db,
  clock: Clock,
  options: MailServiceOptions,
  logger: (tag: string) => Logger,
): MailServices {
  const keys = new ApiKeyStore(db, clock);
  const sessions = new KeySessions(keys, logger('keys'));
  const domains = new DomainPool(db, clock, options.domains);
  const leases = new LeaseService(new LeaseStore(db), domains, clock, {
    ...DEFAULT_LEASE_POLICY,
    ...options.lease,
  });
  const store = new MailStore(db);
  const hub = new LiveHub(logger('live'));
  const raws = new RawStore(db);
  const parsing = new ParseQueue(raws, store, hub, options.analyze, logger('parse'));
  const inbox = new RawInbox(raws, clock, (items) => parsing.committed(items));
  const delivery = new MailDelivery(inbox, parsing);
  const reader = new MailReader(leases, store, hub, options.responseBytes, (email) =>
    parsing.settled(email, SETTLE_MS),
  );
  const control = new MailControl(leases, store);
  const raw = new RawMail(leases, store, raws, options.attachment);
  const retention = new RetentionSweeper(
    db,
    clock,
    { ...DEFAULT_RETENTION_POLICY, ...options.retention },
    logger('retention'),
  );
  return {
    keys,
    sessions,
    domains,
    leases,
    store,
    hub,
    reader,
    control,
    delivery,
    parsing,
    raw,
    retention,
    signIn: new SignInCodes(keys, clock),
  };
}
