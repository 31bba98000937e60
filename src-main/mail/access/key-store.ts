import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../core/clock.ts';
import type { Db } from '../../db/open-database.ts';

/** What `keys list` shows: never the key, only a hint of its end. */
export interface ApiKeyInfo {
  id: number;
  name: string;
  hint: string;
  createdAt: number;
  disabledAt: number | null;
}

export interface CreatedApiKey extends ApiKeyInfo {
  /** The key itself; it exists only here and is shown to the user once. */
  key: string;
}

export type KeyCheck = 'ok' | 'missing' | 'invalid' | 'disabled';
/** A usable key's id, or why there is none. */
export type KeyIdentity = { id: number } | Exclude<KeyCheck, 'ok'>;

interface KeyRow {
  id: number;
  name: string;
  key_hash: Buffer;
  hint: string;
  created_at: number;
  disabled_at: number | null;
}

const KEY_PREFIX = 'eph_';

/**
 * Bumped by every ApiKeyStore that writes through a connection: `PRAGMA data_version` tells a
 * connection about other connections' commits only, so the stores sharing one connection learn
 * of each other's writes here.
 */
const ownWrites = new WeakMap<Db, number>();

/**
 * API keys for the mail service. Only SHA-256 digests are stored; a presented key is hashed
 * and compared with every stored digest by crypto.timingSafeEqual (equal lengths, no early
 * exit), so timing tells nothing about any key.
 *
 * The rows are kept between checks (reading them cost ~9 µs of every keyed request) and read
 * again as soon as they may have changed, so a disabled key stops working at once: after any
 * write through this connection (ownWrites), and whenever `PRAGMA data_version` moves, which
 * it does on every commit by another connection (the `keys` CLI runs in another process).
 */
export class ApiKeyStore {
  private readonly all;
  private readonly dataVersion;
  /** The rows as last read, and the versions they were read at. */
  private cached: { rows: KeyRow[]; dataVersion: unknown; ownWrites: number } | null = null;
  private readonly insert;
  private readonly setDisabled;
  private readonly setEnabled;
  private readonly remove;
  private readonly enabled;
  private readonly revokeListeners = new Set<(id: number) => void>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.all = db.prepare<[], KeyRow>('SELECT * FROM api_keys ORDER BY id');
    this.dataVersion = db.prepare<[], unknown>('PRAGMA data_version').pluck();
    this.insert = db.prepare<[string, Buffer, string, number]>(
      'INSERT INTO api_keys (name, key_hash, hint, created_at) VALUES (?, ?, ?, ?)',
    );
    this.setDisabled = db.prepare<[number, number]>(
      'UPDATE api_keys SET disabled_at = coalesce(disabled_at, ?) WHERE id = ?',
    );
    this.setEnabled = db.prepare<[number]>('UPDATE api_keys SET disabled_at = NULL WHERE id = ?');
    this.remove = db.prepare<[number]>('DELETE FROM api_keys WHERE id = ?');
    this.enabled = db
      .prepare<[number], number>('SELECT 1 FROM api_keys WHERE id = ? AND disabled_at IS NULL')
      .pluck();
  }

  /** A new key: 32 random bytes, base64url, behind a recognisable prefix. */
  create(name: string): CreatedApiKey {
    const key = KEY_PREFIX + randomBytes(32).toString('base64url');
    const hint = key.slice(-4);
    const createdAt = this.clock.now();
    const { lastInsertRowid } = this.insert.run(name, digest(key), hint, createdAt);
    this.wrote();
    return { id: Number(lastInsertRowid), name, hint, createdAt, disabledAt: null, key };
  }

  list(): ApiKeyInfo[] {
    return this.all.all().map(toInfo);
  }

  count(): number {
    return this.all.all().length;
  }

  /** True when a key with this id existed (disabling twice keeps the first time). */
  disable(id: number): boolean {
    const changed = this.setDisabled.run(this.clock.now(), id).changes > 0;
    this.wrote();
    return this.revoked(id, changed);
  }

  /** True when a key with this id exists; it works again from the next request (enabling twice is fine). */
  enable(id: number): boolean {
    const changed = this.setEnabled.run(id).changes > 0;
    this.wrote();
    return changed;
  }

  delete(id: number): boolean {
    const changed = this.remove.run(id).changes > 0;
    this.wrote();
    return this.revoked(id, changed);
  }

  /** True while key `id` exists and is not disabled (read from the database each time). */
  isEnabled(id: number): boolean {
    return this.enabled.get(id) !== undefined;
  }

  /**
   * Hears every key this store disables or deletes, right after the change (the sessions held
   * with it end). Changes by another process are found by key-sessions.ts's watch instead.
   */
  onRevoke(listener: (id: number) => void): () => void {
    this.revokeListeners.add(listener);
    return () => this.revokeListeners.delete(listener);
  }

  check(presented: string | null): KeyCheck {
    const identity = this.identify(presented);
    return typeof identity === 'object' ? 'ok' : identity;
  }

  /** The key `presented` is, if it is a usable one; else why not. */
  identify(presented: string | null): KeyIdentity {
    if (presented === null || presented === '') return 'missing';
    const presentedDigest = digest(presented);
    let match: KeyRow | null = null;
    // Every row is compared, so the time does not depend on which one matches.
    for (const row of this.rows()) {
      if (row.key_hash.length === presentedDigest.length) {
        if (timingSafeEqual(row.key_hash, presentedDigest)) match = row;
      }
    }
    if (!match) return 'invalid';
    return match.disabled_at === null ? { id: match.id } : 'disabled';
  }

  /** The rows, read again when anything may have written them since the last read. */
  private rows(): readonly KeyRow[] {
    // Inside a transaction the rows may include writes that are yet to be rolled back.
    if (this.db.inTransaction) return this.all.all();
    const version = this.dataVersion.get();
    const writes = ownWrites.get(this.db) ?? 0;
    const cached = this.cached;
    if (cached && cached.dataVersion === version && cached.ownWrites === writes) return cached.rows;
    const rows = this.all.all();
    this.cached = { rows, dataVersion: version, ownWrites: writes };
    return rows;
  }

  private wrote(): void {
    ownWrites.set(this.db, (ownWrites.get(this.db) ?? 0) + 1);
  }

  private revoked(id: number, changed: boolean): boolean {
    if (changed) for (const listener of [...this.revokeListeners]) listener(id);
    return changed;
  }
}

function digest(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

function toInfo(row: KeyRow): ApiKeyInfo {
  return {
    id: row.id,
    name: row.name,
    hint: row.hint,
    createdAt: row.created_at,
    disabledAt: row.disabled_at,
  };
}
