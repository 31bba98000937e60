import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations/index.ts';

export type Db = Database.Database;

/** The database's file name inside the data folder. */
export const DATABASE_FILE = 'ephemera.db';

/**
 * Opens (or creates) the database file with WAL and applies pending migrations.
 * WAL with synchronous=NORMAL survives a killed process: a committed transaction is in the
 * WAL file before `run()` returns, which is what "acknowledged data survives kill -9" needs.
 */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  migrate(db);
  return db;
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
