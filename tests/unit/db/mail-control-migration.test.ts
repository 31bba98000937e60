import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { mail } from '../../../src-main/db/migrations/002-mail.ts';
import { mailRaw } from '../../../src-main/db/migrations/003-mail-raw.ts';
import { mailControl } from '../../../src-main/db/migrations/004-mail-control.ts';
import { mailLink } from '../../../src-main/db/migrations/007-mail-link.ts';
import { searchIndexLag } from '../../../src-main/db/migrations/009-search-index-lag.ts';
import { parseAttempts } from '../../../src-main/db/migrations/010-parse-attempts.ts';
import { searchCjk } from '../../../src-main/db/migrations/012-search-cjk.ts';
import { MailStore } from '../../../src-main/mail/store/mail-store.ts';
import { MailSearch } from '../../../src-main/mail/store/mail-search.ts';
import { parseSearch, searchExpression } from '../../../src-main/mail/store/search-query.ts';

const insert = `INSERT INTO mail_messages (email, from_address, from_name, to_json, subject, text,
  html, received_at, code, size, attachments_json) VALUES (?, 'x@example.org', NULL, '[]', ?, ?,
  NULL, 0, NULL, 1, '[]')`;

describe('migration 004 (read state, search index)', () => {
  it('indexes mail stored before it ran, marks it unread, and follows later inserts and deletes', () => {
    const db = new Database(':memory:');
    db.exec(mail.sql);
    db.prepare(insert).run('a@d.test', 'Old invoice', 'paid');
    db.prepare(insert).run('b@d.test', 'Old invoice', 'paid');
    db.exec(mailRaw.sql);
    db.exec(mailControl.sql);
    db.exec(mailLink.sql); // the store reads every column of today's schema
    db.exec(searchIndexLag.sql);
    // The mail store of today writes parse_error (010).
    db.exec(parseAttempts.sql);
    db.exec(searchCjk.sql); // the index as the store fills it today
    const store = new MailStore(db);
    const find = (email: string, q: string) => {
      const parsed = parseSearch(q);
      const match = searchExpression(email, parsed);
      return new MailSearch(db, store.searchIndex)
        .page(email, match, parsed, 0, 50, 1 << 20)
        .mails.map((x) => x.id);
    };
    expect(find('a@d.test', 'invoice')).toEqual([1]);
    expect(store.page('a@d.test', 0, 50, 1 << 20, true).mails[0]?.read).toBe(false);
    db.prepare(insert).run('a@d.test', 'New invoice', 'due');
    expect(find('a@d.test', 'invoice')).toEqual([1, 3]);
    expect(store.setRead('a@d.test', 3, true)).toBe(true);
    expect(find('a@d.test', 'due')).toEqual([3]); // an update of is_read leaves the index alone
    // Mark all read: one mailbox's unread mails, counted; the other mailbox untouched; then 0.
    expect(store.setAllRead('a@d.test')).toBe(1);
    expect(store.page('a@d.test', 0, 50, 1 << 20, true).mails.map((x) => x.read)).toEqual([
      true,
      true,
    ]);
    expect(store.page('b@d.test', 0, 50, 1 << 20, true).mails[0]?.read).toBe(false);
    expect(store.setAllRead('a@d.test')).toBe(0);
    expect(find('a@d.test', 'paid')).toEqual([1]); // nor does marking all read
    expect(store.deleteOne('a@d.test', 1)).toBe(true);
    expect(find('a@d.test', 'invoice')).toEqual([3]);
    expect(store.deleteAll('b@d.test')).toBe(1);
    expect(find('b@d.test', 'invoice')).toEqual([]);
    // The index agrees with its content table (FTS5's own consistency check).
    expect(() =>
      db.exec("INSERT INTO mail_search (mail_search) VALUES ('integrity-check')"),
    ).not.toThrow();
    db.close();
  });
});
