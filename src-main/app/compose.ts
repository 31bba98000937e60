import path from 'node:path';
import type os from 'node:os';
import type { MxCheck } from '../../src-shared/api/server-settings.ts';
import { DATABASE_FILE, openDatabaseOrStartFresh } from '../db/open-database.ts';
import { WalCheckpointer } from '../db/wal-checkpointer.ts';
import { createHttpServer } from '../http/create-server.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../http/rate-limit.ts';
import { DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from '../http/server-timeouts.ts';
import type { MailServices } from '../mail/mail-services.ts';
import type { MxResolver } from '../mail/access/mx-check.ts';
import type { TaskScheduler } from '../video/scheduler.ts';
import type { VideoService } from '../video/video-service.ts';
import { appVersion, webUiDir } from './app-paths.ts';
import { systemClock, type Clock } from '../core/clock.ts';
import { composeMail, type MailConfig, type MailOverrides } from './compose-mail.ts';
import { composeVideo, type VideoOverrides } from './compose-video.ts';
import type { AppConfig } from './config.ts';
import { Listeners, type PortTakenHandler } from '../net/listeners.ts';

// The desktop shell chooses what a taken port means; it gets the type from here, the app's
// entry, rather than from the listeners below.
export type { PortTakenHandler };
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from '../net/connection-limits.ts';
import { createLogger, type Logger } from '../core/logger.ts';
import { prepareDataFolder } from '../core/private-files.ts';
import { SettingsService } from '../settings/settings-service.ts';
import { SETTINGS_FILE_NAME, settingsFile } from '../settings/settings-file.ts';
import { applyStoredSettings } from '../settings/stored-settings.ts';
import { databaseProxySecret, startProxy } from '../settings/proxy-secret.ts';
import { plainSecretBox } from '../mail/sources/secret-box.ts';
import { DomainReach } from '../mail/access/domain-reach.ts';
import { removeServerFile, SERVER_FILE_NAME, writeServerFile } from './server-file.ts';
import { loopbackOrigin } from './sign-in-link.ts';

/** Replaceable parts, for tests and benchmarks; a normal start passes none. */
export interface AppOverrides extends VideoOverrides {
  clock?: Clock;
  resolveMx?: MxResolver;
  networkInterfaces?: () => NodeJS.Dict<os.NetworkInterfaceInfo[]>;
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

/**
 * The composition root: applies the stored settings, opens storage, builds the video
 * (compose-video.ts) and mail (compose-mail.ts) services, wires settings and HTTP, starts HTTP
 * and SMTP.
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
  prepareDataFolder(config.dataDir, [SETTINGS_FILE_NAME, DATABASE_FILE, SERVER_FILE_NAME], logger);
  const db = openDatabaseOrStartFresh(path.join(config.dataDir, DATABASE_FILE), logger);
  // The proxy password is kept like a source's, sealed in the database, never in settings.json.
  const proxySecret = databaseProxySecret(
    db,
    overrides.mail?.sources?.box ?? plainSecretBox,
    logger,
  );
  config.proxy = startProxy(config, stored, proxySecret, file, logger);
  const checkpointer = new WalCheckpointer(db);
  const videoParts = composeVideo(db, clock, config, overrides);
  const { video, scheduler } = videoParts;
  const connectionLimits = { ...DEFAULT_CONNECTION_LIMITS, ...overrides.connectionLimits };
  const mailParts = composeMail(db, clock, config, {
    ...overrides.mail,
    smtpLimit: connectionLimits.smtp,
    resolveMx: overrides.resolveMx,
    quiet: overrides.quiet,
  });
  const { mail, smtp } = mailParts;
  const host = SettingsService.startHost(config, stored);
  // New address's default domain: the MX checks run in the background, never on a request.
  const reach = new DomainReach((domain) => mailParts.checkMx(domain), clock);
  const defaultDomain = (): string | null => {
    const entries = mail.domains.list();
    void reach.refresh(entries);
    return reach.preferred(entries);
  };
  let listeners: Listeners | null = null;
  const settings = new SettingsService({
    config,
    file,
    get listeners() {
      if (!listeners) throw new Error('the listeners are not up yet');
      return listeners;
    },
    setProxy: (proxy) => videoParts.setProxy(proxy),
    proxySecret,
    domains: mail.domains,
    defaultDomain,
    version: overrides.version ?? appVersion(),
    initialApiKey: mailParts.initialApiKey,
    networkInterfaces: overrides.networkInterfaces,
    logger,
  });
  const lookupMx = (domain: string): Promise<MxCheck> => mailParts.checkMx(domain);
  const http = await createHttpServer({
    video,
    mail,
    clock,
    stream: mailParts.stream,
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...overrides.rateLimits },
    settings: { settings, checkMx: lookupMx },
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
  void reach.refresh(mail.domains.list());
  mail.retention.start();
  checkpointer.start();
  const bound = listeners;
  // Where `npm run cli -- sign-in` finds this server (server-file.ts); a LAN switch keeps the
  // port, and loopback reaches both the private host and every-interface.
  const httpUrl = (): string => `http://${hostForUrl(bound.host)}:${bound.httpPort}`;
  publishServerFile(config.dataDir, loopbackOrigin(httpUrl()), logger);
  let stopped = false;
  return {
    get httpUrl() {
      return httpUrl();
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
      checkpointer.stop();
      await mail.retention.stop();
      await Promise.allSettled([
        http.close(),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
      await mailParts.close();
      await videoParts.closeOutbound();
      db.close();
      removeServerFile(config.dataDir, process.pid);
      logger.info('stopped');
    },
  };
}

/** A data folder that cannot take the file only loses the sign-in command: logged, not fatal. */
function publishServerFile(dataDir: string, url: string, logger: Logger): void {
  try {
    writeServerFile(dataDir, { pid: process.pid, url });
  } catch (err) {
    logger.warn(`cannot write ${SERVER_FILE_NAME}: ${(err as Error).message}`);
  }
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
