import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { StartupError } from '../core/startup-error.ts';
import type { Logger } from '../core/logger.ts';
import { makePrivateFile, openPrivateFile } from '../core/private-files.ts';
import { MIGRATIONS } from './migrations/index.ts';

export type Db = Database.Database;

/** The database's file name inside the data folder. */
export const DATABASE_FILE = 'ephemera.db';

/** SQLite's own companions of the database file (WAL mode, and a rollback journal). */
const COMPANIONS = ['-wal', '-shm', '-journal'];

/**
 * Opens (or creates) the database file with WAL and applies pending migrations.
 * WAL with synchronous=NORMAL survives a killed process: a committed transaction is in the
 * WAL file before `run()` returns, which is what "acknowledged data survives kill -9" needs.
 * The file is created 0600 before SQLite sees it; SQLite gives its WAL and shared-memory
 * files the database file's mode, and they are narrowed again after opening in case an
 * older install left them wider.
 */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.closeSync(openPrivateFile(file, 'a'));
  }
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    // Checkpoint while idle (wal-checkpointer.ts); SQLite's own, inside a commit, only past
    // 32 MiB of log, and a log that grew is cut back to 64 MiB once it restarts.
    db.pragma('wal_autocheckpoint = 8192');
    db.pragma('journal_size_limit = 67108864');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    migrate(db);
  } catch (err) {
    db.close();
    throw err;
  }
  if (file !== ':memory:') for (const suffix of COMPANIONS) makePrivateFile(file + suffix);
  return db;
}

/** SQLite found something that is not (or no longer) a database where the file should be. */
export function isCorruptDatabaseError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT';
}

/**
 * openDatabase for the server's start: a file SQLite cannot read as a database is moved aside
 * as `ephemera.db.corrupt-<time>` (with its WAL and shared-memory files) and a fresh database
 * is started, with one error line saying where the old one went. Mail and tasks are short-lived
 * and the server must come up; the moved file is kept for whoever wants to rescue it. Any other
 * failure (a newer schema, a folder or an unopenable file in its place) stops the start with a
 * StartupError saying which file and why: nothing is moved then.
 */
export function openDatabaseOrStartFresh(file: string, logger: Logger, now = new Date()): Db {
  try {
    return openDatabase(file);
  } catch (err) {
    if (!isCorruptDatabaseError(err)) {
      throw new StartupError(`Cannot open the database ${file}: ${(err as Error).message}`);
    }
    const aside = `${file}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`;
    for (const suffix of ['', ...COMPANIONS]) {
      if (fs.existsSync(file + suffix)) fs.renameSync(file + suffix, aside + suffix);
    }
    logger.error(
      `${file} is not a readable SQLite database (${(err as Error).message}); moved it to ${aside} and started with an empty database (new API key, no mail, no tasks).`,
    );
    return openDatabase(file);
  }
}

function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const newest = MIGRATIONS.at(-1)?.version ?? 0;
  if (current > newest) {
    throw new Error(
      `The data folder was written by a newer Ephemera (schema ${current}, this build knows ${newest}). Update Ephemera or choose another --data-dir.`,
    );
  }
  for (const step of MIGRATIONS) {
    if (step.version <= current) continue;
    db.transaction(() => {
      db.exec(step.sql);
      db.pragma(`user_version = ${step.version}`);
    })();
  }
}
