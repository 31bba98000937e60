import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../core/clock.ts';

export interface OneTimeCodeOptions {
  /** How long a code stays usable after it is issued. */
  ttlMs: number;
  /** Live codes at most; issuing one more drops the oldest. */
  max: number;
}

interface Entry<T> {
  digest: Buffer;
  payload: T;
  expiresAt: number;
}

/** A code as issued: the only moment the code itself exists outside the person's hands. */
export interface IssuedCode {
  code: string;
  expiresAt: number;
}

/**
 * Short-lived, single-use codes that stand in for a secret in a link (a QR code, a sign-in
 * link): 16 random bytes, base64url. Kept in memory only, and only as SHA-256 digests, so
 * neither a heap dump nor a restart gives a usable code back; a presented code is hashed and
 * compared with every live digest by timingSafeEqual (no early exit), so timing says nothing.
 * Expiry follows the injected clock; a redeemed code is gone at once.
 */
export class OneTimeCodes<T> {
  private entries: Entry<T>[] = [];

  constructor(
    private readonly clock: Clock,
    private readonly options: OneTimeCodeOptions,
  ) {}

  issue(payload: T): IssuedCode {
    this.prune();
    const code = randomBytes(16).toString('base64url');
    const expiresAt = this.clock.now() + this.options.ttlMs;
    this.entries.push({ digest: digest(code), payload, expiresAt });
    if (this.entries.length > this.options.max) this.entries.shift();
    return { code, expiresAt };
  }

  /** What a live code stands for, without using it up; null when unknown, used or expired. */
  peek(code: string): { payload: T; expiresAt: number } | null {
    const entry = this.find(code);
    return entry ? { payload: entry.payload, expiresAt: entry.expiresAt } : null;
  }

  /** Uses the code up and returns what it stood for; null when unknown, used or expired. */
  redeem(code: string): T | null {
    const entry = this.find(code);
    if (!entry) return null;
    this.entries = this.entries.filter((e) => e !== entry);
    return entry.payload;
  }

  /** Live codes now (tests, bounds). */
  get size(): number {
    this.prune();
    return this.entries.length;
  }

  private find(code: string): Entry<T> | null {
    this.prune();
    const presented = digest(code);
    let match: Entry<T> | null = null;
    for (const entry of this.entries) if (timingSafeEqual(entry.digest, presented)) match = entry;
    return match;
  }

  private prune(): void {
    const now = this.clock.now();
    this.entries = this.entries.filter((e) => e.expiresAt > now);
  }
}

function digest(code: string): Buffer {
  return createHash('sha256').update(code, 'utf8').digest();
}
