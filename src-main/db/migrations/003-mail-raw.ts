import type { Migration } from './migration.ts';

/**
 * Raw messages, stored before anything else: SMTP answers 250 once the raw bytes and the
 * envelope are committed here, and parsing into mail_messages follows in the background.
 * mail_pending holds the ids not parsed yet (a separate table, so marking a message parsed
 * deletes one small row instead of rewriting a row that carries the whole message).
 * A raw row stays while a mail refers to it (GET …/raw, …/attachments/{n}); the trigger
 * deletes it with the last such mail, whichever code deletes the mail (retention or a user).
 */
export const mailRaw: Migration = {
  version: 3,
  name: 'mail-raw',
  sql: `
    CREATE TABLE mail_raw (
      id              INTEGER PRIMARY KEY AUTOINCREMENT,
      envelope_from   TEXT,
      recipients_json TEXT NOT NULL,
      received_at     INTEGER NOT NULL,
      raw             BLOB NOT NULL
    ) STRICT;

    CREATE TABLE mail_pending (
      raw_id          INTEGER PRIMARY KEY
    ) STRICT;

    -- Null for mails stored before raw messages were kept.
    ALTER TABLE mail_messages ADD COLUMN raw_id INTEGER;
    CREATE INDEX mail_messages_raw_id ON mail_messages (raw_id) WHERE raw_id IS NOT NULL;

    CREATE TRIGGER mail_messages_drop_raw AFTER DELETE ON mail_messages
    WHEN OLD.raw_id IS NOT NULL
    BEGIN
      DELETE FROM mail_raw WHERE id = OLD.raw_id
        AND NOT EXISTS (SELECT 1 FROM mail_pending WHERE raw_id = OLD.raw_id)
        AND NOT EXISTS (SELECT 1 FROM mail_messages WHERE raw_id = OLD.raw_id);
    END;
  `,
};
