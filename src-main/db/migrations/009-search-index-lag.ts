import type { Migration } from './migration.ts';

/**
 * The search index (004) no longer follows every insert: filling it cost a third of what
 * storing a mail costs, on the thread that answers SMTP, during floods when nobody searches.
 * Mails up to `indexed_through` are in mail_search; newer ones are added in idle time, and
 * before any search (mail/store/search-index.ts). Only indexed rows are taken out of the index when
 * they are deleted or changed: FTS5 must never be told to delete what it was never given.
 */
export const searchIndexLag: Migration = {
  version: 9,
  name: 'search-index-lag',
  sql: `
    CREATE TABLE mail_search_state (
      id               INTEGER PRIMARY KEY CHECK (id = 1),
      indexed_through  INTEGER NOT NULL
    ) STRICT;
    INSERT INTO mail_search_state (id, indexed_through)
      VALUES (1, (SELECT coalesce(max(id), 0) FROM mail_messages));

    DROP TRIGGER mail_search_insert;
    DROP TRIGGER mail_search_delete;
    DROP TRIGGER mail_search_update;

    CREATE TRIGGER mail_search_delete AFTER DELETE ON mail_messages
    WHEN old.id <= (SELECT indexed_through FROM mail_search_state WHERE id = 1) BEGIN
      INSERT INTO mail_search (mail_search, rowid, mailbox, from_address, from_name, subject, text)
      VALUES ('delete', old.id, hex(old.email), old.from_address, old.from_name, old.subject,
        old.text);
    END;

    CREATE TRIGGER mail_search_update
    AFTER UPDATE OF email, from_address, from_name, subject, text ON mail_messages
    WHEN old.id <= (SELECT indexed_through FROM mail_search_state WHERE id = 1) BEGIN
      INSERT INTO mail_search (mail_search, rowid, mailbox, from_address, from_name, subject, text)
      VALUES ('delete', old.id, hex(old.email), old.from_address, old.from_name, old.subject,
        old.text);
      INSERT INTO mail_search (rowid, mailbox, from_address, from_name, subject, text)
      VALUES (new.id, hex(new.email), new.from_address, new.from_name, new.subject, new.text);
    END;
  `,
};
