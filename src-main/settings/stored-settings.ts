import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { LockableSetting } from '../../src-shared/api/server-settings.ts';
import type { Settings } from '../../src-shared/settings/schemas.ts';
import { DATABASE_FILE } from '../db/open-database.ts';
import type { Logger } from '../core/logger.ts';
import { openPrivateFile, PRIVATE_DIR_MODE } from '../core/private-files.ts';
import { settingsFile } from './settings-file.ts';

/** The part of the start config (app/config.ts AppConfig) that settings.json may fill in. */
export interface StoredSettingsTarget {
  port: number;
  smtpPort: number;
  proxy: string | null;
  dataDir: string;
  locked?: LockableSetting[];
  settingsDir?: string;
}

/**
 * The config a start really uses: what the flags and variables gave, then settings.json for
 * every setting they left open. Also moves the database when the data folder setting changed
 * since the last start (see moveDatabase).
 */
export function applyStoredSettings<C extends StoredSettingsTarget>(
  config: C,
  stored: Settings,
  logger: Logger,
): C {
  const locked = new Set(config.locked ?? []);
  const settingsDir = config.settingsDir ?? config.dataDir;
  const next: C = { ...config, settingsDir };
  if (!locked.has('http_port') && stored.httpPort !== null) next.port = stored.httpPort;
  if (!locked.has('smtp_port') && stored.smtpPort !== null) next.smtpPort = stored.smtpPort;
  if (!locked.has('proxy') && stored.proxy !== null) next.proxy = stored.proxy;
  if (!locked.has('data_dir') && stored.dataDir !== null) {
    next.dataDir = path.resolve(stored.dataDir);
    moveDatabase(config.dataDir, next.dataDir, logger);
  }
  return next;
}

/**
 * Copies the database (API keys, domains, mailboxes, mail) from the old data folder into a new
 * one that has none yet, so changing the folder keeps a phone's API key working. `VACUUM INTO`
 * writes one consistent file, WAL included. The old copy stays where it was: nothing is deleted
 * behind the user's back. Media are not copied (they live 180 s).
 */
export function moveDatabase(fromDir: string, toDir: string, logger: Logger): boolean {
  const from = path.join(fromDir, DATABASE_FILE);
  const to = path.join(toDir, DATABASE_FILE);
  if (path.resolve(from) === path.resolve(to) || fs.existsSync(to) || !fs.existsSync(from)) {
    return false;
  }
  fs.mkdirSync(toDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  // Written beside and renamed: a copy cut short (disk full) never looks like a database.
  const partial = `${to}.partial`;
  fs.rmSync(partial, { force: true });
  // Made empty and 0600 first: VACUUM INTO fills an empty file and keeps its mode, so the
  // copy of the mail is never readable by other accounts, not even for a moment.
  fs.closeSync(openPrivateFile(partial, 'w'));
  const db = new Database(from, { fileMustExist: true });
  try {
    db.prepare('VACUUM INTO ?').run(partial);
  } finally {
    db.close();
  }
  fs.renameSync(partial, to);
  logger.info(`copied the database from ${fromDir} to the new data folder ${toDir}`);
  return true;
}

/**
 * The data folder the app uses when started from `launchDir` without --data-dir: the stored
 * one once the database is there (the app moves it at its next start), else `launchDir`.
 */
export function storedDataDir(launchDir: string): string {
  const stored = settingsFile(launchDir).read().dataDir;
  if (stored !== null && fs.existsSync(path.join(stored, DATABASE_FILE)))
    return path.resolve(stored);
  return launchDir;
}
