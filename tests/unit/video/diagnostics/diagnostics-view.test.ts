import { describe, expect, it } from 'vitest';
import { TaskDiagnosticsSchema } from '../../../../src-shared/video/schemas.ts';
import { toTaskDiagnostics } from '../../../../src-main/video/diagnostics/diagnostics-view.ts';
import { interruptedFailure } from '../../../../src-main/video/task-failure.ts';
import { newTaskRecord } from '../../../../src-main/video/task-record.ts';

const ABOUT = { appVersion: '2.0.0', os: 'win32 x64' };

describe('toTaskDiagnostics', () => {
  it('reads a failed task without a run log (interrupted while queued) as a record with no steps', () => {
    const record = newTaskRecord('tok', 'kuaishou', 'https://v.kuaishou.com/x', 1_795_000_000_500);
    const failure = interruptedFailure('queued');
    Object.assign(record, {
      status: 'failed',
      error: failure.message,
      errorCode: failure.code,
      retryable: failure.retryable,
    });
    const view = TaskDiagnosticsSchema.strict().parse(
      toTaskDiagnostics(record, ABOUT, 1_795_000_010),
    );
    expect(view).toEqual({
      task_id: 'tok',
      platform: 'kuaishou',
      status: 'failed',
      app_version: '2.0.0',
      os: 'win32 x64',
      error: failure.message,
      error_code: 'interrupted',
      retryable: true,
      started_at: 1_795_000_000,
      finished_at: 1_795_000_000,
      failure: null,
      steps: [],
      steps_dropped: 0,
      proxy: null,
      server_time: 1_795_000_010,
    });
  });

  it('gives a completed task no error fields, whatever its log holds', () => {
    const record = newTaskRecord('tok', 'douyin', 'https://v.douyin.com/x/', 0);
    record.status = 'completed';
    record.diagnostics = {
      started_at: 5,
      finished_at: 9,
      failure: null,
      steps: [],
      steps_dropped: 0,
      proxy: { host: '127.0.0.1:7890', from: 'settings' },
    };
    expect(toTaskDiagnostics(record, ABOUT, 10)).toMatchObject({
      status: 'completed',
      error: null,
      error_code: null,
      retryable: null,
      started_at: 5,
      finished_at: 9,
      proxy: { host: '127.0.0.1:7890', from: 'settings' },
    });
  });
});
