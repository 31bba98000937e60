import type { ServerSettings, ServerSettingsPatch } from '../../src-shared/api/server-settings.ts';
import type { RunningApp, StartConfig } from './compose.ts';
import { createLogger, type Logger } from '../core/logger.ts';
import type { AppStatus } from '../settings/settings-service.ts';

export type { AppStatus } from '../settings/settings-service.ts';

/** What listeners hear after the start and after every settings change. */
export interface AppChange {
  app: RunningApp;
  status: AppStatus;
  settings: ServerSettings;
}

export interface AppControllerOptions {
  config: StartConfig;
  /** Starts the services; `startApp` unless a test passes a fake. */
  start?: (config: StartConfig) => Promise<RunningApp>;
  logger?: Logger;
}

/** The services are not running: they have not started, failed to, or the app is quitting. */
export class ServicesUnavailableError extends Error {
  override name = 'ServicesUnavailableError';
}

/**
 * The desktop shell's handle on the services: starts them once through the same composition
 * root as headless mode, lets the shell listen for changes before they exist, and answers
 * "not running" with a sentence instead of a crash while they are starting or stopping.
 * Settings (LAN sharing included) change in place; nothing restarts.
 */
export class AppController {
  private readonly startServices: (config: StartConfig) => Promise<RunningApp>;
  private readonly logger: Logger;
  private readonly listeners = new Set<(change: AppChange) => void>();
  private running: RunningApp | null = null;
  private starting: Promise<RunningApp> | null = null;
  private unavailable = 'The services have not started yet.';

  constructor(private readonly options: AppControllerOptions) {
    // Loaded when the start begins, not with this module: the desktop shell creates its window
    // first (with a code-split bundle the services' dependencies then load after it).
    this.startServices =
      options.start ?? (async (config) => (await import('./compose.ts')).startApp(config));
    this.logger = options.logger ?? createLogger('app');
  }

  /** Starts the services once; rejects with the StartupError that stopped them. */
  start(): Promise<RunningApp> {
    this.starting ??= this.startServices(this.options.config).then(
      (app) => {
        this.running = app;
        app.settings.onChange(() => this.emit());
        this.emit();
        return app;
      },
      (err: unknown) => {
        this.unavailable = err instanceof Error ? err.message : String(err);
        throw err;
      },
    );
    return this.starting;
  }

  /** The running services, once a start in progress has finished. */
  async services(): Promise<RunningApp> {
    if (!this.running && this.starting) await this.starting.catch(() => undefined);
    if (this.running) return this.running;
    throw new ServicesUnavailableError(this.unavailable);
  }

  status(): AppStatus {
    return this.require().settings.status();
  }

  settings(): ServerSettings {
    return this.require().settings.read();
  }

  get codeNotifications(): boolean {
    return this.running?.settings.codeNotifications ?? false;
  }

  /** Applies a settings change (LAN sharing rebinds the listeners in place). */
  updateSettings(patch: ServerSettingsPatch): Promise<ServerSettings> {
    return this.services().then((app) => app.settings.update(patch));
  }

  /** Hears the start and every settings change; call the returned function to stop. */
  onChange(listener: (change: AppChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops the services for good (the app is quitting). */
  async stop(): Promise<void> {
    const app = this.running ?? (await this.starting?.catch(() => null)) ?? null;
    this.unavailable = 'Ephemera is quitting.';
    this.running = null;
    await app?.stop();
  }

  private require(): RunningApp {
    if (!this.running) throw new ServicesUnavailableError(this.unavailable);
    return this.running;
  }

  private emit(): void {
    const app = this.running;
    if (!app) return;
    const change: AppChange = {
      app,
      status: app.settings.status(),
      settings: app.settings.read(),
    };
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch (err) {
        this.logger.error('a change listener failed', err);
      }
    }
  }
}
