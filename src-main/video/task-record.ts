import type {
  DiagnosticsLog,
  Platform,
  TaskErrorCode,
  TaskStatus,
} from '../../src-shared/video/schemas.ts';

/** The service's own view of a task; times in Unix milliseconds. Mapped to the API by task-view.ts. */
export interface TaskRecord {
  taskId: string;
  status: TaskStatus;
  platform: Platform;
  sourceUrl: string;
  title: string | null;
  author: string | null;
  width: number | null;
  height: number | null;
  duration: number | null;
  size: number | null;
  mimeType: string | null;
  mediaFile: string | null;
  coverFile: string | null;
  coverMime: string | null;
  createdAt: number;
  readyAt: number | null;
  expiresAt: number | null;
  error: string | null;
  errorCode: TaskErrorCode | null;
  retryable: boolean | null;
  /** The redacted record of the run, once it finished (GET /api/tasks/{token}/diagnostics). */
  diagnostics: DiagnosticsLog | null;
}

/** Live download progress; kept in memory only, it changes too often to persist. */
export interface TaskProgressState {
  downloadedBytes: number;
  totalBytes: number | null;
}

/** Statuses that hold one of the 10 slots; failed and cancelled hold none (docs/API.md, Limits). */
export function holdsSlot(record: TaskRecord): boolean {
  return (
    record.status === 'queued' || record.status === 'processing' || record.status === 'completed'
  );
}

/** Builds a freshly created, queued record. */
export function newTaskRecord(
  taskId: string,
  platform: Platform,
  sourceUrl: string,
  now: number,
): TaskRecord {
  return {
    taskId,
    status: 'queued',
    platform,
    sourceUrl,
    title: null,
    author: null,
    width: null,
    height: null,
    duration: null,
    size: null,
    mimeType: null,
    mediaFile: null,
    coverFile: null,
    coverMime: null,
    createdAt: now,
    readyAt: null,
    expiresAt: null,
    error: null,
    errorCode: null,
    retryable: null,
    diagnostics: null,
  };
}
