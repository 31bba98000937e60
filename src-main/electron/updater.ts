import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../core/logger.ts';

/** The part of electron-updater's autoUpdater the shell uses. */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  on(
    event: 'update-available' | 'update-downloaded',
    listener: (info: { version: string }) => void,
  ): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
  checkForUpdates(): Promise<unknown>;
}

/**
 * How this build updates itself: `auto` downloads and installs at quit (Windows NSIS, the Linux
 * AppImage: formats electron-updater can replace), `notice` only says a new version exists
 * (macOS, whose updater needs signed builds, which ours are not; deb and other installs the
 * package manager owns), `off` in development runs and with EPHEMERA_NO_UPDATES=1.
 */
export type UpdateMode = 'auto' | 'notice' | 'off';

export function updateMode(
  platform: NodeJS.Platform,
  packaged: boolean,
  env: NodeJS.ProcessEnv,
): UpdateMode {
  if (!packaged || env.EPHEMERA_NO_UPDATES === '1') return 'off';
  if (platform === 'win32') return 'auto';
  if (platform === 'linux' && env.APPIMAGE) return 'auto';
  return 'notice';
}

/** First check this long after the start (not to compete with it), then every 6 hours. */
export const FIRST_CHECK_MS = 15_000;
export const CHECK_EVERY_MS = 6 * 3_600_000;

export interface UpdateChecksDeps {
  mode: UpdateMode;
  /** Loads electron-updater (a dynamic import: never loaded in development or tests). */
  load(): Promise<UpdaterLike>;
  notify(title: string, body: string, onClick?: () => void): void;
  /** The GitHub releases page, for the notice; null when unknown. */
  releasesPage: string | null;
  openExternal(url: string): void;
  logger: Logger;
  /** Schedules `fn` after `ms` (repeating when `repeat`); returns the cancel function. */
  schedule(fn: () => void, ms: number, repeat: boolean): () => void;
}

/**
 * Checks GitHub releases for a newer version (through the publish settings electron-builder
 * writes into app-update.yml). A failed check (offline, no release yet, no app-update.yml) is
 * a warning in the log, never an error box. Returns the function that stops the checks.
 */
export function startUpdateChecks(deps: UpdateChecksDeps): () => void {
  if (deps.mode === 'off') return () => undefined;
  let updater: Promise<UpdaterLike | null> | null = null;
  const setUp = (): Promise<UpdaterLike | null> =>
    (updater ??= deps.load().then(
      (u) => {
        u.autoDownload = deps.mode === 'auto';
        u.autoInstallOnAppQuit = deps.mode === 'auto';
        u.on('error', (err: Error) => deps.logger.warn(`update check failed: ${err.message}`));
        u.on('update-available', ({ version }: { version: string }) => {
          deps.logger.info(`Ephemera ${version} is available`);
          if (deps.mode !== 'notice') return;
          const page = deps.releasesPage;
          deps.notify(
            `Ephemera ${version} is available`,
            page ? 'Click to open the download page.' : 'Download it from the releases page.',
            page ? () => deps.openExternal(page) : undefined,
          );
        });
        u.on('update-downloaded', ({ version }: { version: string }) => {
          deps.notify(`Ephemera ${version} is ready`, 'It installs when you quit Ephemera.');
        });
        return u;
      },
      (err: unknown) => {
        deps.logger.warn(
          `updates unavailable: ${err instanceof Error ? err.message : String(err)}`,
        );
        return null;
      },
    ));
  const check = (): void => {
    void setUp().then((u) =>
      u?.checkForUpdates().catch((err: unknown) => {
        deps.logger.warn(
          `update check failed: ${err instanceof Error ? err.message : String(err)}`,
        );
      }),
    );
  };
  const cancelFirst = deps.schedule(check, FIRST_CHECK_MS, false);
  const cancelEvery = deps.schedule(check, CHECK_EVERY_MS, true);
  return () => {
    cancelFirst();
    cancelEvery();
  };
}

/**
 * The releases page from the app-update.yml electron-builder puts in the resources folder
 * (`provider: github`, `owner`, `repo`); null without one.
 */
export function releasesPage(resourcesDir: string): string | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(resourcesDir, 'app-update.yml'), 'utf8');
  } catch {
    return null;
  }
  const field = (name: string): string | null =>
    new RegExp(`^${name}:\\s*['"]?([A-Za-z0-9_.-]+)['"]?\\s*$`, 'm').exec(text)?.[1] ?? null;
  const owner = field('owner');
  const repo = field('repo');
  if (field('provider') !== 'github' || !owner || !repo) return null;
  return `https://github.com/${owner}/${repo}/releases/latest`;
}
