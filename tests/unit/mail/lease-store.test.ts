import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src-main/core/logger.ts';
import { openDatabase, type Db } from '../../../src-main/db/open-database.ts';
import { LeaseStore, type LeaseRecord } from '../../../src-main/mail/access/lease-store.ts';
import { RetentionSweeper } from '../../../src-main/mail/store/retention.ts';
import { ManualClock } from '../../helpers/manual-clock.ts';

const lease = (email: string, expiresAt: number): LeaseRecord => ({
  email,
  domain: 't.test',
  generatedAt: 0,
  expiresAt,
  extensionCount: 0,
  maxExtensionCount: 12,
});

describe('LeaseStore lookups remembered between changes', () => {
  const open: Db[] = [];
  let dir = '';
  afterEach(() => {
    for (const db of open.splice(0)) db.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = '';
  });
  const db = (file = ':memory:'): Db => {
    const opened = openDatabase(file);
    open.push(opened);
    return opened;
  };

  it('a save through the store is seen at once, a rolled-back one never', () => {
    const store = new LeaseStore(db());
    expect(store.get('a@t.test')).toBeNull();
    store.save(lease('a@t.test', 1_000));
    expect(store.get('a@t.test')?.expiresAt).toBe(1_000);
    expect(() =>
      store.transaction(() => {
        store.save(lease('a@t.test', 9_000));
        // Looked up inside the transaction, then rolled back.
        expect(store.get('a@t.test')?.expiresAt).toBe(9_000);
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect(store.get('a@t.test')?.expiresAt).toBe(1_000);
  });

  it('what another connection commits is seen from the next iteration of the event loop', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemera-leases-'));
    const file = path.join(dir, 'leases.db');
    const store = new LeaseStore(db(file));
    const other = new LeaseStore(db(file));
    store.save(lease('a@t.test', 1_000));
    expect(store.get('a@t.test')?.expiresAt).toBe(1_000);
    expect(store.get('b@t.test')).toBeNull();
    other.save(lease('a@t.test', 5_000));
    other.save(lease('b@t.test', 7_000));
    // Within one iteration the store answers from what it remembers (one PRAGMA per
    // iteration), even across callbacks and their microtasks.
    expect(store.get('a@t.test')?.expiresAt).toBe(1_000);
    await Promise.resolve();
    expect(store.get('a@t.test')?.expiresAt).toBe(1_000);
    await new Promise(setImmediate);
    expect(store.get('a@t.test')?.expiresAt).toBe(5_000);
    expect(store.get('b@t.test')?.expiresAt).toBe(7_000);
    other.db.prepare('DELETE FROM mail_leases').run();
    await new Promise(setImmediate);
    expect(store.get('a@t.test')).toBeNull();
  });

  it('leases the retention sweep deleted are not remembered', async () => {
    const conn = db();
    const clock = new ManualClock();
    const store = new LeaseStore(conn);
    store.save(lease('old@t.test', clock.now() - 1));
    expect(store.get('old@t.test')).not.toBeNull();
    const policy = { retentionMs: 0, batchSize: 10, sweepIntervalMs: 60_000 };
    const logger = createLogger('test', true);
    const sweeper = new RetentionSweeper(conn, clock, policy, logger, store);
    expect(await sweeper.sweep()).toEqual({ mails: 0, leases: 1 });
    expect(store.get('old@t.test')).toBeNull();
  });

  it('a remembered lease cannot be changed by whoever got it', () => {
    const store = new LeaseStore(db());
    store.save(lease('a@t.test', 1_000));
    const got = store.get('a@t.test') as LeaseRecord;
    expect(() => (got.expiresAt = 2)).toThrow(TypeError);
    expect(store.get('a@t.test')?.expiresAt).toBe(1_000);
  });
});
