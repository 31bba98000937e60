import type { Migration } from './migration.ts';

/**
 * Mail sources (existing mailboxes read over IMAP) and the Message-IDs of stored mail.
 *
 * A source's cursor is `uid_validity` + `last_uid`: every message up to `last_uid` has been
 * looked at. It is written in the same transaction as the raw message it took
 * (mail/sources/source-ingest.ts), so a restart, even a kill -9 in the middle of a fetch,
 * neither loses a message nor stores one twice. NULL `uid_validity`: the source has not opened
 * its mailbox yet, and starts at the mailbox's end (minus `since_ms` of recent mail).
 * `secret` is the password as the SecretBox sealed it (`secret_format` names how); it is
 * never read back into an answer. `stopped_error` is set when a lasting failure (a refused
 * password, an untrusted certificate, a missing mailbox) stopped the source, so a restart of
 * the app does not try a known-bad password again; changing the source clears it.
 *
 * mail_message_ids: one row per mailbox and Message-ID of stored raw mail, from SMTP and IMAP,
 * so a mail that reaches a lease both ways is stored once. Rows go with their raw message.
 */
export const mailSources: Migration = {
  version: 5,
  name: 'mail-sources',
  sql: `
    CREATE TABLE mail_sources (
      id            TEXT PRIMARY KEY,
      kind          TEXT NOT NULL,
      host          TEXT NOT NULL,
      port          INTEGER NOT NULL,
      tls           TEXT NOT NULL,
      username      TEXT NOT NULL,
      secret        BLOB NOT NULL,
      secret_format TEXT NOT NULL,
      mailbox       TEXT NOT NULL,
      after_ingest  TEXT NOT NULL,
      since_ms      INTEGER NOT NULL DEFAULT 0,
      uid_validity  TEXT,
      last_uid      INTEGER NOT NULL DEFAULT 0,
      stopped_error TEXT,
      last_mail_at  INTEGER,
      taken         INTEGER NOT NULL DEFAULT 0,
      created_at    INTEGER NOT NULL
    ) STRICT;

    CREATE TABLE mail_message_ids (
      email      TEXT NOT NULL,
      message_id TEXT NOT NULL,
      raw_id     INTEGER NOT NULL,
      PRIMARY KEY (email, message_id)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX mail_message_ids_raw ON mail_message_ids (raw_id);

    CREATE TRIGGER mail_raw_drop_message_ids AFTER DELETE ON mail_raw BEGIN
      DELETE FROM mail_message_ids WHERE raw_id = OLD.id;
    END;
  `,
};
