import type { Migration } from './migration.ts';

/**
 * Webhooks: the user's endpoints with their signing secret, and an outbox.
 *
 * `webhook_events` is the outbox: one row per event and endpoint, written in the transaction
 * that stores the mail, before any try, so a restart or kill -9 finds every pending event
 * (`next_at` is when it is due). `payload` is the exact JSON body that is signed and sent on
 * every try. `webhook_attempts` keeps each try's outcome for GET …/deliveries. Deleting an
 * endpoint deletes its events and attempts (foreign keys are on, db/open-database.ts).
 */
export const webhooks: Migration = {
  version: 6,
  name: 'webhooks',
  sql: `
    CREATE TABLE webhook_endpoints (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      url TEXT NOT NULL,
      description TEXT,
      secret TEXT NOT NULL,
      created_at INTEGER NOT NULL
    ) STRICT;

    CREATE TABLE webhook_events (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      endpoint_id INTEGER NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
      message_id TEXT NOT NULL,
      type TEXT NOT NULL,
      payload TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
      tries INTEGER NOT NULL DEFAULT 0,
      next_at INTEGER
    ) STRICT;
    CREATE INDEX webhook_events_due ON webhook_events (endpoint_id, next_at, id)
      WHERE state = 'pending';
    CREATE INDEX webhook_events_endpoint ON webhook_events (endpoint_id, state);

    CREATE TABLE webhook_attempts (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      event_id INTEGER NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
      endpoint_id INTEGER NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
      attempted_at INTEGER NOT NULL,
      status_code INTEGER,
      error TEXT,
      duration_ms INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX webhook_attempts_endpoint ON webhook_attempts (endpoint_id, id);
    CREATE INDEX webhook_attempts_event ON webhook_attempts (event_id);
  `,
};
