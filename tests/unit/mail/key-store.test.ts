import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src-main/db/open-database.ts';
import { ApiKeyStore } from '../../../src-main/mail/access/key-store.ts';
import { ManualClock } from '../../helpers/manual-clock.ts';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir.ts';

describe('ApiKeyStore', () => {
  let db: Db;
  afterEach(() => db.close());

  function store(): ApiKeyStore {
    db = openDatabase(':memory:');
    return new ApiKeyStore(db, new ManualClock());
  }

  it('makes keys of ≥ 32 random bytes and stores only their SHA-256', () => {
    const keys = store();
    const a = keys.create('phone');
    const b = keys.create('laptop');
    expect(a.key).toMatch(/^eph_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.key.slice(4), 'base64url')).toHaveLength(32);
    expect(a.key).not.toBe(b.key);
    const rows = db.prepare('SELECT * FROM api_keys').all() as Record<string, unknown>[];
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(a.key.slice(4));
    expect(rows[0]?.key_hash).toEqual(createHash('sha256').update(a.key).digest());
    expect(keys.list().map((k) => [k.name, k.hint])).toEqual([
      ['phone', a.key.slice(-4)],
      ['laptop', b.key.slice(-4)],
    ]);
  });

  it('tells ok, missing, invalid and disabled apart', () => {
    const keys = store();
    const a = keys.create('a');
    expect(keys.check(a.key)).toBe('ok');
    expect(keys.check(null)).toBe('missing');
    expect(keys.check('')).toBe('missing');
    expect(keys.check(`${a.key}x`)).toBe('invalid');
    expect(keys.check(a.key.toUpperCase())).toBe('invalid');
    expect(keys.disable(a.id)).toBe(true);
    expect(keys.check(a.key)).toBe('disabled');
    expect(keys.delete(a.id)).toBe(true);
    expect(keys.check(a.key)).toBe('invalid');
    expect(keys.disable(a.id)).toBe(false);
    expect(keys.delete(a.id)).toBe(false);
    expect(keys.count()).toBe(0);
  });

  it('keeps the first disable time', () => {
    const keys = store();
    const clock = new ManualClock();
    const withClock = new ApiKeyStore(db, clock);
    const a = withClock.create('a');
    withClock.disable(a.id);
    const first = withClock.list()[0]?.disabledAt;
    clock.advance(5000);
    withClock.disable(a.id);
    expect(keys.list()[0]?.disabledAt).toBe(first);
  });
});

describe('ApiKeyStore: a key stops working at once, whoever changes it', () => {
  let dir: string;
  const open: Db[] = [];
  afterEach(() => {
    for (const db of open.splice(0)) db.close();
    removeTempDir(dir);
  });

  function connection(): Db {
    const db = openDatabase(path.join(dir, 'keys.db'));
    open.push(db);
    return db;
  }

  it('sees another store on the same connection create, disable, enable and delete', () => {
    dir = makeTempDir();
    const db = connection();
    const server = new ApiKeyStore(db, new ManualClock());
    const other = new ApiKeyStore(db, new ManualClock());
    const a = other.create('a');
    expect(server.check(a.key)).toBe('ok');
    other.disable(a.id);
    expect(server.check(a.key)).toBe('disabled');
    other.enable(a.id);
    expect(server.check(a.key)).toBe('ok');
    other.delete(a.id);
    expect(server.check(a.key)).toBe('invalid');
  });

  it('sees what another connection (the keys CLI) commits, on the next check', () => {
    dir = makeTempDir();
    const server = new ApiKeyStore(connection(), new ManualClock());
    const cliDb = connection();
    const cli = new ApiKeyStore(cliDb, new ManualClock());
    const a = cli.create('a');
    expect(server.check(a.key)).toBe('ok');
    cli.disable(a.id);
    expect(server.check(a.key)).toBe('disabled');
    cliDb.prepare('UPDATE api_keys SET disabled_at = NULL WHERE id = ?').run(a.id);
    expect(server.check(a.key)).toBe('ok');
    cliDb.prepare('DELETE FROM api_keys WHERE id = ?').run(a.id);
    expect(server.check(a.key)).toBe('invalid');
  });

  it('never keeps a key from a transaction that was rolled back', () => {
    dir = makeTempDir();
    const db = connection();
    const keys = new ApiKeyStore(db, new ManualClock());
    let created = '';
    expect(() =>
      db.transaction(() => {
        created = keys.create('a').key;
        expect(keys.check(created)).toBe('ok');
        throw new Error('roll back');
      })(),
    ).toThrow('roll back');
    expect(keys.check(created)).toBe('invalid');
    const b = keys.create('b');
    db.transaction(() => {
      keys.disable(b.id);
      expect(keys.check(b.key)).toBe('disabled');
      db.prepare('SELECT 1').get();
    })();
    expect(keys.check(b.key)).toBe('disabled');
  });
});
