import type { Migration } from './migration.ts';

/**
 * A finished video task's redacted diagnostics record (src-main/video/diagnostics/), as JSON,
 * so that a failed task's record survives a restart for the rest of its 180 s like the task
 * itself. NULL for tasks that have none (still running, or saved before this step).
 */
export const taskDiagnostics: Migration = {
  version: 8,
  name: 'task-diagnostics',
  sql: `ALTER TABLE video_tasks ADD COLUMN diagnostics TEXT;`,
};
