import type { Migration } from './migration.ts';

/**
 * Read state and search for received mail.
 *
 * `is_read` is 0 or 1 (STRICT has no boolean). `mail_search` is an external-content FTS5 index
 * over sender, subject and text: the words live once, in mail_messages; the index holds only
 * the terms. Its content is the view `mail_search_source`, which adds `mailbox`: the mailbox
 * address as one hex token (hex() is all letters and digits, so unicode61 keeps it whole).
 * A search ANDs that token with the words, so FTS5 walks one mailbox's short doclist and seeks
 * in the words' long ones, instead of reading every mail that says "code" in every mailbox.
 * Triggers keep the index in step with inserts and deletes (mail is never edited; only
 * `is_read` changes, which the index does not hold); the index is filled from the mails
 * already stored when the migration runs.
 */
export const mailControl: Migration = {
  version: 4,
  name: 'mail-control',
  sql: `
    ALTER TABLE mail_messages ADD COLUMN is_read INTEGER NOT NULL DEFAULT 0;

    CREATE VIEW mail_search_source AS
      SELECT id, hex(email) AS mailbox, from_address, from_name, subject, text
      FROM mail_messages;

    CREATE VIRTUAL TABLE mail_search USING fts5(
      mailbox, from_address, from_name, subject, text,
      content = 'mail_search_source', content_rowid = 'id',
      tokenize = 'unicode61 remove_diacritics 2'
    );

    CREATE TRIGGER mail_search_insert AFTER INSERT ON mail_messages BEGIN
      INSERT INTO mail_search (rowid, mailbox, from_address, from_name, subject, text)
      VALUES (new.id, hex(new.email), new.from_address, new.from_name, new.subject, new.text);
    END;

    CREATE TRIGGER mail_search_delete AFTER DELETE ON mail_messages BEGIN
      INSERT INTO mail_search (mail_search, rowid, mailbox, from_address, from_name, subject, text)
      VALUES ('delete', old.id, hex(old.email), old.from_address, old.from_name, old.subject,
        old.text);
    END;

    CREATE TRIGGER mail_search_update
    AFTER UPDATE OF email, from_address, from_name, subject, text ON mail_messages BEGIN
      INSERT INTO mail_search (mail_search, rowid, mailbox, from_address, from_name, subject, text)
      VALUES ('delete', old.id, hex(old.email), old.from_address, old.from_name, old.subject,
        old.text);
      INSERT INTO mail_search (rowid, mailbox, from_address, from_name, subject, text)
      VALUES (new.id, hex(new.email), new.from_address, new.from_name, new.subject, new.text);
    END;

    INSERT INTO mail_search (mail_search) VALUES ('rebuild');
  `,
};
