import { MAIL_LIMITS } from '../../../src-shared/mail/limits.ts';
import type { Mail } from '../../../src-shared/mail/schemas.ts';
import { AppError } from '../../core/app-error.ts';
import type { LeaseService } from '../access/lease-service.ts';
import type { ParseQueue } from '../parse/parse-queue.ts';
import type { LiveHub } from '../push/live-hub.ts';
import type { ListedBulkResult } from './listed-json.ts';
import { asMailPage } from '../store/mail-page.ts';
import type { ListedPage, MailPage, MailStore } from '../store/mail-store.ts';
import type { MailSearch } from '../store/mail-search.ts';
import { fullMailJson } from './full-mail.ts';
import { checkReadQuery, type ReadQuery } from './read-query.ts';
import { parseSearch, searchExpression } from '../store/search-query.ts';
import type { Readable } from 'node:stream';

/**
 * How long a list read waits for mail already answered 250 to that mailbox to be parsed
 * (parsing trails the 250 by milliseconds, seconds only in a burst of thousands).
 */
export const SETTLE_MS = 5_000;

/**
 * Reading mail: one mailbox (optionally held as a long poll) or many at once. Every answer is
 * bounded in bytes: bodies are cut (MailStore), and a page stops at `budget` bytes with at
 * least one mail, saying `more` so the client goes on with after_id = the last id.
 * The `listed…` methods keep the cut bodies as UTF-8 bytes for HTTP (listed-json.ts writes
 * them out); the others give objects, for the desktop's IPC.
 */
export class MailReader {
  constructor(
    private readonly leases: LeaseService,
    private readonly store: MailStore,
    private readonly searching: MailSearch,
    private readonly hub: LiveHub,
    private readonly budget: number = MAIL_LIMITS.responseBytes,
    /** Mail acknowledged but not parsed yet, which a list read waits for (none without). */
    private readonly parsing?: Pick<ParseQueue, 'settled' | 'hasPending'>,
  ) {}

  /**
   * Resolves once the oldest `first` mails acknowledged to this mailbox so far are parsed (or
   * after SETTLE_MS), with whether mail of the mailbox is still being parsed.
   */
  private async settled(email: string, first: number): Promise<boolean> {
    if (!this.parsing) return false;
    await this.parsing.settled(email, SETTLE_MS, first);
    return this.parsing.hasPending(email);
  }

  /** GET /api/emails/{email}: ascending ids above after_id, at most limit, within the budget. */
  listedPage(rawEmail: string, query: ReadQuery): ListedPage {
    const { email } = this.leases.requireRecorded(rawEmail);
    return this.store.listedPage(email, query.afterId, query.limit, this.budget, true);
  }

  /**
   * GET /api/emails/{email}?q=: the mails matching `q` (search-query.ts), paged and bounded
   * like page().
   */
  search(rawEmail: string, q: string, query: ReadQuery): MailPage {
    return asMailPage(this.listedSearch(rawEmail, q, query));
  }

  listedSearch(rawEmail: string, q: string, query: ReadQuery): ListedPage {
    const { email } = this.leases.requireRecorded(rawEmail);
    const parsed = parseSearch(q);
    const match = searchExpression(email, parsed);
    return this.searching.listedPage(email, match, parsed, query.afterId, query.limit, this.budget);
  }

  /** GET /api/emails/{email}/{id}: the whole mail, uncut, as a stream of JSON. */
  full(rawEmail: string, id: number): Readable {
    const { email } = this.leases.requireRecorded(rawEmail);
    return fullMailJson(this.store, email, id);
  }

  /** The same as one object (the desktop's IPC: its own window, no byte budget to keep). */
  async fullMail(rawEmail: string, id: number): Promise<Mail> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.full(rawEmail, id)) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Mail;
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
  ): Promise<MailPage> {
    return asMailPage(await this.waitListed(rawEmail, query, waitMs, signal));
  }

  async waitListed(
    rawEmail: string,
    query: ReadQuery,
    waitMs: number,
    signal?: AbortSignal,
  ): Promise<ListedPage> {
    // A mail answered 250 before this request is listed, even if it is still being parsed. A
    // mail gets its id when it is stored, in the order its mailbox received it, so the page is
    // complete once the oldest `limit` pending ones are; the rest of a flood is parsed while
    // this page goes out, and `more` says that mail is on its way.
    const parsing = await this.settled(this.leases.requireRecorded(rawEmail).email, query.limit);
    const listed = this.listedPage(rawEmail, query);
    const now = parsing && !listed.more ? { ...listed, more: true } : listed;
    if (now.mails.length > 0 || waitMs <= 0) return now;
    const { email } = this.leases.requireRecorded(rawEmail);
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
    return this.listedPage(rawEmail, query);
  }

  /**
   * POST /api/emails/bulk: one result per item, in order; a bad item fails alone. The items
   * share one budget: once it is spent, later items answer `mails: []` with `more` saying
   * whether mail waits there (the whole answer still carries at least one mail).
   */
  listedBulk(items: unknown[]): ListedBulkResult[] {
    if (items.length < 1 || items.length > MAIL_LIMITS.bulkMaxItems) {
      throw new AppError(
        'MAIL_BAD_REQUEST',
        `items must hold from 1 to ${MAIL_LIMITS.bulkMaxItems} entries.`,
      );
    }
    const spent = { bytes: 0, mails: 0 };
    return items.map((item) => this.bulkItem(item, spent));
  }

  private bulkItem(item: unknown, spent: { bytes: number; mails: number }): ListedBulkResult {
    const fields =
      typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : null;
    const email = typeof fields?.email === 'string' ? fields.email : null;
    try {
      if (!fields) throw new AppError('MAIL_BAD_REQUEST', 'Each item must be an object.');
      if (email === null) throw new AppError('MAIL_BAD_REQUEST', 'email must be a string.');
      const query = checkReadQuery(fields.after_id, fields.limit);
      const { email: address } = this.leases.requireRecorded(email);
      const page = this.store.listedPage(
        address,
        query.afterId,
        query.limit,
        Math.max(0, this.budget - spent.bytes),
        spent.mails === 0,
      );
      spent.bytes += page.bytes;
      spent.mails += page.mails.length;
      return { email, page };
    } catch (err) {
      if (err instanceof AppError) return { email, error: err.message };
      throw err;
    }
  }
}
