import type { Migration } from './migration.ts';

/** Video tasks. Times are Unix milliseconds; the API rounds them to seconds. */
export const videoTasks: Migration = {
  version: 1,
  name: 'video-tasks',
  sql: `
    CREATE TABLE video_tasks (
      task_id      TEXT PRIMARY KEY,
      status       TEXT NOT NULL,
      platform     TEXT NOT NULL,
      source_url   TEXT NOT NULL,
      title        TEXT,
      author       TEXT,
      width        INTEGER,
      height       INTEGER,
      duration     REAL,
      size         INTEGER,
      mime_type    TEXT,
      media_file   TEXT,
      cover_file   TEXT,
      cover_mime   TEXT,
      created_at   INTEGER NOT NULL,
      ready_at     INTEGER,
      expires_at   INTEGER,
      error        TEXT,
      error_code   TEXT,
      retryable    INTEGER
    ) STRICT;
    CREATE INDEX video_tasks_expires_at ON video_tasks (expires_at);
  `,
};
