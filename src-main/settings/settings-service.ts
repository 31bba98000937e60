import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  LockableSetting,
  ServerInfo,
  ServerSettings,
  ServerSettingsPatch,
} from '../../src-shared/api/server-settings.ts';
import type { Settings } from '../../src-shared/settings/schemas.ts';
import { isLoopbackAddress } from '../core/loopback.ts';
import type { DomainPool } from '../mail/access/domain-pool.ts';
import { AppError, settingsInvalid } from '../core/app-error.ts';
import { externalAddresses, firstLanAddress } from './lan-address.ts';
import { isWildcard, RebindError, type Listeners } from '../net/listeners.ts';
import type { Logger } from '../core/logger.ts';
import type { SettingsFile } from './settings-file.ts';
import { memoryProxySecret, type ProxySecret } from './proxy-secret.ts';
import { nextProxy, splitProxy } from './proxy-url.ts';
import { checkPorts, normalizeDomains, normalizeHosts } from './settings-values.ts';

/** Where the services are and how to reach them (the desktop shell's view). */
export interface AppStatus {
  /** Base URL for this machine: loopback while the listeners are on a wildcard address. */
  localUrl: string;
  /** Base URL for phones on the LAN; null while sharing is off or no LAN address exists. */
  lanUrl: string | null;
  lanSharing: boolean;
  smtpHost: string;
  smtpPort: number;
  /** The API key a first run created, kept for this process only so a window can show it. */
  initialApiKey: string | null;
}

export interface SettingsServiceDeps {
  /** The config the services started with (stored settings already applied). */
  config: {
    host: string;
    dataDir: string;
    proxy: string | null;
    domains: readonly string[];
    locked?: readonly LockableSetting[];
    settingsDir?: string;
  };
  file: SettingsFile;
  listeners: Listeners;
  /** Routes new outbound requests through this proxy (null: direct or HTTP(S)_PROXY). */
  setProxy(proxy: string | null): void;
  /** Keeps the proxy password out of settings.json (in memory only when not given). */
  proxySecret?: ProxySecret;
  domains: Pick<DomainPool, 'list' | 'add' | 'delete'>;
  /** GET /api/info `default_domain` (mail/access/domain-reach.ts); the first entry when not given. */
  defaultDomain?: () => string | null;
  version: string;
  initialApiKey: string | null;
  networkInterfaces?: () => NodeJS.Dict<os.NetworkInterfaceInfo[]>;
  logger: Logger;
}

const LAN_HOST = '0.0.0.0';
const LOOPBACK_HOST = '127.0.0.1';

const LOCK_SOURCE: Record<LockableSetting, string> = {
  http_port: '--port or EPHEMERA_PORT',
  smtp_port: '--smtp-port or EPHEMERA_SMTP_PORT',
  proxy: '--proxy or EPHEMERA_PROXY',
  data_dir: '--data-dir or EPHEMERA_DATA_DIR',
};

/**
 * The settings of the running services, one implementation behind REST (/api/settings) and IPC
 * (settings:*). LAN sharing, the proxy, domains and notifications apply at once; ports and the
 * data folder are saved for the next start (`restart_required`). Changes run one at a time.
 */
export class SettingsService {
  private stored: Settings;
  /** The proxy in use, password included: never answered or written as it is. */
  private proxy: string | null;
  private readonly proxySecret: ProxySecret;
  private readonly locked: ReadonlySet<LockableSetting>;
  /** Where the listeners go while LAN sharing is off. */
  private readonly privateHost: string;
  private readonly interfaces: () => NodeJS.Dict<os.NetworkInterfaceInfo[]>;
  private readonly changeListeners = new Set<() => void>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: SettingsServiceDeps) {
    this.stored = deps.file.read();
    this.proxy = deps.config.proxy;
    this.proxySecret = deps.proxySecret ?? memoryProxySecret();
    this.locked = new Set(deps.config.locked ?? []);
    this.privateHost = isWildcard(deps.config.host) ? LOOPBACK_HOST : deps.config.host;
    this.interfaces = deps.networkInterfaces ?? (() => os.networkInterfaces());
  }

  /** The host the listeners should start on for these stored settings and this config. */
  static startHost(config: { host: string }, stored: Settings): string {
    return stored.lanSharing ? LAN_HOST : config.host;
  }

  get codeNotifications(): boolean {
    return this.stored.codeNotifications;
  }

  status(): AppStatus {
    const { listeners } = this.deps;
    const sharing = isWildcard(listeners.host);
    const lanAddress = sharing ? firstLanAddress(this.interfaces()) : null;
    const localHost = sharing ? LOOPBACK_HOST : urlHost(listeners.host);
    return {
      localUrl: `http://${localHost}:${listeners.httpPort}`,
      lanUrl: lanAddress ? `http://${lanAddress}:${listeners.httpPort}` : null,
      lanSharing: sharing,
      smtpHost: listeners.host,
      smtpPort: listeners.smtpPort,
      initialApiKey: this.deps.initialApiKey,
    };
  }

  /** Host names the user allows beyond loopback and the LAN addresses (http/host-guard.ts). */
  allowedHosts(): readonly string[] {
    return this.stored.allowedHosts;
  }

  /**
   * This machine's addresses other computers reach the listeners on: every interface's while
   * they listen on a wildcard address (LAN sharing), the one given with --host otherwise.
   */
  lanAddresses(): string[] {
    const { host } = this.deps.listeners;
    if (!isWildcard(host)) return isLoopbackAddress(host) ? [] : [host];
    return externalAddresses(this.interfaces());
  }

  /** GET /api/info without `client_is_local`. */
  info(): Omit<ServerInfo, 'client_is_local'> {
    const status = this.status();
    return {
      version: this.deps.version,
      http_url: status.localUrl,
      lan_url: status.lanUrl,
      lan_enabled: status.lanSharing,
      smtp_port: status.smtpPort,
      domains: this.deps.domains.list(),
      default_domain: this.deps.defaultDomain?.() ?? this.deps.domains.list()[0] ?? null,
    };
  }

  read(): ServerSettings {
    const { listeners, config } = this.deps;
    const status = this.status();
    const { httpPort, smtpPort } = this.nextPorts(this.stored);
    const dataDir = this.locked.has('data_dir')
      ? config.dataDir
      : (this.stored.dataDir ?? this.launchDir());

    return {
      lan_enabled: status.lanSharing,
      lan_url: status.lanUrl,
      http_port: httpPort,
      smtp_port: smtpPort,
      domains: this.deps.domains.list(),
      domains_locked: config.domains.length > 0,
      proxy: this.proxy === null ? null : splitProxy(this.proxy).endpoint,
      proxy_password_set: this.proxy !== null && splitProxy(this.proxy).password !== null,
      data_dir: dataDir,
      code_notifications: this.stored.codeNotifications,
      allowed_hosts: [...this.stored.allowedHosts],
      auto_updates: this.stored.autoUpdates,
      locked: [...this.locked],
      restart_required:
        httpPort !== listeners.httpPort ||
        smtpPort !== listeners.smtpPort ||
        path.resolve(dataDir) !== path.resolve(config.dataDir),
    };
  }

  /** Checks the whole change first, then applies it; a refused change applies nothing. */
  update(patch: ServerSettingsPatch): Promise<ServerSettings> {
    return this.enqueue(async () => {
      this.checkLocks(patch);
      const domains = patch.domains === undefined ? undefined : normalizeDomains(patch.domains);
      const hosts =
        patch.allowed_hosts === undefined ? undefined : normalizeHosts(patch.allowed_hosts);
      const next: Settings = { ...this.stored };
      if (patch.http_port !== undefined) next.httpPort = patch.http_port;
      if (patch.smtp_port !== undefined) next.smtpPort = patch.smtp_port;
      checkPorts(patch);
      const ports = this.nextPorts(next);
      if (ports.httpPort === ports.smtpPort) {
        throw settingsInvalid('ports_same', 'HTTP and SMTP need two different ports.');
      }
      if (patch.data_dir !== undefined) next.dataDir = this.checkDataDir(patch.data_dir);
      if (patch.code_notifications !== undefined) {
        next.codeNotifications = patch.code_notifications;
      }
      if (hosts) next.allowedHosts = hosts;
      if (patch.auto_updates !== undefined) next.autoUpdates = patch.auto_updates;
      if (patch.lan_enabled !== undefined) {
        await this.setLanSharing(patch.lan_enabled);
        next.lanSharing = patch.lan_enabled;
      }
      if (patch.proxy !== undefined) {
        const proxy = nextProxy(this.proxy, patch.proxy);
        this.deps.setProxy(proxy);
        this.proxy = proxy;
        // settings.json gets the URL without its password; the password goes to the secret.
        const parts = proxy === null ? null : splitProxy(proxy);
        if (parts) this.proxySecret.write(parts.endpoint, parts.password);
        next.proxy = parts?.endpoint ?? null;
      }
      if (domains) this.replaceDomains(domains);
      this.save(next);
      this.emit();
      return this.read();
    });
  }

  /** Hears every applied change (the tray and the window follow LAN sharing this way). */
  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** The ports the next start will use: a flag's, else the stored ones, else today's. */
  private nextPorts(settings: Settings): { httpPort: number; smtpPort: number } {
    const { listeners } = this.deps;
    return {
      httpPort: this.locked.has('http_port')
        ? listeners.httpPort
        : (settings.httpPort ?? listeners.httpPort),
      smtpPort: this.locked.has('smtp_port')
        ? listeners.smtpPort
        : (settings.smtpPort ?? listeners.smtpPort),
    };
  }

  /** The data folder Ephemera was started with (and keeps settings.json in). */
  private launchDir(): string {
    return path.resolve(this.deps.config.settingsDir ?? this.deps.config.dataDir);
  }

  private checkLocks(patch: ServerSettingsPatch): void {
    for (const field of this.locked) {
      if (patch[field] !== undefined) {
        throw new AppError(
          'SETTING_LOCKED',
          `${field} is set by ${LOCK_SOURCE[field]} for this run; change it there.`,
        );
      }
    }
    if (patch.domains !== undefined && this.deps.config.domains.length > 0) {
      throw new AppError(
        'SETTING_LOCKED',
        'The domains are set by --domain or EPHEMERA_DOMAINS for this run; change them there.',
      );
    }
  }

  /** The folder must exist or be creatable, and be writable; stored as an absolute path. */
  private checkDataDir(raw: string): string | null {
    const dir = path.resolve(raw);
    try {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 }); // owner only, like every data folder
      fs.accessSync(dir, fs.constants.W_OK);
    } catch (err) {
      throw settingsInvalid(
        'data_dir_unusable',
        `Cannot use ${dir} as the data folder: ${(err as Error).message}`,
      );
    }
    // Back to the folder Ephemera starts with: nothing to redirect.
    return dir === this.launchDir() ? null : dir;
  }

  private async setLanSharing(on: boolean): Promise<void> {
    try {
      await this.deps.listeners.rebind(on ? LAN_HOST : this.privateHost);
    } catch (err) {
      if (err instanceof RebindError) throw new AppError('LAN_UNAVAILABLE', err.message);
      throw err;
    }
  }

  private replaceDomains(domains: string[]): void {
    const before = this.deps.domains.list();
    for (const domain of domains) if (!before.includes(domain)) this.deps.domains.add(domain);
    for (const domain of before) if (!domains.includes(domain)) this.deps.domains.delete(domain);
  }

  private save(settings: Settings): void {
    this.stored = settings;
    try {
      this.deps.file.write(settings);
    } catch (err) {
      // The change is live; only its survival across a restart is lost, which the log says.
      this.deps.logger.error('cannot save the settings', err);
    }
  }

  private emit(): void {
    for (const listener of [...this.changeListeners]) {
      try {
        listener();
      } catch (err) {
        this.deps.logger.error('a settings listener failed', err);
      }
    }
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}
