import { MAIL_LIMITS } from '../../src-shared/mail/limits.ts';
import type { BulkResult, Mail } from '../../src-shared/mail/schemas.ts';
import { AppError } from '../app/app-error.ts';
import type { LeaseService } from './lease-service.ts';
import type { LiveHub } from './live-hub.ts';
import type { MailStore } from './mail-store.ts';
import { checkReadQuery, type ReadQuery } from './read-query.ts';

/** Reading mail: one mailbox (optionally held as a long poll) or many at once. */
export class MailReader {
  constructor(
    private readonly leases: LeaseService,
    private readonly store: MailStore,
    private readonly hub: LiveHub,
  ) {}

  /** GET /api/emails/{email}: ascending ids above after_id, at most limit. */
  list(rawEmail: string, query: ReadQuery): Mail[] {
    const { email } = this.leases.requireRecorded(rawEmail);
    return this.store.list(email, query.afterId, query.limit);
  }

  /**
   * The same, but an empty answer is held until a newer mail is committed or `waitMs` pass.
   * `signal` ends the wait early (the client went away).
   */
  async waitList(
    rawEmail: string,
    query: ReadQuery,
    waitMs: number,
    signal?: AbortSignal,
  ): Promise<Mail[]> {
    const { email } = this.leases.requireRecorded(rawEmail);
    const now = this.store.list(email, query.afterId, query.limit);
    if (now.length > 0 || waitMs <= 0) return now;
    // Subscribed in the same tick as the read above: no commit can fall between the two.
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        unsubscribe();
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const unsubscribe = this.hub.subscribe(email, (mail) => {
        if (mail.id > query.afterId) done();
      });
      const timer = setTimeout(done, waitMs);
      signal?.addEventListener('abort', done);
    });
    return this.store.list(email, query.afterId, query.limit);
  }

  /** POST /api/emails/bulk: one result per item, in order; a bad item fails alone. */
  bulk(items: unknown[]): BulkResult[] {
    if (items.length < 1 || items.length > MAIL_LIMITS.bulkMaxItems) {
      throw new AppError(
        'MAIL_BAD_REQUEST',
        `items must hold from 1 to ${MAIL_LIMITS.bulkMaxItems} entries.`,
      );
    }
    return items.map((item) => this.bulkItem(item));
  }

  private bulkItem(item: unknown): BulkResult {
    const fields =
      typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : null;
    const email = typeof fields?.email === 'string' ? fields.email : null;
    try {
      if (!fields) throw new AppError('MAIL_BAD_REQUEST', 'Each item must be an object.');
      if (email === null) throw new AppError('MAIL_BAD_REQUEST', 'email must be a string.');
      return { email, mails: this.list(email, checkReadQuery(fields.after_id, fields.limit)) };
    } catch (err) {
      if (err instanceof AppError) return { email, error: err.message };
      throw err;
    }
  }
}
