import { randomInt } from 'node:crypto';
import { DEFAULT_MAIL_DOMAIN } from '../../../src-shared/mail/limits.ts';
import { AppError } from '../../core/app-error.ts';
import type { Clock } from '../../core/clock.ts';
import type { Db } from '../../db/open-database.ts';
import {
  normalizePoolEntry,
  poolEntryDomain,
  type MailAddress,
} from '../../../src-shared/mail/address.ts';

const SEEDED = 'domains_seeded';

/**
 * The domains addresses are generated on. An entry is a domain (`<random>@domain`) or one
 * mailbox `name@domain` (plus addressing: `name+<random>@domain`, docs/API.md "Domains"). `--domain`/EPHEMERA_DOMAINS, when given, are the pool
 * for that run; otherwise the pool is the stored setting, which a fresh install seeds with
 * DEFAULT_MAIL_DOMAIN once (so a user who removes it keeps it removed).
 */
export class DomainPool {
  private readonly configured: string[] | null;
  private readonly listStored;
  private readonly insert;
  private readonly remove;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    configured: readonly string[],
  ) {
    // Validated by the config (a bad --domain stops the start); normalised again for callers
    // that build the config by hand.
    this.configured =
      configured.length > 0 ? configured.map((d) => normalizePoolEntry(d) ?? d) : null;
    this.listStored = db.prepare<[], { domain: string }>(
      'SELECT domain FROM mail_domains ORDER BY added_at, domain',
    );
    this.insert = db.prepare<[string, number]>(
      'INSERT OR IGNORE INTO mail_domains (domain, added_at) VALUES (?, ?)',
    );
    this.remove = db.prepare<[string]>('DELETE FROM mail_domains WHERE domain = ?');
    this.seedOnce();
  }

  /** The domains in use now, in a stable order. */
  list(): string[] {
    return this.configured ?? this.listStored.all().map((r) => r.domain);
  }

  has(domain: string): boolean {
    return this.list().includes(domain);
  }

  /**
   * Is the address one the pool hands out: on a pool domain, or `name+tag@domain` for a pool
   * mailbox `name@domain`?
   */
  serves(address: MailAddress): boolean {
    const entries = this.list();
    if (entries.includes(address.domain)) return true;
    const plus = address.local.indexOf('+');
    if (plus <= 0) return false;
    return entries.includes(`${address.local.slice(0, plus)}@${address.domain}`);
  }

  /** The domains of the entries (`me@gmail.com` counts as `gmail.com`), once each. */
  domainNames(): string[] {
    return [...new Set(this.list().map(poolEntryDomain))];
  }

  /**
   * The pool entry `raw` names (a domain or a pool mailbox, any case, as GET /api/info lists
   * them), for a caller that chose where its address goes; MAIL_DOMAIN_UNSUPPORTED otherwise.
   */
  entry(raw: string): string {
    const entry = normalizePoolEntry(raw);
    if (entry !== null && this.list().includes(entry)) return entry;
    throw new AppError(
      'MAIL_DOMAIN_UNSUPPORTED',
      `"${raw}" is not one of this server's mail domains; GET /api/info lists them.`,
    );
  }

  /** An entry (domain or mailbox) drawn at random from the pool, or null when it is empty. */
  pick(): string | null {
    const domains = this.list();
    if (domains.length === 0) return null;
    return domains[randomInt(domains.length)] ?? null;
  }

  /** Adds a domain or mailbox to the stored setting (the GUI's "add domain"). */
  add(raw: string): string {
    const domain = normalizePoolEntry(raw);
    if (!domain) throw new AppError('MAIL_BAD_REQUEST', `"${raw}" is not a valid mail domain.`);
    this.insert.run(domain, this.clock.now());
    return domain;
  }

  /** Removes a domain from the stored setting; mail already received stays readable. */
  delete(raw: string): void {
    const domain = normalizePoolEntry(raw);
    if (domain) this.remove.run(domain);
  }

  private seedOnce(): void {
    this.db.transaction(() => {
      const seeded = this.db.prepare('SELECT 1 FROM mail_settings WHERE key = ?').get(SEEDED);
      if (seeded) return;
      this.insert.run(DEFAULT_MAIL_DOMAIN, this.clock.now());
      this.db.prepare('INSERT INTO mail_settings (key, value) VALUES (?, ?)').run(SEEDED, '1');
    })();
  }
}
