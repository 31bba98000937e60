import type { MxCheck } from '../../../src-shared/api/server-settings.ts';
import { DEFAULT_MAIL_DOMAIN } from '../../../src-shared/mail/limits.ts';
import { poolEntryDomain } from '../../../src-shared/mail/address.ts';
import type { Clock } from '../../core/clock.ts';

/** An answer holds this long; a failed lookup is tried again sooner. */
const FRESH_MS = 60 * 60_000;
const RETRY_MS = 5 * 60_000;

/**
 * Names that never have public MX records (RFC 2606, RFC 6761, mDNS): not looked up, so the
 * default pool entry and test servers send no DNS query.
 */
const NEVER_PUBLIC = /(^|\.)(localhost|test|example|invalid|local)$/;

interface Known {
  /** Has MX records; null when the lookup failed. */
  receives: boolean | null;
  at: number;
}

/**
 * Which pool domains receive mail from outside, per the same MX check as the settings screen,
 * for the domain New address preselects (GET /api/info `default_domain`). Lookups run in the
 * background (at start and whenever the answer is asked for and stale); the answer uses what
 * is known at that moment and never waits for DNS.
 */
export class DomainReach {
  private readonly known = new Map<string, Known>();
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(
    private readonly check: (domain: string) => Promise<MxCheck>,
    private readonly clock: Clock,
  ) {}

  /** Starts a lookup for each pool entry's domain not known or stale; resolves when all end. */
  refresh(entries: readonly string[]): Promise<void> {
    const now = this.clock.now();
    const lookups = [...new Set(entries.map(poolEntryDomain))]
      .filter((domain) => !NEVER_PUBLIC.test(domain) && this.stale(domain, now))
      .map((domain) => this.lookUp(domain));
    return Promise.all(lookups).then(() => undefined);
  }

  /**
   * The entry to preselect: the first (in pool order) whose domain has MX records, else the
   * default domain if the pool has it, else the first entry; null for an empty pool.
   */
  preferred(entries: readonly string[]): string | null {
    const receiving = entries.find((e) => this.known.get(poolEntryDomain(e))?.receives === true);
    if (receiving !== undefined) return receiving;
    return entries.includes(DEFAULT_MAIL_DOMAIN) ? DEFAULT_MAIL_DOMAIN : (entries[0] ?? null);
  }

  private stale(domain: string, now: number): boolean {
    if (this.inFlight.has(domain)) return false;
    const known = this.known.get(domain);
    if (!known) return true;
    return now - known.at >= (known.receives === null ? RETRY_MS : FRESH_MS);
  }

  private lookUp(domain: string): Promise<void> {
    const done = this.check(domain)
      .then(
        (result): boolean | null =>
          result.problem === 'lookup_failed' ? null : result.records.length > 0,
        (): null => null,
      )
      .then((receives) => {
        this.known.set(domain, { receives, at: this.clock.now() });
        this.inFlight.delete(domain);
      });
    this.inFlight.set(domain, done);
    return done;
  }
}
