import os from 'node:os';
import type { Settings, SettingsPatch } from '../../src-shared/settings/schemas.ts';
import { startApp, type RunningApp, type StartConfig } from './compose.ts';
import { createLogger, type Logger } from './logger.ts';
import { settingsFile, type SettingsFile } from './settings-file.ts';

/** Where the services are and how to reach them. */
export interface AppStatus {
  /** Base URL for this machine: loopback while the listeners are on a wildcard address. */
  localUrl: string;
  /** Base URL for phones on the LAN; null while sharing is off or no LAN address exists. */
  lanUrl: string | null;
  lanSharing: boolean;
  smtpHost: string;
  smtpPort: number;
  /** The API key a first run created, kept for this process only so the window can show it. */
  initialApiKey: string | null;
}

/** What listeners hear after a start, a rebind or a settings change. */
export interface AppChange {
  app: RunningApp;
  status: AppStatus;
  settings: Settings;
}

export interface AppControllerOptions {
  config: StartConfig;
  /** Starts the services; `startApp` unless a test passes a fake. */
  start?: (config: StartConfig) => Promise<RunningApp>;
  settings?: SettingsFile;
  networkInterfaces?: () => NodeJS.Dict<os.NetworkInterfaceInfo[]>;
  logger?: Logger;
}

/** The services are not running: a restart failed, or the app is quitting. */
export class ServicesUnavailableError extends Error {
  override name = 'ServicesUnavailableError';
}

const LAN_HOST = '0.0.0.0';
const LOOPBACK_HOST = '127.0.0.1';

/**
 * Owns the running services of the desktop app: starts them through the same composition root
 * as headless mode, keeps the settings file, and switches LAN sharing by restarting the
 * listeners on 0.0.0.0 or loopback with the same ports. Starts, restarts and stops run one at a
 * time; callers that need the services wait for the one in progress.
 */
export class AppController {
  private readonly config: StartConfig;
  private readonly startServices: (config: StartConfig) => Promise<RunningApp>;
  private readonly file: SettingsFile;
  private readonly interfaces: () => NodeJS.Dict<os.NetworkInterfaceInfo[]>;
  private readonly logger: Logger;
  private readonly listeners = new Set<(change: AppChange) => void>();
  private current: Settings;
  private sharing: boolean;
  private running: RunningApp | null = null;
  private ports: { http: number; smtp: number } | null = null;
  private initialApiKey: string | null = null;
  private unavailable: string | null = 'The services have not started yet.';
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: AppControllerOptions) {
    this.config = options.config;
    this.startServices = options.start ?? ((config) => startApp(config));
    this.logger = options.logger ?? createLogger('app');
    this.file = options.settings ?? settingsFile(options.config.dataDir, this.logger);
    this.interfaces = options.networkInterfaces ?? (() => os.networkInterfaces());
    this.current = this.file.read();
    // An explicit `--host 0.0.0.0` shares for this run even when the setting is off.
    this.sharing = this.current.lanSharing || isWildcard(this.config.host);
  }

  /** Starts the services; rejects with the StartupError that stopped them. */
  start(): Promise<RunningApp> {
    return this.enqueue(async () => {
      if (this.running) return this.running;
      try {
        this.running = await this.launch(this.sharing);
      } catch (err) {
        this.unavailable = (err as Error).message;
        throw err;
      }
      this.unavailable = null;
      this.emit();
      return this.running;
    });
  }

  /** The running services, once any start or restart in progress has finished. */
  async services(): Promise<RunningApp> {
    await this.queue;
    if (this.running) return this.running;
    throw new ServicesUnavailableError(this.unavailable ?? 'The services are not running.');
  }

  get settings(): Settings {
    return { ...this.current };
  }

  status(): AppStatus {
    const app = this.running;
    const httpPort = this.ports?.http ?? this.config.port;
    const host = this.hostFor(this.sharing);
    const lanAddress = this.sharing ? firstLanAddress(this.interfaces()) : null;
    return {
      localUrl: isWildcard(host)
        ? `http://${LOOPBACK_HOST}:${httpPort}`
        : (app?.httpUrl ?? `http://${urlHost(host)}:${httpPort}`),
      lanUrl: lanAddress ? `http://${lanAddress}:${httpPort}` : null,
      lanSharing: this.sharing,
      smtpHost: app?.smtpHost ?? host,
      smtpPort: this.ports?.smtp ?? this.config.smtpPort,
      initialApiKey: this.initialApiKey,
    };
  }

  /** Saves a settings change; a change of `lanSharing` rebinds the listeners first. */
  updateSettings(patch: SettingsPatch): Promise<Settings> {
    return this.enqueue(async () => {
      if (patch.lanSharing !== undefined && patch.lanSharing !== this.sharing) {
        await this.rebind(patch.lanSharing);
      }
      this.save({ ...this.current, ...patch });
      if (this.running) this.emit();
      return this.settings;
    });
  }

  /** Turns LAN sharing on or off (listeners on 0.0.0.0 or loopback, same ports). */
  async setLanSharing(on: boolean): Promise<AppStatus> {
    await this.updateSettings({ lanSharing: on });
    return this.status();
  }

  /** Hears every start, rebind and settings change; call the returned function to stop. */
  onChange(listener: (change: AppChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops the services for good (the app is quitting). */
  stop(): Promise<void> {
    return this.enqueue(async () => {
      this.unavailable = 'Ephemera is quitting.';
      const app = this.running;
      this.running = null;
      await app?.stop();
    });
  }

  private async rebind(sharing: boolean): Promise<void> {
    const previous = this.running;
    if (!previous) {
      this.sharing = sharing;
      return;
    }
    this.running = null;
    await previous.stop();
    try {
      this.running = await this.launch(sharing);
      this.sharing = sharing;
    } catch (err) {
      this.logger.error(`cannot listen with LAN sharing ${sharing ? 'on' : 'off'}`, err);
      try {
        this.running = await this.launch(this.sharing);
      } catch (again) {
        this.unavailable = (again as Error).message;
        this.logger.error('cannot start the services again', again);
      }
      if (this.running) this.emit();
      throw err;
    }
  }

  private async launch(sharing: boolean): Promise<RunningApp> {
    const app = await this.startServices({
      ...this.config,
      host: this.hostFor(sharing),
      port: this.ports?.http ?? this.config.port,
      smtpPort: this.ports?.smtp ?? this.config.smtpPort,
    });
    this.ports = { http: portOf(app.httpUrl), smtp: app.smtpPort };
    this.initialApiKey ??= app.initialApiKey;
    return app;
  }

  private hostFor(sharing: boolean): string {
    if (sharing) return LAN_HOST;
    return isWildcard(this.config.host) ? LOOPBACK_HOST : this.config.host;
  }

  private save(settings: Settings): void {
    this.current = settings;
    try {
      this.file.write(settings);
    } catch (err) {
      this.logger.error('cannot save the settings', err);
    }
  }

  private emit(): void {
    const app = this.running;
    if (!app) return;
    const change: AppChange = { app, status: this.status(), settings: this.settings };
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch (err) {
        this.logger.error('a change listener failed', err);
      }
    }
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

/** The first IPv4 address of a non-internal interface (link-local skipped), or null. */
export function firstLanAddress(interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]>): string | null {
  for (const list of Object.values(interfaces)) {
    for (const info of list ?? []) {
      // Node 18.0–18.3 reported the family as the number 4.
      const ipv4 = info.family === 'IPv4' || (info.family as unknown) === 4;
      if (ipv4 && !info.internal && !info.address.startsWith('169.254.')) return info.address;
    }
  }
  return null;
}

function isWildcard(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]';
}

function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function portOf(url: string): number {
  const parsed = new URL(url);
  return parsed.port === '' ? 80 : Number(parsed.port);
}
