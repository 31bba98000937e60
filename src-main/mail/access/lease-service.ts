import { randomInt } from 'node:crypto';
import { MAIL_LIMITS } from '../../../src-shared/mail/limits.ts';
import type { Lease } from '../../../src-shared/mail/schemas.ts';
import { AppError } from '../../core/app-error.ts';
import type { Clock } from '../../core/clock.ts';
import {
  mailboxCandidates,
  poolEntryDomain,
  type MailAddress,
} from '../../../src-shared/mail/address.ts';
import { requireAddress } from './address.ts';
import type { DomainPool } from './domain-pool.ts';
import type { LeaseRecord, LeaseStore } from './lease-store.ts';

export interface LeasePolicy {
  leaseMs: number;
  extensionMs: number;
  maxExtensionCount: number;
}

export const DEFAULT_LEASE_POLICY: LeasePolicy = {
  leaseMs: MAIL_LIMITS.leaseMinutes * 60_000,
  extensionMs: MAIL_LIMITS.extensionMinutes * 60_000,
  maxExtensionCount: MAIL_LIMITS.maxExtensionCount,
};

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** 36^10 ≈ 3.7e15 local parts; a clash is already unlikely, five in a row means a bug. */
const MAX_DRAWS = 5;

/**
 * The lease state table (generate, extend, reuse; expired means `expires_at <= now`) and its
 * edge cases, as docs/decisions.md "Leases" lists them.
 */
export class LeaseService {
  constructor(
    private readonly store: LeaseStore,
    private readonly pool: DomainPool,
    private readonly clock: Clock,
    private readonly policy: LeasePolicy = DEFAULT_LEASE_POLICY,
  ) {}

  /** GET /api/generate: a new address on `domain` (a pool entry), else one drawn from the pool. */
  generate(domain?: string): Lease {
    const entry = this.entryFor(domain);
    return this.store.transaction(() => this.issueNew(entry));
  }

  /** POST /api/generate/batch: `count` new addresses, all or none, on `domain` if given. */
  batch(count: number, domain?: string): Lease[] {
    const entry = this.entryFor(domain);
    return this.store.transaction(() => Array.from({ length: count }, () => this.issueNew(entry)));
  }

  /** GET /api/mailboxes/{email}/lease: the stored lease, expired or not. */
  lease(raw: string): Lease {
    const address = requireAddress(raw);
    const record = this.store.get(address.email);
    if (!record) throw this.unknown(address);
    return this.view(record);
  }

  /** POST extend: +15 min while unexpired (up to the limit); reactivates or creates otherwise. */
  extend(raw: string): Lease {
    const address = this.poolAddress(raw);
    return this.store.transaction(() => {
      const record = this.store.get(address.email);
      const now = this.clock.now();
      if (!record || record.expiresAt <= now) return this.view(this.fresh(address, now));
      if (record.extensionCount >= record.maxExtensionCount) {
        throw new AppError(
          'MAIL_EXTENSION_LIMIT',
          `extension limit reached: ${address.email} has been extended ${record.maxExtensionCount} times; it can be reused once it expires.`,
        );
      }
      const extended = {
        ...record,
        expiresAt: record.expiresAt + this.policy.extensionMs,
        extensionCount: record.extensionCount + 1,
      };
      this.store.save(extended);
      return this.view(extended);
    });
  }

  /** POST reuse: an unexpired lease unchanged; an expired or swept recorded address anew. */
  reuse(raw: string): Lease {
    const address = this.poolAddress(raw);
    return this.store.transaction(() => {
      const record = this.store.get(address.email);
      const now = this.clock.now();
      if (record && record.expiresAt > now) return this.view(record);
      if (!record && !this.store.wasIssued(address.email)) throw this.unknown(address);
      return this.view(this.fresh(address, now));
    });
  }

  /** SMTP: may mail for this (lower-case) address, or a mailbox it is a sub-address of, be accepted now? */
  isReceiving(email: string): boolean {
    const now = this.clock.now();
    return mailboxCandidates(email).some((candidate) => {
      const record = this.store.get(candidate);
      return record !== null && record.expiresAt > now;
    });
  }

  /** The unexpired lease mail to this address is for (sub-addressing), or null when none. */
  receivingMailbox(email: string): string | null {
    const now = this.clock.now();
    for (const candidate of mailboxCandidates(email)) {
      const record = this.store.get(candidate);
      if (record && record.expiresAt > now) return candidate;
    }
    return null;
  }

  /**
   * The mailbox a recipient's copy is stored in: the first of mailboxCandidates with an
   * unexpired lease, else the first with a lease record, else the `+tag`-less address.
   */
  mailboxFor(email: string): string {
    const candidates = mailboxCandidates(email);
    const receiving = this.receivingMailbox(email);
    if (receiving) return receiving;
    return candidates.find((c) => this.store.get(c) !== null) ?? candidates.at(-1) ?? email;
  }

  /** Reading mail needs a lease record; its absence is a 404, or a 400 off the pool. */
  requireRecorded(raw: string): MailAddress {
    const address = requireAddress(raw);
    if (!this.store.get(address.email)) throw this.unknown(address);
    return address;
  }

  /** The chosen entry, checked against the pool; undefined means one drawn per address. */
  private entryFor(domain: string | undefined): string | undefined {
    return domain === undefined ? undefined : this.pool.entry(domain);
  }

  private issueNew(chosen: string | undefined): Lease {
    const entry = chosen ?? this.pool.pick();
    if (entry === null) {
      throw new AppError(
        'MAIL_NO_DOMAIN',
        'No mail domain is configured; add one in the settings or start with --domain.',
      );
    }
    // A pool mailbox `name@domain` gives `name+<random>@domain` (plus addressing).
    const domain = poolEntryDomain(entry);
    const prefix = entry.includes('@') ? `${entry.slice(0, entry.lastIndexOf('@'))}+` : '';
    for (let draw = 0; draw < MAX_DRAWS; draw++) {
      const local = prefix + randomLocalPart();
      if (this.store.localPartTaken(local)) continue;
      return this.view(
        this.fresh({ email: `${local}@${domain}`, local, domain }, this.clock.now()),
      );
    }
    throw new AppError('MAIL_NO_DOMAIN', 'Could not draw a new address; try again.');
  }

  private fresh(address: MailAddress, now: number): LeaseRecord {
    const record: LeaseRecord = {
      email: address.email,
      domain: address.domain,
      generatedAt: now,
      expiresAt: now + this.policy.leaseMs,
      extensionCount: 0,
      maxExtensionCount: this.policy.maxExtensionCount,
    };
    this.store.recordIssued(address.email, address.local);
    this.store.save(record);
    return record;
  }

  /** Extend and reuse create leases, so the domain must be one the pool serves. */
  private poolAddress(raw: string): MailAddress {
    const address = requireAddress(raw);
    if (!this.pool.serves(address)) throw unsupportedDomain(address);
    return address;
  }

  private unknown(address: MailAddress): AppError {
    if (!this.pool.serves(address)) return unsupportedDomain(address);
    return new AppError(
      'MAILBOX_NOT_FOUND',
      `${address.email} has no lease: it was never generated here, or it expired more than the retention period ago.`,
    );
  }

  private view(record: LeaseRecord): Lease {
    return {
      email: record.email,
      domain: record.domain,
      expires_in_minutes: Math.round(this.policy.leaseMs / 60_000),
      generated_at: new Date(record.generatedAt).toISOString(),
      expires_at: new Date(record.expiresAt).toISOString(),
      extension_count: record.extensionCount,
      max_extension_count: record.maxExtensionCount,
    };
  }
}

function unsupportedDomain(address: MailAddress): AppError {
  return new AppError(
    'MAIL_DOMAIN_UNSUPPORTED',
    `${address.domain} is not one of this server's mail domains.`,
  );
}

/** 10 characters of [a-z0-9] from the CSPRNG (randomInt has no modulo bias). */
export function randomLocalPart(length: number = MAIL_LIMITS.localPartLength): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
