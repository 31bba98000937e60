import type { TaskDiagnostics } from '../../../src-shared/video/schemas.ts';
import type { TaskRecord } from '../task-record.ts';

/** What a record says about the program that made it: for whoever reads the bug report. */
export interface DiagnosticsAbout {
  appVersion: string;
  /** Operating system and architecture, e.g. `linux x64`. */
  os: string;
}

/**
 * The body of GET /api/tasks/{token}/diagnostics: the task's outcome as its client already
 * sees it (error sentence, code, retryable), the program, and the redacted run. A task that
 * finished without a record (interrupted while queued, saved by an older version) reads as one
 * with no steps.
 */
export function toTaskDiagnostics(
  record: TaskRecord,
  about: DiagnosticsAbout,
  nowSeconds: number,
): TaskDiagnostics {
  const log = record.diagnostics;
  const created = Math.floor(record.createdAt / 1000);
  return {
    task_id: record.taskId,
    platform: record.platform,
    status: record.status,
    app_version: about.appVersion,
    os: about.os,
    error: record.error,
    error_code: record.errorCode,
    retryable: record.retryable,
    started_at: log?.started_at ?? created,
    finished_at: log?.finished_at ?? created,
    failure: log?.failure ?? null,
    steps: log?.steps ?? [],
    steps_dropped: log?.steps_dropped ?? 0,
    server_time: nowSeconds,
  };
}
