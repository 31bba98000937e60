import fs from 'node:fs';
import type { SMTPServer } from 'smtp-server';
import type { MxCheck } from '../../src-shared/api/server-settings.ts';
import type { Db } from '../db/open-database.ts';
import type { StreamOptions } from '../http/mail-stream.ts';
import { DEFAULT_STREAM_OPTIONS } from '../http/ws-routes.ts';
import type { LeasePolicy } from '../mail/access/lease-service.ts';
import { checkMx, systemMxResolver, type MxResolver } from '../mail/access/mx-check.ts';
import { DEFAULT_KEY_WATCH_MS } from '../mail/access/key-sessions.ts';
import { ParsePool, type ParsePoolHooks } from '../mail/parse/parse-pool.ts';
import {
  createMailServices,
  type MailServices,
  type SourceOptions,
} from '../mail/mail-services.ts';
import type { RetentionPolicy } from '../mail/store/retention.ts';
import {
  createSmtpServer,
  DEFAULT_SMTP_TIMEOUTS,
  type SmtpTimeouts,
} from '../mail/smtp/smtp-ingest.ts';
import type { Clock } from '../core/clock.ts';
import { StartupError } from '../core/startup-error.ts';
import type { PerAddressLimit } from '../net/connection-limits.ts';
import { createLogger } from '../core/logger.ts';
import { WEBHOOK_LIMITS } from '../../src-shared/api/webhooks.ts';
import { createSender, type WebhookPost } from '../mail/push/webhooks/webhook-sender.ts';

/** Replaceable parts of the mail service, for tests and benchmarks. */
export interface MailOverrides {
  lease?: Partial<LeasePolicy>;
  retention?: Partial<RetentionPolicy>;
  stream?: Partial<StreamOptions>;
  /** Parse worker threads (default: ParsePool's, from the CPU count). */
  parseWorkers?: number;
  /** Test seams of the parse pool (holding a job in its worker). */
  parseHooks?: ParsePoolHooks;
  /** How often to look for key changes made by another process (DEFAULT_KEY_WATCH_MS). */
  keyWatchMs?: number;
  smtpTimeouts?: Partial<SmtpTimeouts>;
  /** Byte budget of a list or bulk answer and of a WebSocket replay step. */
  responseBytes?: number;
  /** Raw bytes of SMTP messages in progress at once (MAIL_LIMITS.smtpInFlightBytes). */
  smtpInFlightBytes?: number;
  /** One webhook try's deadline (WEBHOOK_LIMITS.timeoutMs). */
  webhookTimeoutMs?: number;
  /** Replaces the webhook HTTP client (the real one otherwise). */
  webhookPost?: WebhookPost;
  /** Mail sources: the desktop app's password encryptor, timing and extra CAs (tests). */
  sources?: SourceOptions;
}

export interface MailConfig {
  domains: readonly string[];
  smtpTlsKey?: string | null;
  smtpTlsCert?: string | null;
  mailRetentionHours?: number;
}

export interface MailParts {
  mail: MailServices;
  smtp: SMTPServer;
  stream: StreamOptions;
  /** The key made because none existed (a first run); shown once, then only its hash is kept. */
  initialApiKey: string | null;
  /** The MX records of a domain, for the settings screen. */
  checkMx(domain: string): Promise<MxCheck>;
  /** Stops the parse workers (after SMTP has closed) and the key watch. */
  close(): Promise<void>;
}

/** Builds the mail service and its SMTP server (not listening yet). */
export function composeMail(
  db: Db,
  clock: Clock,
  config: MailConfig,
  overrides: MailOverrides & {
    quiet?: boolean;
    smtpLimit?: PerAddressLimit;
    resolveMx?: MxResolver;
  },
): MailParts {
  const logger = (tag: string) => createLogger(tag, overrides.quiet);
  const retentionMs =
    config.mailRetentionHours === undefined ? undefined : config.mailRetentionHours * 3_600_000;
  // MIME parsing (mailparser, htmlparser2) lives only in the workers: the main process never
  // loads it, which keeps about 30 MB out of its idle memory.
  const pool = new ParsePool(
    logger('parse'),
    overrides.parseWorkers,
    undefined,
    undefined,
    undefined,
    overrides.parseHooks,
  );
  const sender = createSender({
    timeoutMs: overrides.webhookTimeoutMs ?? WEBHOOK_LIMITS.timeoutMs,
    replyBytes: WEBHOOK_LIMITS.replyBytes,
    userAgent: 'Ephemera-Webhooks',
  });
  const mail = createMailServices(
    db,
    clock,
    {
      domains: config.domains,
      parser: pool,
      lease: overrides.lease,
      retention: { ...(retentionMs === undefined ? {} : { retentionMs }), ...overrides.retention },
      responseBytes: overrides.responseBytes,
      webhookPost: overrides.webhookPost ?? sender.post,
      sources: overrides.sources,
    },
    logger,
  );
  const stopKeyWatch = mail.sessions.watch(db, overrides.keyWatchMs ?? DEFAULT_KEY_WATCH_MS);
  // What a previous run acknowledged but did not parse is parsed now.
  mail.parsing.start();
  // What a previous run wrote to the webhook outbox and did not deliver is tried now.
  mail.webhookWorker.start();
  mail.sources.start();
  const initialApiKey = mail.keys.count() === 0 ? mail.keys.create('first run').key : null;
  const smtp = createSmtpServer({
    leases: mail.leases,
    delivery: mail.delivery,
    logger: logger('smtp'),
    tls: readTls(config),
    timeouts: { ...DEFAULT_SMTP_TIMEOUTS, ...overrides.smtpTimeouts },
    perAddress: overrides.smtpLimit,
    maxInFlightBytes: overrides.smtpInFlightBytes,
  });
  const resolveMx = overrides.resolveMx ?? systemMxResolver();
  return {
    mail,
    smtp,
    stream: {
      ...DEFAULT_STREAM_OPTIONS,
      ...(overrides.responseBytes === undefined ? {} : { replayBytes: overrides.responseBytes }),
      ...overrides.stream,
    },
    initialApiKey,
    checkMx: (domain) => checkMx(domain, resolveMx),
    close: async () => {
      stopKeyWatch();
      // Sources first: a message being fetched is committed (or not) before parsing stops.
      await mail.sources.stop();
      // Closing the pool fails the jobs in flight, so the batch in progress ends at once (its
      // messages stay pending for the next start) instead of waiting for a slow parse.
      const parsing = mail.parsing.stop();
      await pool.close();
      await parsing;
      await mail.webhookWorker.stop();
      await sender.close();
    },
  };
}

function readTls(config: MailConfig): { key: Buffer; cert: Buffer } | null {
  if (!config.smtpTlsKey || !config.smtpTlsCert) return null;
  try {
    return { key: fs.readFileSync(config.smtpTlsKey), cert: fs.readFileSync(config.smtpTlsCert) };
  } catch (err) {
    throw new StartupError(
      `Cannot read the SMTP TLS key or certificate: ${(err as Error).message}`,
    );
  }
}
