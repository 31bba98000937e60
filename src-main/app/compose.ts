import path from 'node:path';
import type os from 'node:os';
import type { MxCheck } from '../../src-shared/api/server-settings.ts';
import type { Dispatcher } from 'undici';
import { VIDEO_LIMITS } from '../../src-shared/video/limits.ts';
import { DATABASE_FILE, openDatabaseOrStartFresh } from '../db/open-database.ts';
import { createHttpServer } from '../http/create-server.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../http/rate-limit.ts';
import { DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from '../http/server-timeouts.ts';
import type { MailServices } from '../mail/mail-services.ts';
import type { OpenFile } from '../video/downloader.ts';
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
import { checkMx, systemMxResolver, type MxResolver } from '../mail/mx-check.ts';
import { appVersion, webUiDir } from './app-paths.ts';
import { systemClock, type Clock } from '../core/clock.ts';
import { composeMail, type MailConfig, type MailOverrides } from './compose-mail.ts';
import type { AppConfig } from './config.ts';
import { Listeners, type PortTakenHandler } from '../core/listeners.ts';
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from '../core/connection-limits.ts';
import { createLogger } from '../core/logger.ts';
import { prepareDataFolder } from '../core/private-files.ts';
import { SettingsService } from '../settings/settings-service.ts';
import { SETTINGS_FILE_NAME, settingsFile } from '../settings/settings-file.ts';
import { applyStoredSettings } from '../settings/stored-settings.ts';

/** Replaceable parts, for tests and benchmarks; a normal start passes none. */
export interface AppOverrides {
  clock?: Clock;
  /** Transport for outbound requests (a test proxy or a connector to a local simulator). */
  dispatcher?: Dispatcher;
  resolveMx?: MxResolver;
  networkInterfaces?: () => NodeJS.Dict<os.NetworkInterfaceInfo[]>;
  resolver?: Resolver;
  registry?: PlatformRegistry;
  freeBytes?: () => number;
  limits?: Partial<SchedulerLimits>;
  maxFileBytes?: number;
  /** Tries per media mirror and first back-off of the download retries. */
  retry?: { attempts: number; baseDelayMs: number };
  /** Opens media files for writing (tests inject a full disk). */
  openMediaFile?: OpenFile;
  rateLimits?: Partial<RateLimits>;
  /** Deadlines for receiving an HTTP request and for idle connections. */
  httpTimeouts?: Partial<HttpTimeouts>;
  mail?: MailOverrides;
  /** Open connections per remote address (DEFAULT_CONNECTION_LIMITS otherwise). */
  connectionLimits?: Partial<ConnectionLimits>;
  /** What /api/info reports (package.json's version otherwise). */
  version?: string;
  quiet?: boolean;
  /** A configured port is taken: resolve to listen on a free one instead (the desktop app). */
  onPortTaken?: PortTakenHandler;
}

/** What startApp needs: the config, with the mail-only settings optional. */
export type StartConfig = Omit<AppConfig, keyof MailConfig> & MailConfig;

export interface RunningApp {
  /** Base URL on the address the listeners are bound to now. */
  readonly httpUrl: string;
  readonly smtpHost: string;
  readonly smtpPort: number;
  video: VideoService;
  scheduler: TaskScheduler;
  mail: MailServices;
  /** Server settings (LAN sharing, proxy, domains, ports, data folder) for REST and IPC. */
  settings: SettingsService;
  /** The MX records of a domain, for the settings screen. */
  checkMx(domain: string): Promise<MxCheck>;
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

/**
 * The composition root: applies the stored settings, opens storage, builds every service,
 * starts HTTP and SMTP.
 */
export async function startApp(
  given: StartConfig,
  overrides: AppOverrides = {},
): Promise<RunningApp> {
  const logger = createLogger('app', overrides.quiet);
  const settingsDir = given.settingsDir ?? given.dataDir;
  prepareDataFolder(settingsDir, [SETTINGS_FILE_NAME], logger);
  const file = settingsFile(settingsDir, logger);
  const stored = file.read();
  const config = applyStoredSettings(given, stored, logger);
  const clock = overrides.clock ?? systemClock;
  prepareDataFolder(config.dataDir, [SETTINGS_FILE_NAME, DATABASE_FILE], logger);
  const db = openDatabaseOrStartFresh(path.join(config.dataDir, DATABASE_FILE), logger);
  const media = new MediaStore(path.join(config.dataDir, 'media'), logger);
  const makeDispatcher = dispatcherMaker(overrides);
  let dispatcher = makeDispatcher(config.proxy);
  const outbound = new OutboundClient(dispatcher);
  const runner = new TaskRunner({
    registry: overrides.registry ?? createDefaultRegistry(),
    http: outbound,
    media,
    maxFileBytes: overrides.maxFileBytes ?? VIDEO_LIMITS.maxFileBytes,
    retry: overrides.retry,
    openFile: overrides.openMediaFile,
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
  const connectionLimits = { ...DEFAULT_CONNECTION_LIMITS, ...overrides.connectionLimits };
  const mailParts = composeMail(db, clock, config, {
    ...overrides.mail,
    smtpLimit: connectionLimits.smtp,
    quiet: overrides.quiet,
  });
  const { mail, smtp } = mailParts;
  const host = SettingsService.startHost(config, stored);
  let listeners: Listeners | null = null;
  const settings = new SettingsService({
    config,
    file,
    get listeners() {
      if (!listeners) throw new Error('the listeners are not up yet');
      return listeners;
    },
    setProxy: (proxy) => {
      const next = makeDispatcher(proxy);
      const old = outbound.switchDispatcher(next);
      dispatcher = next;
      if (old !== next) void old.close().catch(() => undefined);
    },
    domains: mail.domains,
    version: overrides.version ?? appVersion(),
    initialApiKey: mailParts.initialApiKey,
    networkInterfaces: overrides.networkInterfaces,
    logger,
  });
  const resolveMx = overrides.resolveMx ?? systemMxResolver();
  const lookupMx = (domain: string): Promise<MxCheck> => checkMx(domain, resolveMx);
  const http = await createHttpServer({
    video,
    mail,
    clock,
    stream: mailParts.stream,
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...overrides.rateLimits },
    settings: { settings, keys: mail.keys, checkMx: lookupMx },
    hosts: settings,
    logger: createLogger('http', overrides.quiet),
    webUiDir: webUiDir(),
    timeouts: { ...DEFAULT_HTTP_TIMEOUTS, ...overrides.httpTimeouts },
  });
  listeners = new Listeners({ http: http.server, smtp: smtp.server }, host, connectionLimits.http);
  // Before listening: SMTPServer re-emits its socket's errors (a taken port among them), and
  // with no listener that throw would bypass Listeners' own handling (which explains a taken
  // port itself, so errors are logged from the moment the listeners are up).
  const smtpLogger = createLogger('smtp', overrides.quiet);
  let smtpUp = false;
  smtp.on('error', (err) => {
    if (smtpUp) smtpLogger.error('server error', err);
  });
  try {
    await listeners.listen(config, (port) => http.listen({ host, port }), overrides.onPortTaken);
  } catch (err) {
    scheduler.stop();
    await http.close();
    await mailParts.close();
    db.close();
    throw err;
  }
  smtpUp = true;
  mail.retention.start();
  const bound = listeners;
  let stopped = false;
  return {
    get httpUrl() {
      return `http://${hostForUrl(bound.host)}:${bound.httpPort}`;
    },
    get smtpHost() {
      return bound.host;
    },
    get smtpPort() {
      return bound.smtpPort;
    },
    video,
    scheduler,
    mail,
    settings,
    checkMx: lookupMx,
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

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** How the outbound transport is made for a proxy setting (tests pass a fixed dispatcher). */
function dispatcherMaker(overrides: AppOverrides): (proxy: string | null) => Dispatcher {
  const fixed = overrides.dispatcher;
  if (fixed) return () => fixed;
  return (proxy) => createDispatcher({ proxy, resolver: overrides.resolver });
}
