import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { SMTPServer } from 'smtp-server';
import type { Dispatcher } from 'undici';
import { VIDEO_LIMITS } from '../../src-shared/video/limits.ts';
import { openDatabase } from '../db/open-database.ts';
import { createHttpServer } from '../http/create-server.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../http/rate-limit.ts';
import type { MailServices } from '../mail/mail-services.ts';
import { MediaStore } from '../video/media-store.ts';
import { createDispatcher } from '../video/outbound/dispatcher.ts';
import type { Resolver } from '../video/outbound/address-guard.ts';
import { OutboundClient } from '../video/outbound/outbound-client.ts';
import { createDefaultRegistry } from '../video/platforms/default-registry.ts';
import type { PlatformRegistry } from '../video/platforms/registry.ts';
import { TaskScheduler, type SchedulerLimits } from '../video/scheduler.ts';
import { TaskRunner } from '../video/task-runner.ts';
import { TaskStore } from '../video/task-store.ts';
import { VideoService } from '../video/video-service.ts';
import { webUiDir } from './app-paths.ts';
import { systemClock, type Clock } from './clock.ts';
import { composeMail, type MailConfig, type MailOverrides } from './compose-mail.ts';
import { StartupError, type AppConfig } from './config.ts';
import { createLogger } from './logger.ts';

/** Replaceable parts, for tests and benchmarks; a normal start passes none. */
export interface AppOverrides {
  clock?: Clock;
  /** Transport for outbound requests (a test proxy or a connector to a local simulator). */
  dispatcher?: Dispatcher;
  resolver?: Resolver;
  registry?: PlatformRegistry;
  freeBytes?: () => number;
  limits?: Partial<SchedulerLimits>;
  maxFileBytes?: number;
  /** Tries per media mirror and first back-off of the download retries. */
  retry?: { attempts: number; baseDelayMs: number };
  rateLimits?: Partial<RateLimits>;
  mail?: MailOverrides;
  quiet?: boolean;
}

/** What startApp needs: the config, with the mail-only settings optional. */
export type StartConfig = Omit<AppConfig, keyof MailConfig> & MailConfig;

export interface RunningApp {
  httpUrl: string;
  smtpHost: string;
  smtpPort: number;
  video: VideoService;
  scheduler: TaskScheduler;
  mail: MailServices;
  /** Set on a first run (no API key existed): print it once. */
  initialApiKey: string | null;
  stop(): Promise<void>;
}

export const DEFAULT_SCHEDULER_LIMITS: SchedulerLimits = {
  slots: VIDEO_LIMITS.slots,
  concurrency: VIDEO_LIMITS.concurrentDownloads,
  retentionMs: VIDEO_LIMITS.retentionSeconds * 1000,
  timeoutMs: VIDEO_LIMITS.taskTimeoutSeconds * 1000,
  sweepIntervalMs: VIDEO_LIMITS.sweepIntervalMs,
};

/** The composition root: opens storage, builds every service, starts HTTP and SMTP. */
export async function startApp(
  config: StartConfig,
  overrides: AppOverrides = {},
): Promise<RunningApp> {
  const logger = createLogger('app', overrides.quiet);
  const clock = overrides.clock ?? systemClock;
  const db = openDatabase(path.join(config.dataDir, 'ephemera.db'));
  const media = new MediaStore(path.join(config.dataDir, 'media'));
  const dispatcher =
    overrides.dispatcher ?? createDispatcher({ proxy: config.proxy, resolver: overrides.resolver });
  const runner = new TaskRunner({
    registry: overrides.registry ?? createDefaultRegistry(),
    http: new OutboundClient(dispatcher),
    media,
    maxFileBytes: overrides.maxFileBytes ?? VIDEO_LIMITS.maxFileBytes,
    retry: overrides.retry,
  });
  const scheduler = new TaskScheduler({
    store: new TaskStore(db),
    media,
    runner,
    clock,
    limits: { ...DEFAULT_SCHEDULER_LIMITS, ...overrides.limits },
    logger: createLogger('scheduler', overrides.quiet),
  });
  scheduler.start();
  const video = new VideoService({ scheduler, media, clock, freeBytes: overrides.freeBytes });
  const mailParts = composeMail(db, clock, config, {
    ...overrides.mail,
    quiet: overrides.quiet,
  });
  const { mail, smtp } = mailParts;
  const http = await createHttpServer({
    video,
    mail,
    clock,
    stream: mailParts.stream,
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...overrides.rateLimits },
    logger: createLogger('http', overrides.quiet),
    webUiDir: webUiDir(),
  });
  try {
    await listenOrExplain('HTTP', '--port', config.port, () =>
      http.listen({ host: config.host, port: config.port }),
    );
    await listenOrExplain('SMTP', '--smtp-port', config.smtpPort, () => listenSmtp(smtp, config));
  } catch (err) {
    scheduler.stop();
    await http.close();
    await mailParts.close();
    db.close();
    throw err;
  }
  const smtpLogger = createLogger('smtp', overrides.quiet);
  smtp.on('error', (err) => smtpLogger.error('server error', err));
  const httpPort = (http.server.address() as AddressInfo).port;
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  mail.retention.start();
  let stopped = false;
  return {
    httpUrl: `http://${hostForUrl(config.host)}:${httpPort}`,
    smtpHost: config.host,
    smtpPort,
    video,
    scheduler,
    mail,
    initialApiKey: mailParts.initialApiKey,
    async stop() {
      if (stopped) return;
      stopped = true;
      scheduler.stop();
      await mail.retention.stop();
      await Promise.allSettled([
        http.close(),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
      await mailParts.close();
      if (!overrides.dispatcher) await dispatcher.close().catch(() => undefined);
      db.close();
      logger.info('stopped');
    },
  };
}

function listenSmtp(smtp: SMTPServer, config: StartConfig): Promise<void> {
  return new Promise((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(config.smtpPort, config.host, () => {
      smtp.off('error', reject);
      resolve();
    });
  });
}

/** Turns "address in use" and friends into a sentence that names the option to change. */
async function listenOrExplain(
  what: string,
  flag: string,
  port: number,
  listen: () => Promise<unknown>,
): Promise<void> {
  try {
    await listen();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new StartupError(
        `${what} port ${port} is already in use; choose another with ${flag}.`,
      );
    }
    if (code === 'EACCES') {
      throw new StartupError(
        `${what} port ${port} needs privileges; choose one above 1024 with ${flag}.`,
      );
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      throw new StartupError(`This machine has no address matching --host; check it.`);
    }
    throw err;
  }
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
