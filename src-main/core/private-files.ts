import fs from 'node:fs';
import path from 'node:path';
import { StartupError } from './startup-error.ts';
import type { Logger } from './logger.ts';

/** Owner only: other accounts on the computer can neither list nor read the data folder. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * POSIX permission bits mean nothing on Windows (chmod there only toggles read-only); the data
 * folder is private there because it lives in the user's own profile (%APPDATA%).
 */
const POSIX = process.platform !== 'win32';

/**
 * Creates `dir` (and missing parents) owner-only, or narrows an existing one to 0700.
 * A path that exists but is not a folder is refused with a sentence naming it.
 */
export function makePrivateDir(dir: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch {
    fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    stat = fs.statSync(dir);
  }
  if (!stat.isDirectory()) throw new NotAFolderError(dir);
  narrow(dir, stat, PRIVATE_DIR_MODE);
}

export class NotAFolderError extends Error {
  override name = 'NotAFolderError';
  constructor(readonly dir: string) {
    super(`${dir} is not a folder.`);
  }
}

/**
 * Narrows one file Ephemera owns to 0600 if its mode is anything else (a looser umask, an old
 * install). A symbolic link is left alone: its target may be outside the data folder.
 * Missing files are fine; a failure is logged, never fatal.
 */
export function makePrivateFile(file: string, logger?: Logger): void {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(file);
  } catch {
    return;
  }
  if (!stat.isFile()) return;
  try {
    narrow(file, stat, PRIVATE_FILE_MODE);
  } catch (err) {
    logger?.warn(`cannot make ${file} private: ${(err as Error).message}`);
  }
}

/** Makes every regular file directly inside `dir` private (no recursion, no links followed). */
export function makeFilesInDirPrivate(dir: string, logger?: Logger): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) makePrivateFile(path.join(dir, name), logger);
}

/**
 * Opens `file` for writing, creating it 0600 whatever the umask (fchmod after open: the mode
 * given to open() is only ever narrowed by the umask, and an existing file keeps its own).
 */
export function openPrivateFile(file: string, flags: 'w' | 'a'): number {
  const fd = fs.openSync(file, flags, PRIVATE_FILE_MODE);
  try {
    if (POSIX) fs.fchmodSync(fd, PRIVATE_FILE_MODE);
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
  return fd;
}

/** Writes a whole file that only its owner may read. */
export function writePrivateFile(file: string, data: string): void {
  const fd = openPrivateFile(file, 'w');
  try {
    fs.writeFileSync(fd, data, 'utf8');
  } finally {
    fs.closeSync(fd);
  }
}

function narrow(file: string, stat: fs.Stats, mode: number): void {
  if (POSIX && (stat.mode & 0o777) !== mode) fs.chmodSync(file, mode);
}

/**
 * Readies a data folder at start: exists, owner-only, and the files Ephemera keeps directly in
 * it narrowed to 0600 (an install from before this rule, or a loose umask). Only the known
 * names are touched: the folder may be one the user chose, with files of their own in it.
 */
export function prepareDataFolder(dir: string, knownFiles: string[], logger?: Logger): void {
  try {
    makePrivateDir(dir);
  } catch (err) {
    const reason = err instanceof NotAFolderError ? 'it is a file' : (err as Error).message;
    throw new StartupError(
      `Cannot use ${dir} as the data folder: ${reason}. Choose another with --data-dir.`,
    );
  }
  for (const name of knownFiles) makePrivateFile(path.join(dir, name), logger);
}
