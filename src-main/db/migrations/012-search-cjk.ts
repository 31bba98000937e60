import type { Migration } from './migration.ts';

/**
 * Chinese, Japanese and Korean text findable by any part of it (issue 33). unicode61 makes one
 * token of an unbroken run of CJK characters, so 验证码 inside 您的验证码是 was never found. The
 * index now holds its own text, written by mail/store/search/search-terms.ts: each CJK run becomes its
 * overlapping pairs of characters plus its last character alone, and a search asks for its
 * pairs as a phrase (search-query.ts). The terms are made in JavaScript, which the old index
 * could not hold: it read its columns back from a view of mail_messages, and FTS5 must be told
 * to delete exactly what it was given. A contentless table with contentless_delete (SQLite
 * 3.43+) keeps no text and deletes by rowid alone.
 *
 * The index is rebuilt from scratch in idle time and before the first search (indexed_through
 * goes back to 0). A changed indexed mail is taken out and listed in mail_search_stale, which
 * the next catch-up indexes again.
 */
export const searchCjk: Migration = {
  version: 12,
  name: 'search-cjk',
  sql: `
    DROP TRIGGER mail_search_delete;
    DROP TRIGGER mail_search_update;
    DROP TABLE mail_search;
    DROP VIEW mail_search_source;

    CREATE VIRTUAL TABLE mail_search USING fts5(
      mailbox, from_address, from_name, subject, text,
      content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 2'
    );
    UPDATE mail_search_state SET indexed_through = 0 WHERE id = 1;

    CREATE TABLE mail_search_stale (id INTEGER PRIMARY KEY) STRICT;

    CREATE TRIGGER mail_search_delete AFTER DELETE ON mail_messages
    WHEN old.id <= (SELECT indexed_through FROM mail_search_state WHERE id = 1) BEGIN
      DELETE FROM mail_search WHERE rowid = old.id;
      DELETE FROM mail_search_stale WHERE id = old.id;
    END;

    CREATE TRIGGER mail_search_update
    AFTER UPDATE OF email, from_address, from_name, subject, text ON mail_messages
    WHEN old.id <= (SELECT indexed_through FROM mail_search_state WHERE id = 1) BEGIN
      DELETE FROM mail_search WHERE rowid = old.id;
      INSERT OR IGNORE INTO mail_search_stale (id) VALUES (new.id);
    END;
  `,
};
