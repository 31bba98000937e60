import fs from 'node:fs';
import path from 'node:path';
import type { UpdateMode } from '../../src-shared/ipc/update-schemas.ts';

/** The part of electron-updater's autoUpdater the shell uses. */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  on(event: 'checking-for-update' | 'update-not-available', listener: () => void): unknown;
  on(
    event: 'update-available' | 'update-downloaded',
    listener: (info: { version: string }) => void,
  ): unknown;
  on(event: 'download-progress', listener: (progress: { percent: number }) => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
  /** An AppImage update written under the new version's file name (the old file is gone). */
  on(event: 'appimage-filename-updated', listener: (file: string) => void): unknown;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

/** What electron-builder wrote into the app: app-update.yml and the packed package.json. */
export interface BuildFacts {
  /** app-update.yml `publisherName`: set only when the Windows build was signed. */
  windowsPublisher: string | null;
  /** package.json `ephemeraSigning` (scripts/electron-builder.mjs): `certificate` or absent. */
  macSigning: string | null;
}

/**
 * How this build updates itself.
 * - Windows: installs updates only when the running app is signed. electron-updater then
 *   checks that each download is signed by the same publisher (`publisherName` in
 *   app-update.yml, `verifyUpdateCodeSignature` left on); an unsigned build has no publisher to
 *   compare with, would install anything the feed names, so it only offers the download page.
 * - macOS: Squirrel.Mac replaces only apps signed with a certificate; ad-hoc builds offer the
 *   download page.
 * - Linux: the AppImage replaces itself (the feed's SHA-512 is checked); a deb belongs to the
 *   package manager: download page.
 * - Development runs: none.
 */
export function updateMode(
  platform: NodeJS.Platform,
  packaged: boolean,
  env: NodeJS.ProcessEnv,
  build: BuildFacts,
): UpdateMode {
  if (!packaged) return 'none';
  if (platform === 'win32') return build.windowsPublisher ? 'install' : 'download-page';
  if (platform === 'darwin')
    return build.macSigning === 'certificate' ? 'install' : 'download-page';
  if (platform === 'linux' && env.APPIMAGE) return 'install';
  return 'download-page';
}

/** The update feed electron-builder wrote (`provider: github`, `owner`, `repo`, …). */
export interface AppUpdateConfig {
  provider: string | null;
  owner: string | null;
  repo: string | null;
  publisherName: string | null;
}

/** Reads app-update.yml from the resources folder; null without one (development runs). */
export function readAppUpdateConfig(resourcesDir: string): AppUpdateConfig | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(resourcesDir, 'app-update.yml'), 'utf8');
  } catch {
    return null;
  }
  const field = (name: string): string | null =>
    new RegExp(`^${name}:[ \\t]*['"]?([^'"\\n]+?)['"]?[ \\t]*$`, 'm').exec(text)?.[1] ?? null;
  // publisherName is a list: `publisherName:` then `  - Name` lines (or one inline value).
  const publisher =
    field('publisherName') ??
    /^publisherName:[ \t]*\n[ \t]+-[ \t]+['"]?([^'"\n]+?)['"]?[ \t]*$/m.exec(text)?.[1] ??
    null;
  return {
    provider: field('provider'),
    owner: field('owner'),
    repo: field('repo'),
    publisherName: publisher,
  };
}

/** The GitHub releases page of the update feed; null when it is not a GitHub feed. */
export function releasesPage(config: AppUpdateConfig | null): string | null {
  const safe = /^[A-Za-z0-9_.-]+$/;
  if (!config || config.provider !== 'github') return null;
  if (!config.owner || !config.repo || !safe.test(config.owner) || !safe.test(config.repo)) {
    return null;
  }
  return `https://github.com/${config.owner}/${config.repo}/releases/latest`;
}

/** A one-line value kept in a file (the last version the "available" notice was shown for). */
export function fileValue(file: string): { get(): string | null; set(value: string): void } {
  return {
    get: () => {
      try {
        return fs.readFileSync(file, 'utf8').trim() || null;
      } catch {
        return null;
      }
    },
    set: (value) => {
      try {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, `${value}\n`);
      } catch {
        // Worst case the notice shows again next time.
      }
    },
  };
}

/** The build's signing facts: app-update.yml's publisher and the packed package.json's mark. */
export function buildFacts(appDir: string, config: AppUpdateConfig | null): BuildFacts {
  let macSigning: string | null = null;
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(appDir, 'package.json'), 'utf8')) as {
      ephemeraSigning?: unknown;
    };
    if (typeof pkg.ephemeraSigning === 'string') macSigning = pkg.ephemeraSigning;
  } catch {
    // No package.json to read: treated as not signed with a certificate.
  }
  return { windowsPublisher: config?.publisherName ?? null, macSigning };
}
