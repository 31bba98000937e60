import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { appRoot } from './app-paths.ts';

/** The bundle package.json's "main" names (scripts/build-main.mjs writes it). */
const ELECTRON_MAIN = path.join('dist', 'main', 'electron.mjs');

/**
 * The Electron executable of the `electron` devDependency, or why there is none. Reads the
 * package's files instead of `require('electron')`: since Electron 42 that require downloads
 * the binary on the spot, which must not happen behind our back (nor print to stdout).
 */
export function findElectron(
  env: NodeJS.ProcessEnv = process.env,
): { binary: string } | { reason: string; packageDir?: string } {
  let dir: string;
  try {
    dir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { reason: 'Electron is not installed' };
  }
  let relative: string | null;
  try {
    relative = fs.readFileSync(path.join(dir, 'path.txt'), 'utf8').trim() || null;
  } catch {
    relative = null;
  }
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  const binary = override
    ? path.join(override, relative ?? 'electron')
    : relative && path.join(dir, 'dist', relative);
  if (!binary || !fs.existsSync(binary)) {
    return { reason: 'the Electron binary is not downloaded', packageDir: dir };
  }
  return { binary };
}

/**
 * Why the desktop shell cannot start here, or null when it can. The Electron binary is not part
 * of `npm ci` (Electron fetches it on first use); where a desktop could show it, a missing one
 * is downloaded now (ELECTRON_SKIP_BINARY_DOWNLOAD=1 prevents that).
 */
export function electronUnavailableReason(env: NodeJS.ProcessEnv = process.env): string | null {
  if (process.platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    return 'no display is available';
  }
  if (!fs.existsSync(path.join(appRoot(), ELECTRON_MAIN))) {
    return 'the desktop bundle is not built (npm start builds it)';
  }
  let found = findElectron(env);
  if ('reason' in found && found.packageDir && !env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
    process.stderr.write('Downloading the Electron binary (once)…\n');
    const install = spawnSync(process.execPath, [path.join(found.packageDir, 'install.js')], {
      stdio: ['ignore', 2, 2],
      timeout: 10 * 60_000,
    });
    found = findElectron(env);
    if ('reason' in found && install.status !== 0) {
      return 'the Electron binary could not be downloaded';
    }
  }
  return 'reason' in found ? found.reason : null;
}

/**
 * Makes better-sqlite3 fit the runtime about to load it (scripts/ensure-native-abi.mjs): a
 * no-op unless it was last built for the other one. Returns null when it fits, else why not.
 * Its output goes to stderr; stdout carries only the lines scripts wait for.
 */
export function ensureNativeBuild(runtime: 'node' | 'electron'): string | null {
  const script = path.join(appRoot(), 'scripts', 'ensure-native-abi.mjs');
  if (!fs.existsSync(script)) return null;
  const result = spawnSync(process.execPath, [script, runtime], { stdio: ['ignore', 2, 2] });
  return result.status === 0 ? null : `better-sqlite3 could not be rebuilt for ${runtime}`;
}

/**
 * Starts the desktop app (`electron <app folder> …args`) and mirrors its exit code. Ctrl+C and
 * SIGTERM go to Electron, which stops the services before it quits.
 */
export function launchElectron(args: string[]): void {
  const found = findElectron();
  if ('reason' in found) throw new Error(found.reason);
  const env = { ...process.env };
  // Inherited from a parent that ran Electron as Node, it would start Node, not the app.
  delete env.ELECTRON_RUN_AS_NODE;
  const child = spawn(found.binary, [appRoot(), ...args], { stdio: 'inherit', env });
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  process.on('SIGINT', forward('SIGINT'));
  process.on('SIGTERM', forward('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
