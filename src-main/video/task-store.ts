import type { Db } from '../db/open-database.ts';
import type { TaskRecord } from './task-record.ts';
import {
  DiagnosticsLogSchema,
  type DiagnosticsLog,
  type Platform,
  type TaskErrorCode,
  type TaskStatus,
} from '../../src-shared/video/schemas.ts';

interface TaskRow {
  task_id: string;
  status: string;
  platform: string;
  source_url: string;
  title: string | null;
  author: string | null;
  width: number | null;
  height: number | null;
  duration: number | null;
  size: number | null;
  mime_type: string | null;
  media_file: string | null;
  cover_file: string | null;
  cover_mime: string | null;
  created_at: number;
  ready_at: number | null;
  expires_at: number | null;
  error: string | null;
  error_code: string | null;
  retryable: number | null;
  diagnostics: string | null;
}

const UPSERT = `
  INSERT INTO video_tasks (task_id, status, platform, source_url, title, author, width, height,
    duration, size, mime_type, media_file, cover_file, cover_mime, created_at, ready_at, expires_at,
    error, error_code, retryable, diagnostics)
  VALUES (@task_id, @status, @platform, @source_url, @title, @author, @width, @height, @duration,
    @size, @mime_type, @media_file, @cover_file, @cover_mime, @created_at, @ready_at, @expires_at,
    @error, @error_code, @retryable, @diagnostics)
  ON CONFLICT (task_id) DO UPDATE SET status = excluded.status, title = excluded.title,
    author = excluded.author, width = excluded.width, height = excluded.height,
    duration = excluded.duration, size = excluded.size, mime_type = excluded.mime_type,
    media_file = excluded.media_file, cover_file = excluded.cover_file,
    cover_mime = excluded.cover_mime, ready_at = excluded.ready_at,
    expires_at = excluded.expires_at, error = excluded.error, error_code = excluded.error_code,
    retryable = excluded.retryable, diagnostics = excluded.diagnostics`;
const DELETE = 'DELETE FROM video_tasks WHERE task_id = ?';
const ALL = 'SELECT * FROM video_tasks';

/** SQLite persistence of video tasks; the scheduler keeps the working set in memory. */
export class TaskStore {
  private readonly upsert;
  private readonly remove;
  private readonly all;

  constructor(db: Db) {
    this.upsert = db.prepare<[TaskRow]>(UPSERT);
    this.remove = db.prepare<[string]>(DELETE);
    this.all = db.prepare<[], TaskRow>(ALL);
  }

  save(record: TaskRecord): void {
    this.upsert.run(toRow(record));
  }

  delete(taskId: string): void {
    this.remove.run(taskId);
  }

  loadAll(): TaskRecord[] {
    return this.all.all().map(fromRow);
  }
}

function toRow(r: TaskRecord): TaskRow {
  return {
    task_id: r.taskId,
    status: r.status,
    platform: r.platform,
    source_url: r.sourceUrl,
    title: r.title,
    author: r.author,
    width: r.width,
    height: r.height,
    duration: r.duration,
    size: r.size,
    mime_type: r.mimeType,
    media_file: r.mediaFile,
    cover_file: r.coverFile,
    cover_mime: r.coverMime,
    created_at: r.createdAt,
    ready_at: r.readyAt,
    expires_at: r.expiresAt,
    error: r.error,
    error_code: r.errorCode,
    retryable: r.retryable === null ? null : Number(r.retryable),
    diagnostics: r.diagnostics === null ? null : JSON.stringify(r.diagnostics),
  };
}

function fromRow(row: TaskRow): TaskRecord {
  return {
    taskId: row.task_id,
    status: row.status as TaskStatus,
    platform: row.platform as Platform,
    sourceUrl: row.source_url,
    title: row.title,
    author: row.author,
    width: row.width,
    height: row.height,
    duration: row.duration,
    size: row.size,
    mimeType: row.mime_type,
    mediaFile: row.media_file,
    coverFile: row.cover_file,
    coverMime: row.cover_mime,
    createdAt: row.created_at,
    readyAt: row.ready_at,
    expiresAt: row.expires_at,
    error: row.error,
    errorCode: row.error_code as TaskErrorCode | null,
    retryable: row.retryable === null ? null : row.retryable !== 0,
    diagnostics: parseDiagnostics(row.diagnostics),
  };
}

/** A stored record, or null when there is none or it no longer reads as one. */
function parseDiagnostics(text: string | null): DiagnosticsLog | null {
  if (text === null) return null;
  try {
    const parsed = DiagnosticsLogSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
