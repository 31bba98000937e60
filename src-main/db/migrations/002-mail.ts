import type { Migration } from './migration.ts';

/**
 * The mail service: API keys, the domain pool setting, leases, every address ever issued, and
 * received mail. Times are Unix milliseconds; the API writes them as ISO 8601 UTC.
 */
export const mail: Migration = {
  version: 2,
  name: 'mail',
  sql: `
    CREATE TABLE api_keys (
      id           INTEGER PRIMARY KEY AUTOINCREMENT,
      name         TEXT NOT NULL,
      key_hash     BLOB NOT NULL UNIQUE,
      hint         TEXT NOT NULL,
      created_at   INTEGER NOT NULL,
      disabled_at  INTEGER
    ) STRICT;

    -- The pool the user keeps (settings); --domain / EPHEMERA_DOMAINS override it per run.
    CREATE TABLE mail_domains (
      domain       TEXT PRIMARY KEY,
      added_at     INTEGER NOT NULL
    ) STRICT;
    CREATE TABLE mail_settings (
      key          TEXT PRIMARY KEY,
      value        TEXT NOT NULL
    ) STRICT;

    -- Every address ever leased, kept after its lease is swept: generation never hands out a
    -- local part found here (on any domain), and reuse knows the address was recorded.
    CREATE TABLE mail_issued (
      email        TEXT PRIMARY KEY,
      local_part   TEXT NOT NULL
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX mail_issued_local_part ON mail_issued (local_part);

    CREATE TABLE mail_leases (
      email               TEXT PRIMARY KEY,
      domain              TEXT NOT NULL,
      generated_at        INTEGER NOT NULL,
      expires_at          INTEGER NOT NULL,
      extension_count     INTEGER NOT NULL,
      max_extension_count INTEGER NOT NULL
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX mail_leases_expires_at ON mail_leases (expires_at);

    CREATE TABLE mail_messages (
      id           INTEGER PRIMARY KEY AUTOINCREMENT,
      email        TEXT NOT NULL,
      from_address TEXT,
      from_name    TEXT,
      to_json      TEXT NOT NULL,
      subject      TEXT,
      text         TEXT,
      html         TEXT,
      received_at  INTEGER NOT NULL,
      code         TEXT,
      size         INTEGER NOT NULL,
      attachments_json TEXT NOT NULL
    ) STRICT;
    CREATE INDEX mail_messages_email_id ON mail_messages (email, id);
  `,
};
