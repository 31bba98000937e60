import { afterEach, describe, expect, it, vi } from 'vitest';
import Database from 'better-sqlite3';
import path from 'node:path';
import { createLogger } from '../../../src-main/core/logger.ts';
import { openDatabase, type Db } from '../../../src-main/db/open-database.ts';
import { ApiKeyStore } from '../../../src-main/mail/access/key-store.ts';
import { KeySessions } from '../../../src-main/mail/access/key-sessions.ts';
import { ManualClock } from '../../helpers/manual-clock.ts';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir.ts';

describe('KeySessions', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    vi.useRealTimers();
    for (const c of cleanups.splice(0).reverse()) c();
  });

  function setup(): { db: Db; keys: ApiKeyStore; sessions: KeySessions; file: string } {
    const dir = makeTempDir();
    const file = path.join(dir, 'ephemera.db');
    const db = openDatabase(file);
    cleanups.push(
      () => removeTempDir(dir),
      () => db.close(),
    );
    const keys = new ApiKeyStore(db, new ManualClock());
    return { db, keys, sessions: new KeySessions(keys, createLogger('test', true)), file };
  }

  it('disable and delete in this process end the sessions of that key only, once', () => {
    const { keys, sessions } = setup();
    const [a, b] = [keys.create('a'), keys.create('b')];
    const ended: string[] = [];
    sessions.hold(a.id, () => ended.push('a1'));
    sessions.hold(a.id, () => ended.push('a2'));
    const releaseB = sessions.hold(b.id, () => ended.push('b'));
    expect(sessions.count()).toBe(3);
    keys.disable(a.id);
    keys.disable(a.id);
    expect(ended).toEqual(['a1', 'a2']);
    releaseB();
    keys.delete(b.id);
    expect(ended).toEqual(['a1', 'a2']);
    expect(sessions.count()).toBe(0);
  });

  it('watch: a commit by another connection triggers a recheck; its own writes do not need one', () => {
    vi.useFakeTimers();
    const { db, keys, sessions, file } = setup();
    const [a, b] = [keys.create('a'), keys.create('b')];
    const ended: number[] = [];
    sessions.hold(a.id, () => ended.push(a.id));
    sessions.hold(b.id, () => ended.push(b.id));
    const stop = sessions.watch(db, 1000);
    cleanups.push(stop);
    const other = new Database(file);
    cleanups.push(() => other.close());
    other.prepare('UPDATE api_keys SET disabled_at = 1 WHERE id = ?').run(a.id);
    expect(ended).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(ended).toEqual([a.id]);
    other.prepare('DELETE FROM api_keys WHERE id = ?').run(b.id);
    stop();
    vi.advanceTimersByTime(5000);
    expect(ended).toEqual([a.id]);
  });
});
