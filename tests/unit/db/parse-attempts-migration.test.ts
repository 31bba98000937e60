import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-main/db/open-database.ts';
import { MIGRATIONS } from '../../../src-main/db/migrations/index.ts';
import { parseAttempts } from '../../../src-main/db/migrations/010-parse-attempts.ts';
import { RawStore } from '../../../src-main/mail/store/raw-store.ts';

describe('migration 010 (parse attempts, parse_error)', () => {
  it('counts parses begun per pending message, in one statement per batch', () => {
    expect(MIGRATIONS).toContain(parseAttempts);
    const db = openDatabase(':memory:');
    const raws = new RawStore(db);
    const env = { from: null, recipients: ['a@d.test'] };
    const [a = 0, b = 0] = raws.commit([
      { envelope: env, raw: Buffer.from('a'), receivedAt: 1 },
      { envelope: env, raw: Buffer.from('b'), receivedAt: 1 },
    ]);
    expect(raws.pending(0, 10).map((p) => p.attempts)).toEqual([0, 0]);
    raws.noteAttempts([a, b]);
    raws.noteAttempts([b]);
    expect(raws.pending(0, 10).map((p) => p.attempts)).toEqual([1, 2]);
    expect(raws.read(b)?.attempts).toBe(2);
    expect(raws.pendingSize(a)).toEqual({ bytes: 1, attempts: 1 });
    raws.transaction(() => raws.markParsed(a));
    expect(raws.pendingSize(a)).toBeNull();
    expect(raws.read(a)?.attempts).toBe(0);
    db.close();
  });
});
