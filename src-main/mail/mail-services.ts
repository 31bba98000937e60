import type { ConnectionOptions } from 'node:tls';
import { MAIL_LIMITS } from '../../src-shared/mail/limits.ts';
import type { Clock } from '../core/clock.ts';
import type { Logger } from '../core/logger.ts';
import type { Db } from '../db/open-database.ts';
import { DomainPool } from './access/domain-pool.ts';
import { ApiKeyStore } from './access/key-store.ts';
import { KeySessions } from './access/key-sessions.ts';
import { DEFAULT_LEASE_POLICY, LeaseService, type LeasePolicy } from './access/lease-service.ts';
import { LeaseStore } from './access/lease-store.ts';
import { LiveHub } from './push/live-hub.ts';
import { MailControl } from './read/mail-control.ts';
import { MailDelivery } from './smtp/mail-delivery.ts';
import { MailReader } from './read/mail-reader.ts';
import { MailSearch } from './store/mail-search.ts';
import { MailStore } from './store/mail-store.ts';
import { DEFAULT_PARSE_QUEUE, ParseQueue } from './parse/parse-queue.ts';
import { RawInbox } from './smtp/raw-inbox.ts';
import { RawMail } from './read/raw-mail.ts';
import type { ParsePool } from './parse/parse-pool.ts';
import { RawStore } from './store/raw-store.ts';
import { RetentionSweeper, type RetentionPolicy } from './store/retention.ts';
import type { WebhookPost } from './push/webhooks/webhook-sender.ts';
import { WebhookService } from './push/webhooks/webhook-service.ts';
import { WebhookStore } from './push/webhooks/webhook-store.ts';
import { WebhookWorker } from './push/webhooks/webhook-worker.ts';
import { DEFAULT_IMAP_TIMING, type ImapTiming } from './sources/imap-options.ts';
import { plainSecretBox, type SecretBox } from './sources/secret-box.ts';
import { SourceIngest } from './sources/source-ingest.ts';
import { SourceService, type SourceServiceDeps } from './sources/source-service.ts';
import { SourceStore } from './sources/source-store.ts';
import { SignInCodes } from './access/sign-in-codes.ts';

/** Every part of the mail service, built on one database and one clock. */
export interface MailServices {
  keys: ApiKeyStore;
  /** WebSockets and long polls by the key they hold, ended when it is revoked. */
  sessions: KeySessions;
  domains: DomainPool;
  leases: LeaseService;
  store: MailStore;
  /** Searching a mailbox (the full-text index and the has:/is: filters). */
  search: MailSearch;
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
  /** Webhook endpoints and the outbox every new mail writes to (mail/webhooks/). */
  webhooks: WebhookService;
  /** Delivers the outbox; start() at launch, stop() before closing. */
  webhookWorker: WebhookWorker;
  /** Mail sources (IMAP): start() after the parse queue, stop() before it. */
  sources: SourceService;
}

/** How mail sources run: the password's keeper, timing, extra TLS trust. */
export interface SourceOptions {
  /** The desktop app's safeStorage encryptor; plain in the private database otherwise. */
  box?: SecretBox;
  timing?: Partial<ImapTiming>;
  /** Extra TLS options for every source, e.g. a CA to trust besides the system's. */
  tls?: ConnectionOptions;
  /** OAuth sign-in: the device flow's wait and the loopback timeout (tests), release client ids. */
  oauth?: SourceServiceDeps['oauth'];
}

export interface MailServiceOptions {
  /** --domain / EPHEMERA_DOMAINS; empty means the stored pool. */
  domains: readonly string[];
  /** Parsing, code extraction and attachments, in worker threads (tests may fake it). */
  parser: Pick<ParsePool, 'analyze' | 'attachment'>;
  lease?: Partial<LeasePolicy>;
  retention?: Partial<RetentionPolicy>;
  /** Byte budget of one list or bulk answer (MAIL_LIMITS.responseBytes unless a test says). */
  responseBytes?: number;
  /** How a webhook event is POSTed (webhooks/webhook-sender.ts in the app). */
  webhookPost: WebhookPost;
  sources?: SourceOptions;
}

export const DEFAULT_RETENTION_POLICY: RetentionPolicy = {
  retentionMs: MAIL_LIMITS.retentionHours * 3_600_000,
  batchSize: 500,
  sweepIntervalMs: 60_000,
};

export function createMailServices(
  db: Db,
  clock: Clock,
  options: MailServiceOptions,
  logger: (tag: string) => Logger,
): MailServices {
  const keys = new ApiKeyStore(db, clock);
  const sessions = new KeySessions(keys, logger('keys'));
  const domains = new DomainPool(db, clock, options.domains);
  const leaseStore = new LeaseStore(db);
  const leases = new LeaseService(leaseStore, domains, clock, {
    ...DEFAULT_LEASE_POLICY,
    ...options.lease,
  });
  const store = new MailStore(db);
  const hub = new LiveHub(logger('live'));
  const raws = new RawStore(db);
  const webhookStore = new WebhookStore(db);
  const webhookWorker = new WebhookWorker(
    webhookStore,
    options.webhookPost,
    clock,
    logger('webhooks'),
  );
  const webhooks = new WebhookService(webhookStore, webhookWorker, clock, logger('webhooks'));
  // The path of one mail, each stage handed the next: SMTP (app/compose-mail.ts) → delivery →
  // inbox (raw commit) → parsing (worker pool) → store, then hub and webhooks.
  const parsing = new ParseQueue(raws, store, hub, options.parser, logger('parse'), {
    options: DEFAULT_PARSE_QUEUE,
    outbox: webhooks,
    leases,
  });
  const inbox = new RawInbox(raws, clock, parsing, store.searchIndex);
  const delivery = new MailDelivery(inbox, parsing);
  const search = new MailSearch(db, store.searchIndex);
  const reader = new MailReader(leases, store, search, hub, options.responseBytes, parsing);
  const control = new MailControl(leases, store);
  const raw = new RawMail(leases, store, raws, options.parser);
  const retention = new RetentionSweeper(
    db,
    clock,
    { ...DEFAULT_RETENTION_POLICY, ...options.retention },
    logger('retention'),
    leaseStore,
  );
  const sourceStore = new SourceStore(db);
  const sources = new SourceService({
    store: sourceStore,
    ingest: new SourceIngest(raws, sourceStore, parsing, clock),
    leases,
    box: options.sources?.box ?? plainSecretBox,
    clock,
    logger: logger('sources'),
    timing: { ...DEFAULT_IMAP_TIMING, ...options.sources?.timing },
    tls: options.sources?.tls,
    oauth: options.sources?.oauth,
  });
  return {
    keys,
    sessions,
    domains,
    leases,
    store,
    search,
    hub,
    reader,
    control,
    delivery,
    parsing,
    raw,
    retention,
    webhooks,
    webhookWorker,
    sources,
    signIn: new SignInCodes(keys, clock),
  };
}
