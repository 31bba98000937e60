import type { UpdateMode, UpdateState } from '../../src-shared/ipc/update-schemas.ts';
import type { Logger } from '../core/logger.ts';
import type { UpdaterLike } from './updater.ts';

/** First check this long after the start (not to compete with it), then every 6 hours. */
export const FIRST_CHECK_MS = 15_000;
export const CHECK_EVERY_MS = 6 * 3_600_000;

export interface UpdateControllerDeps {
  mode: UpdateMode;
  /** The running version (app.getVersion()). */
  current: string;
  /** Loads electron-updater (a dynamic import: never loaded in development or tests). */
  load(): Promise<UpdaterLike>;
  notify(title: string, body: string, onClick?: () => void): void;
  /** The GitHub releases page; null when unknown. */
  downloadPage: string | null;
  openExternal(url: string): void;
  /** The last version a notice was shown for (kept across starts: one notice per version). */
  noticed: { get(): string | null; set(version: string): void };
  /** Lets the windows close for the installer's quit (they otherwise hide to the tray). */
  beforeInstall(): void;
  /**
   * The AppImage now lives at `file`: electron-updater names an update after its version unless
   * the user gave the file a name without one, and what starts the old path must follow.
   */
  appImageMoved?(file: string): void;
  logger: Logger;
  /** Schedules `fn` after `ms` (repeating when `repeat`); returns the cancel function. */
  schedule(fn: () => void, ms: number, repeat: boolean): () => void;
  now(): number;
}

/**
 * Settings → Updates behind the scenes: periodic checks while the setting is on, "Check now",
 * progress, "Restart to update". A failed check (offline, no release, a broken feed) is one
 * warning in the log and the `error` phase the window shows; never a dialog. In `install` mode
 * electron-updater downloads in the background and installs when the app quits
 * (`autoInstallOnAppQuit`), also when the window sits hidden in the tray.
 */
export class UpdateController {
  private current: UpdateState;
  private updater: Promise<UpdaterLike | null> | null = null;
  private cancelTimers: (() => void) | null = null;
  private readonly listeners = new Set<(state: UpdateState) => void>();
  /** The error of the check in progress was logged already (the event and the promise both report it). */
  private reported = false;

  constructor(private readonly deps: UpdateControllerDeps) {
    this.current = {
      mode: deps.mode,
      enabled: false,
      phase: 'off',
      current: deps.current,
      available: null,
      percent: null,
      error: null,
      checkedAt: null,
      downloadPage: deps.downloadPage,
    };
  }

  state(): UpdateState {
    return { ...this.current };
  }

  private phase(): UpdateState['phase'] {
    return this.current.phase;
  }

  onChange(listener: (state: UpdateState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The setting: on schedules the checks (the first after FIRST_CHECK_MS), off cancels them. */
  setEnabled(on: boolean): void {
    if (this.deps.mode === 'none') return;
    if (on === this.current.enabled) return;
    this.cancelTimers?.();
    this.cancelTimers = null;
    if (on) {
      const first = this.deps.schedule(() => void this.check(), FIRST_CHECK_MS, false);
      const every = this.deps.schedule(() => void this.check(), CHECK_EVERY_MS, true);
      this.cancelTimers = () => {
        first();
        every();
      };
    }
    const idle = this.current.phase === 'off' || this.current.phase === 'idle';
    this.update({ enabled: on, ...(idle ? { phase: on ? 'idle' : 'off' } : {}) });
  }

  /** Checks now (also while the setting is off: the user asked). */
  async check(): Promise<UpdateState> {
    if (this.deps.mode === 'none') return this.state();
    if (this.current.phase === 'checking' || this.current.phase === 'downloading') {
      return this.state();
    }
    if (this.current.phase === 'ready') return this.state();
    const updater = await this.setUp();
    if (!updater) return this.state();
    this.reported = false;
    this.update({ phase: 'checking', error: null });
    try {
      await updater.checkForUpdates();
      // No event said otherwise (electron-updater inactive): nothing newer.
      if (this.phase() === 'checking') this.finished({ phase: 'up-to-date' });
    } catch (err) {
      this.failed(err);
    }
    return this.state();
  }

  /** "Restart to update": installs the downloaded version, or opens the download page. */
  async apply(): Promise<UpdateState> {
    if (this.current.phase === 'ready' && this.deps.mode === 'install') {
      const updater = await this.setUp();
      if (updater) {
        this.deps.beforeInstall();
        updater.quitAndInstall(false, true);
      }
    } else if (this.current.available && this.deps.downloadPage) {
      this.deps.openExternal(this.deps.downloadPage);
    }
    return this.state();
  }

  stop(): void {
    this.cancelTimers?.();
    this.cancelTimers = null;
  }

  private setUp(): Promise<UpdaterLike | null> {
    this.updater ??= this.deps.load().then(
      (u) => {
        const install = this.deps.mode === 'install';
        u.autoDownload = install;
        u.autoInstallOnAppQuit = install;
        u.on('checking-for-update', () => this.update({ phase: 'checking' }));
        u.on('update-not-available', () => this.finished({ phase: 'up-to-date' }));
        u.on('update-available', ({ version }) => this.found(version));
        u.on('download-progress', ({ percent }) =>
          this.update({ phase: 'downloading', percent: Math.max(0, Math.min(100, percent)) }),
        );
        u.on('update-downloaded', ({ version }) => this.downloaded(version));
        u.on('error', (err) => this.failed(err));
        u.on('appimage-filename-updated', (file) => {
          this.deps.logger.info(`the AppImage is now ${file}`);
          this.deps.appImageMoved?.(file);
        });
        return u;
      },
      (err: unknown) => {
        this.failed(err);
        this.updater = null;
        return null;
      },
    );
    return this.updater;
  }

  private found(version: string): void {
    const install = this.deps.mode === 'install';
    this.finished({
      phase: install ? 'downloading' : 'available',
      available: version,
      percent: null,
    });
    this.deps.logger.info(`Ephemera ${version} is available`);
    if (install) return;
    this.noticeOnce(version, () => {
      const page = this.deps.downloadPage;
      this.deps.notify(
        `Ephemera ${version} is available`,
        page ? 'Click to open the download page.' : 'Download it from the releases page.',
        page ? () => this.deps.openExternal(page) : undefined,
      );
    });
  }

  private downloaded(version: string): void {
    this.finished({ phase: 'ready', available: version, percent: 100 });
    this.noticeOnce(version, () =>
      this.deps.notify(
        `Ephemera ${version} is ready`,
        'It installs when you quit Ephemera, or now: Settings → Updates → Restart to update.',
      ),
    );
  }

  private noticeOnce(version: string, show: () => void): void {
    if (this.deps.noticed.get() === version) return;
    this.deps.noticed.set(version);
    show();
  }

  private failed(err: unknown): void {
    const message = (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
    if (!this.reported) this.deps.logger.warn(`update check failed: ${message}`);
    this.reported = true;
    this.finished({ phase: 'error', error: message.slice(0, 300) });
  }

  private finished(change: Partial<UpdateState>): void {
    this.update({ ...change, checkedAt: new Date(this.deps.now()).toISOString() });
  }

  private update(change: Partial<UpdateState>): void {
    this.current = { ...this.current, ...change };
    const state = this.state();
    for (const listener of [...this.listeners]) listener(state);
  }
}
