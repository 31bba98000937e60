import type { Db } from '../../db/open-database.ts';
import { CUTS, listedColumns, listedRows, type ListedRow } from './mail-listing.ts';
import { asMailPage, collectPage, type ListedPage, type MailPage } from './mail-page.ts';
import type { SearchIndex } from './search-index.ts';

/** The `has:attachment` and `is:unread|read` conditions on mail_messages `m` (1/0, or null). */
const FILTERS = `(@attached = 0 OR json_array_length(m.attachments_json) > 0)
  AND (@unread IS NULL OR m.is_read = 1 - @unread)`;

interface SearchParams {
  email: string;
  match: string;
  afterId: number;
  attached: 0 | 1;
  unread: 0 | 1 | null;
}

/** What a search filters by besides the FTS5 expression (search-query.ts reads them from q). */
export interface SearchFilters {
  hasAttachment: boolean;
  unread: boolean | null;
}

/**
 * Searching one mailbox's mail: pages like MailStore's listings (cut, bounded in bytes), of the
 * mails an FTS5 expression and the `has:`/`is:` filters match. The index trails new mail
 * (search-index.ts), so a search first lets it catch up.
 */
export class MailSearch {
  private readonly searchStmt;
  private readonly searchMoreStmt;
  private readonly filterStmt;
  private readonly filterMoreStmt;

  constructor(
    db: Db,
    private readonly index: Pick<SearchIndex, 'catchUp'>,
  ) {
    // The mailbox is checked twice: by its token inside the MATCH (what makes it fast, see
    // 004-mail-control.ts) and by m.email (what makes it right).
    // `has:` and `is:` (search-query.ts) are columns of the mail, checked beside the MATCH; a
    // search of filters alone walks the mailbox's mails without the index.
    this.searchStmt = db.prepare<[SearchParams & { limit: number } & typeof CUTS], ListedRow>(
      `SELECT ${listedColumns('m.')}
       FROM mail_search s JOIN mail_messages m ON m.id = s.rowid
       WHERE mail_search MATCH @match AND s.rowid > @afterId AND m.email = @email AND ${FILTERS}
       ORDER BY s.rowid LIMIT @limit`,
    );
    this.searchMoreStmt = db.prepare<[SearchParams], unknown>(
      `SELECT 1 FROM mail_search s JOIN mail_messages m ON m.id = s.rowid
       WHERE mail_search MATCH @match AND s.rowid > @afterId AND m.email = @email AND ${FILTERS}
       ORDER BY s.rowid LIMIT 1`,
    );
    this.filterStmt = db.prepare<
      [Omit<SearchParams, 'match'> & { limit: number } & typeof CUTS],
      ListedRow
    >(
      `SELECT ${listedColumns('m.')} FROM mail_messages m
       WHERE m.email = @email AND m.id > @afterId AND ${FILTERS} ORDER BY m.id LIMIT @limit`,
    );
    this.filterMoreStmt = db.prepare<[Omit<SearchParams, 'match'>], unknown>(
      `SELECT 1 FROM mail_messages m
       WHERE m.email = @email AND m.id > @afterId AND ${FILTERS} ORDER BY m.id LIMIT 1`,
    );
  }

  /**
   * Like MailStore.page(), for the mails of one mailbox that an FTS5 expression matches
   * (search-query.ts builds it, mailbox token included; null: the filters alone).
   */
  page(
    email: string,
    match: string | null,
    filters: SearchFilters,
    afterId: number,
    limit: number,
    budget: number,
  ): MailPage {
    return asMailPage(this.listedPage(email, match, filters, afterId, limit, budget));
  }

  /** page() with the bodies as UTF-8 bytes. */
  listedPage(
    email: string,
    match: string | null,
    filters: SearchFilters,
    afterId: number,
    limit: number,
    budget: number,
  ): ListedPage {
    const params = {
      email,
      afterId,
      attached: filters.hasAttachment ? 1 : 0,
      unread: filters.unread === null ? null : filters.unread ? 1 : 0,
    } as const;
    if (match === null) {
      return collectPage(
        listedRows(this.filterStmt.iterate({ ...params, limit, ...CUTS })),
        afterId,
        budget,
        true,
        (lastId) => this.filterMoreStmt.get({ ...params, afterId: lastId }) !== undefined,
      );
    }
    // Every mail stored so far is found, however far the index trails.
    this.index.catchUp();
    return collectPage(
      listedRows(this.searchStmt.iterate({ ...params, match, limit, ...CUTS })),
      afterId,
      budget,
      true,
      (lastId) => this.searchMoreStmt.get({ ...params, match, afterId: lastId }) !== undefined,
    );
  }
}
