import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../src-main/db/open-database.ts';
import { WalCheckpointer } from '../../../src-main/db/wal-checkpointer.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('WalCheckpointer', () => {
  it('checkpoints once a whole period passed without writes, never during them', () => {
    vi.useFakeTimers();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemera-wal-'));
    const db = openDatabase(path.join(dir, 'x.db'));
    db.exec('CREATE TABLE t (v BLOB)');
    const checkpoints = vi.spyOn(db, 'pragma');
    const checkpointer = new WalCheckpointer(db, 100);
    checkpointer.start();
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    for (let tick = 0; tick < 10; tick++) {
      insert.run(Buffer.alloc(64 * 1024));
      vi.advanceTimersByTime(100);
    }
    expect(checkpoints).not.toHaveBeenCalledWith('wal_checkpoint(PASSIVE)');
    vi.advanceTimersByTime(100);
    expect(checkpoints).toHaveBeenCalledWith('wal_checkpoint(PASSIVE)');
    const [result] = db.pragma('wal_checkpoint(PASSIVE)') as {
      log: number;
      checkpointed: number;
    }[];
    expect(result?.checkpointed).toBe(result?.log);
    // Nothing written since: no second checkpoint.
    checkpoints.mockClear();
    vi.advanceTimersByTime(1_000);
    expect(checkpoints).not.toHaveBeenCalled();
    checkpointer.stop();
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('opens databases with a raised checkpoint threshold and a log size limit', () => {
    const db = openDatabase(':memory:');
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(8192);
    expect(db.pragma('journal_size_limit', { simple: true })).toBe(67108864);
    db.close();
  });
});
