import { routes, taskMediaRoutes } from '../../src-shared/api/routes.ts';
import type { Task, TaskCreated } from '../../src-shared/video/schemas.ts';
import { VIDEO_LIMITS } from '../../src-shared/video/limits.ts';
import { boundedMemo } from '../core/bounded-memo.ts';
import type { TaskProgressState, TaskRecord } from './task-record.ts';

/** Unix seconds of a millisecond timestamp. */
export function toSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/** Path of a task's status resource, relative to base_url. */
export function statusPath(taskId: string): string {
  return routes.taskGet.url({ token: taskId });
}

/** The 202 body of POST /api/tasks. */
export function toTaskCreated(record: TaskRecord, now: number): TaskCreated {
  return {
    task_id: record.taskId,
    status: record.status,
    status_url: statusPath(record.taskId),
    platform: record.platform,
    ttl_seconds: VIDEO_LIMITS.retentionSeconds,
    server_time: toSeconds(now),
  };
}

/**
 * A task's three media URLs, built once per task rather than on every status poll (built
 * strings are also flattened again by each JSON.stringify). They depend on the id alone; the
 * live tasks are a few dozen, so 1,024 entries hold them all.
 */
const mediaUrls = boundedMemo((taskId: string) => {
  const token = { token: taskId };
  return {
    download: taskMediaRoutes.download.url(token),
    preview: taskMediaRoutes.preview.url(token),
    cover: taskMediaRoutes.cover.url(token),
  };
}, 1024);

/** The task object of GET /api/tasks/{token}: every key present, null when not applicable. */
export function toTask(record: TaskRecord, progress: TaskProgressState | null, now: number): Task {
  const urls = record.status === 'completed' ? mediaUrls(record.taskId) : null;
  return {
    task_id: record.taskId,
    status: record.status,
    platform: record.platform,
    source_url: record.sourceUrl,
    title: record.title,
    author: record.author,
    progress:
      record.status === 'processing' && progress
        ? { downloaded_bytes: progress.downloadedBytes, total_bytes: progress.totalBytes }
        : null,
    media: urls
      ? {
          width: record.width,
          height: record.height,
          resolution:
            record.width !== null && record.height !== null
              ? `${record.width}x${record.height}`
              : null,
          duration: record.duration,
          size: record.size ?? 0,
          mime_type: record.mimeType ?? 'video/mp4',
          download_url: urls.download,
          preview_url: urls.preview,
          cover_url: record.coverFile ? urls.cover : null,
        }
      : null,
    created_at: toSeconds(record.createdAt),
    ready_at: record.readyAt === null ? null : toSeconds(record.readyAt),
    expires_at: record.expiresAt === null ? null : toSeconds(record.expiresAt),
    server_time: toSeconds(now),
    error: record.error,
    error_code: record.errorCode,
    retryable: record.retryable,
  };
}
