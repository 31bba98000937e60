import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LockableSetting } from '../../../src-shared/api/server-settings.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../../src-shared/settings/schemas.ts';
import { settingsFile } from '../../../src-main/settings/settings-file.ts';
import {
  applyStoredSettings,
  moveDatabase,
  storedDataDir,
  type StoredSettingsTarget,
} from '../../../src-main/settings/stored-settings.ts';
import { DATABASE_FILE } from '../../../src-main/db/open-database.ts';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir.ts';

let dirs: string[] = [];
const open: Database.Database[] = [];

afterEach(() => {
  for (const db of open.splice(0)) if (db.open) db.close();
  for (const dir of dirs) removeTempDir(dir);
  dirs = [];
});

function tempDir(): string {
  const dir = makeTempDir('ephemera-stored-settings-');
  dirs.push(dir);
  return dir;
}

function quietLogger() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

/** An `ephemera.db` in `dir` with one table and the given rows, closed (fully checkpointed). */
function createDatabase(dir: string, rows: string[], userVersion = 0): string {
  const file = path.join(dir, DATABASE_FILE);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE keys (name TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO keys (name) VALUES (?)');
  for (const row of rows) insert.run(row);
  db.pragma(`user_version = ${userVersion}`);
  db.close();
  return file;
}

function rowsOf(file: string): string[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare<[], { name: string }>('SELECT name FROM keys ORDER BY rowid')
      .all()
      .map((r) => r.name);
  } finally {
    db.close();
  }
}

function userVersionOf(file: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
}

interface Target extends StoredSettingsTarget {
  host: string;
}

function config(dataDir: string, overrides: Partial<Target> = {}): Target {
  return { host: '127.0.0.1', port: 8787, smtpPort: 2525, proxy: null, dataDir, ...overrides };
}

function stored(overrides: Partial<Settings> = {}): Settings {
  return { ...DEFAULT_SETTINGS, ...overrides };
}

describe('applyStoredSettings', () => {
  it('keeps the config when nothing is stored, and remembers the settings folder', () => {
    const launch = tempDir();
    const original = config(launch);

    const next = applyStoredSettings(original, stored(), quietLogger());

    expect(next).toEqual({ ...original, settingsDir: launch });
    expect(next).not.toBe(original);
    expect(original).not.toHaveProperty('settingsDir');
  });

  it('applies the stored ports, proxy and data folder, and keeps everything else', () => {
    const launch = tempDir();
    const moved = path.join(tempDir(), 'moved');
    const original = config(launch);

    const next = applyStoredSettings(
      original,
      stored({
        httpPort: 9000,
        smtpPort: 2600,
        proxy: 'socks5://127.0.0.1:1080',
        dataDir: moved,
        lanSharing: true,
      }),
      quietLogger(),
    );

    expect(next).toEqual({
      host: '127.0.0.1',
      port: 9000,
      smtpPort: 2600,
      proxy: 'socks5://127.0.0.1:1080',
      dataDir: moved,
      settingsDir: launch,
    });
    expect(original).toEqual(config(launch));
  });

  it('resolves a relative stored data folder', () => {
    const launch = tempDir();
    const moved = path.join(tempDir(), 'relative');

    const next = applyStoredSettings(
      config(launch),
      stored({ dataDir: path.relative(process.cwd(), moved) }),
      quietLogger(),
    );

    expect(next.dataDir).toBe(moved);
  });

  it('leaves alone every setting a flag or variable locked', () => {
    const launch = tempDir();
    createDatabase(launch, ['kept']);
    const moved = path.join(tempDir(), 'moved');
    const locked: LockableSetting[] = ['http_port', 'smtp_port', 'proxy', 'data_dir'];
    const original = config(launch, { port: 1234, smtpPort: 1235, proxy: null, locked });

    const next = applyStoredSettings(
      original,
      stored({ httpPort: 9000, smtpPort: 2600, proxy: 'http://127.0.0.1:3128', dataDir: moved }),
      quietLogger(),
    );

    expect(next).toEqual({ ...original, settingsDir: launch });
    expect(fs.existsSync(moved)).toBe(false);
  });

  it.each<[LockableSetting, Partial<Target>]>([
    ['http_port', { port: 8787, smtpPort: 2600, proxy: 'http://127.0.0.1:3128' }],
    ['smtp_port', { port: 9000, smtpPort: 2525, proxy: 'http://127.0.0.1:3128' }],
    ['proxy', { port: 9000, smtpPort: 2600, proxy: null }],
  ])('a lock on %s keeps that one only', (lock, expected) => {
    const launch = tempDir();
    const next = applyStoredSettings(
      config(launch, { locked: [lock] }),
      stored({ httpPort: 9000, smtpPort: 2600, proxy: 'http://127.0.0.1:3128' }),
      quietLogger(),
    );
    expect(next).toMatchObject(expected);
  });

  it('keeps a settings folder the config already has', () => {
    const launch = tempDir();
    const current = tempDir();
    const next = applyStoredSettings(
      config(current, { settingsDir: launch }),
      stored(),
      quietLogger(),
    );
    expect(next.settingsDir).toBe(launch);
    expect(next.dataDir).toBe(current);
  });

  it('moves the database into a new data folder', () => {
    const launch = tempDir();
    createDatabase(launch, ['phone key']);
    const moved = path.join(tempDir(), 'moved');
    const logger = quietLogger();

    const next = applyStoredSettings(config(launch), stored({ dataDir: moved }), logger);

    expect(next.dataDir).toBe(moved);
    expect(rowsOf(path.join(moved, DATABASE_FILE))).toEqual(['phone key']);
    expect(logger.info).toHaveBeenCalledOnce();
  });

  it('does not touch a database already in the stored data folder', () => {
    const launch = tempDir();
    createDatabase(launch, ['old']);
    const moved = tempDir();
    const target = createDatabase(moved, ['already moved', 'newer mail']);

    const next = applyStoredSettings(config(launch), stored({ dataDir: moved }), quietLogger());

    expect(next.dataDir).toBe(moved);
    expect(rowsOf(target)).toEqual(['already moved', 'newer mail']);
  });
});

describe('moveDatabase', () => {
  it('copies the database, rows and user_version, into a new folder it creates', () => {
    const from = tempDir();
    createDatabase(from, ['a', 'b'], 7);
    const to = path.join(tempDir(), 'nested', 'new');
    const logger = quietLogger();

    expect(moveDatabase(from, to, logger)).toBe(true);

    const copy = path.join(to, DATABASE_FILE);
    expect(rowsOf(copy)).toEqual(['a', 'b']);
    expect(userVersionOf(copy)).toBe(7);
    expect(fs.readdirSync(to)).toEqual([DATABASE_FILE]);
    if (process.platform !== 'win32') {
      // Private from the first byte, whatever the umask (the test runner's is usually 022).
      expect(fs.statSync(to).mode & 0o777).toBe(0o700);
      expect(fs.statSync(copy).mode & 0o777).toBe(0o600);
    }
    expect(logger.info).toHaveBeenCalledExactlyOnceWith(
      `copied the database from ${from} to the new data folder ${to}`,
    );
  });

  it('leaves the old database where it was', () => {
    const from = tempDir();
    const original = createDatabase(from, ['stays']);
    const to = tempDir();

    moveDatabase(from, to, quietLogger());

    expect(rowsOf(original)).toEqual(['stays']);
  });

  it('includes writes still in the WAL file', () => {
    const from = tempDir();
    const file = createDatabase(from, ['checkpointed']);
    const writer = new Database(file);
    open.push(writer);
    writer.pragma('journal_mode = WAL');
    writer.pragma('wal_autocheckpoint = 0');
    writer.prepare('INSERT INTO keys (name) VALUES (?)').run('only in the WAL');
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);
    const to = tempDir();

    expect(moveDatabase(from, to, quietLogger())).toBe(true);

    expect(rowsOf(path.join(to, DATABASE_FILE))).toEqual(['checkpointed', 'only in the WAL']);
    expect(fs.existsSync(path.join(to, `${DATABASE_FILE}-wal`))).toBe(false);
  });

  it('never overwrites a database in the new folder', () => {
    const from = tempDir();
    createDatabase(from, ['old']);
    const to = tempDir();
    const target = createDatabase(to, ['newer']);
    const before = fs.readFileSync(target);
    const logger = quietLogger();

    expect(moveDatabase(from, to, logger)).toBe(false);

    expect(fs.readFileSync(target).equals(before)).toBe(true);
    expect(rowsOf(target)).toEqual(['newer']);
    expect(logger.info).not.toHaveBeenCalled();
  });

  it('does nothing for the same folder, however it is spelled', () => {
    const dir = tempDir();
    const file = createDatabase(dir, ['one']);
    const before = fs.readFileSync(file);

    expect(moveDatabase(dir, dir, quietLogger())).toBe(false);
    expect(moveDatabase(dir, `${dir}${path.sep}.${path.sep}`, quietLogger())).toBe(false);
    expect(moveDatabase(dir, path.relative(process.cwd(), dir), quietLogger())).toBe(false);

    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('does nothing without a database to copy, and creates no folder', () => {
    const from = tempDir();
    const to = path.join(tempDir(), 'never-made');

    expect(moveDatabase(from, to, quietLogger())).toBe(false);
    expect(moveDatabase(path.join(from, 'missing'), to, quietLogger())).toBe(false);

    expect(fs.existsSync(to)).toBe(false);
  });
});

describe('storedDataDir', () => {
  it('is the launch folder without settings.json', () => {
    const launch = tempDir();
    expect(storedDataDir(launch)).toBe(launch);
  });

  it('is the launch folder while the stored one has no database yet', () => {
    const launch = tempDir();
    const moved = tempDir();
    settingsFile(launch).write(stored({ dataDir: moved }));
    expect(storedDataDir(launch)).toBe(launch);
  });

  it('is the stored folder once the database is there', () => {
    const launch = tempDir();
    const moved = tempDir();
    createDatabase(moved, []);
    settingsFile(launch).write(stored({ dataDir: moved }));
    expect(storedDataDir(launch)).toBe(moved);
  });

  it('resolves a relative stored folder', () => {
    const launch = tempDir();
    const moved = tempDir();
    createDatabase(moved, []);
    settingsFile(launch).write(stored({ dataDir: path.relative(process.cwd(), moved) }));
    expect(storedDataDir(launch)).toBe(moved);
  });
});
