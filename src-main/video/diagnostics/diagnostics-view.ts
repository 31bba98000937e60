import type {
  DiagnosticsLog,
  Platform,
  TaskDiagnostics,
  TaskStatus,
} from '../../../src-shared/video/schemas.ts';
import type { TaskFailure } from '../task-failure.ts';
import type { TaskRecord } from '../task-record.ts';

/** What a record says about the program that made it: for whoever reads the bug report. */
export interface DiagnosticsAbout {
  appVersion: string;
  /** Operating system and architecture, e.g. `linux x64`. */
  os: string;
}

export interface DiagnosticsSubject {
  taskId: string;
  platform: Platform;
  status: TaskStatus;
  failure: TaskFailure | null;
  /** The run's log; null for a task that has none (interrupted while queued, or older). */
  log: DiagnosticsLog | null;
  /** Unix seconds, for the times of a task without a log. */
  createdAt: number;
}

/**
 * A diagnostics record as REST, the desktop window and `probe` show it: the outcome as the
 * client already sees it (error sentence, code, retryable), the program, and the redacted run.
 */
export function diagnosticsReport(
  subject: DiagnosticsSubject,
  about: DiagnosticsAbout,
  nowSeconds: number,
): TaskDiagnostics {
  const { log, failure } = subject;
  return {
    task_id: subject.taskId,
    platform: subject.platform,
    status: subject.status,
    app_version: about.appVersion,
    os: about.os,
    error: failure?.message ?? null,
    error_code: failure?.code ?? null,
    retryable: failure?.retryable ?? null,
    started_at: log?.started_at ?? subject.createdAt,
    finished_at: log?.finished_at ?? subject.createdAt,
    failure: log?.failure ?? null,
    steps: log?.steps ?? [],
    steps_dropped: log?.steps_dropped ?? 0,
    proxy: log?.proxy ?? null,
    server_time: nowSeconds,
  };
}

/** The body of GET /api/tasks/{token}/diagnostics for a finished task. */
export function toTaskDiagnostics(
  record: TaskRecord,
  about: DiagnosticsAbout,
  nowSeconds: number,
): TaskDiagnostics {
  const failed =
    record.error !== null && record.errorCode !== null
      ? { message: record.error, code: record.errorCode, retryable: record.retryable ?? false }
      : null;
  return diagnosticsReport(
    {
      taskId: record.taskId,
      platform: record.platform,
      status: record.status,
      failure: failed,
      log: record.diagnostics,
      createdAt: Math.floor(record.createdAt / 1000),
    },
    about,
    nowSeconds,
  );
}
