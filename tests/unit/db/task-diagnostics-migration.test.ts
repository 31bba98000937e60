import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { videoTasks } from '../../../src-main/db/migrations/001-video-tasks.ts';
import { taskDiagnostics } from '../../../src-main/db/migrations/008-task-diagnostics.ts';
import { TaskStore } from '../../../src-main/video/task-store.ts';
import { newTaskRecord } from '../../../src-main/video/task-record.ts';
import type { DiagnosticsLog } from '../../../src-shared/video/schemas.ts';

const LOG: DiagnosticsLog = {
  started_at: 1,
  finished_at: 2,
  failure: {
    phase: 'resolve',
    step: null,
    error_class: 'PlatformError',
    code: 'unavailable',
    status: null,
  },
  steps: [
    { kind: 'redirect', phase: 'resolve', at_ms: 3, host: 'a.test', path: '/x', allowed: false },
  ],
  steps_dropped: 0,
  proxy: null,
};

describe('migration 008 (a task keeps its diagnostics record)', () => {
  it('keeps tasks saved before it (no record), round-trips a record, and drops one that no longer reads', () => {
    const db = new Database(':memory:');
    db.exec(videoTasks.sql);
    db.prepare(
      `INSERT INTO video_tasks (task_id, status, platform, source_url, created_at)
       VALUES ('old', 'failed', 'douyin', 'https://v.douyin.com/x/', 5)`,
    ).run();
    db.exec(taskDiagnostics.sql);
    const store = new TaskStore(db);
    expect(store.loadAll()).toMatchObject([{ taskId: 'old', diagnostics: null }]);

    store.save({
      ...newTaskRecord('new', 'tiktok', 'https://vm.tiktok.com/x/', 6),
      diagnostics: LOG,
    });
    expect(store.loadAll().find((r) => r.taskId === 'new')?.diagnostics).toEqual(LOG);

    db.prepare(`UPDATE video_tasks SET diagnostics = '{"steps": 1}' WHERE task_id = 'new'`).run();
    expect(store.loadAll().find((r) => r.taskId === 'new')?.diagnostics).toBeNull();
    db.prepare(`UPDATE video_tasks SET diagnostics = 'not json' WHERE task_id = 'new'`).run();
    expect(store.loadAll().find((r) => r.taskId === 'new')?.diagnostics).toBeNull();
    db.close();
  });
});
