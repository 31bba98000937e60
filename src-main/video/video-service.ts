import type {
  Capacity,
  Platform,
  Task,
  TaskCreated,
  TaskDiagnostics,
} from '../../src-shared/video/schemas.ts';
import { VIDEO_LIMITS } from '../../src-shared/video/limits.ts';
import { AppError } from '../core/app-error.ts';
import type { Clock } from '../core/clock.ts';
import type { MediaStore } from './media-store.ts';
import type { TaskScheduler } from './scheduler.ts';
import { toSeconds, toTask, toTaskCreated } from './task-view.ts';
import type { TaskRecord } from './task-record.ts';
import { toTaskDiagnostics, type DiagnosticsAbout } from './diagnostics/diagnostics-view.ts';

/** Free space a task may need: the largest file plus room for its cover and the database. */
export const REQUIRED_FREE_BYTES = VIDEO_LIMITS.maxFileBytes + 32 * 1024 * 1024;

export type MediaKind = 'download' | 'preview' | 'cover';

/** A file ready to be served. */
export interface MediaFile {
  taskId: string;
  path: string;
  contentType: string;
  title: string | null;
  platform: Platform;
}

export interface VideoServiceDeps {
  scheduler: TaskScheduler;
  media: MediaStore;
  clock: Clock;
  /** Bytes free for media; injectable so the 507 path can be tested. */
  freeBytes?: () => number;
  /** The version and system a diagnostics record names (unknown when not given). */
  about?: DiagnosticsAbout;
}

/**
 * What the REST routes (and later the desktop IPC handlers) call: the video service's use cases
 * in API terms, with every refusal as an AppError.
 */
export class VideoService {
  constructor(private readonly deps: VideoServiceDeps) {}

  create(platform: Platform, url: string): TaskCreated {
    const free = (this.deps.freeBytes ?? (() => this.deps.media.freeBytes()))();
    if (free < REQUIRED_FREE_BYTES) {
      throw new AppError(
        'DISK_FULL',
        `Not enough free disk space for a download (${Math.floor(free / 1048576)} MiB free, ${REQUIRED_FREE_BYTES / 1048576} MiB needed). Free some space and try again.`,
        { retryAfterSeconds: 60 },
      );
    }
    const record = this.deps.scheduler.create(platform, url);
    return toTaskCreated(record, this.deps.clock.now());
  }

  get(taskId: string): Task {
    const snapshot = this.deps.scheduler.get(taskId);
    if (!snapshot) throw gone();
    return toTask(snapshot.record, snapshot.progress, this.deps.clock.now());
  }

  /** The task once its status differs from the one at arrival, or after `seconds`: `?wait=`. */
  async waitAndGet(taskId: string, seconds: number): Promise<Task> {
    const before = this.get(taskId).status;
    const deadline = Date.now() + seconds * 1000;
    let current = this.deps.scheduler.get(taskId);
    // Wake-ups also come for other changes (title known); keep holding until the status moves.
    while (current?.record.status === before && (before === 'queued' || before === 'processing')) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      await this.deps.scheduler.waitForChange(taskId, left);
      current = this.deps.scheduler.get(taskId);
    }
    return this.get(taskId);
  }

  /**
   * The redacted diagnostics of a finished task, to attach to a bug report: 410 when gone,
   * 409 while it is still queued or running (the record is written when the run ends).
   */
  diagnostics(taskId: string): TaskDiagnostics {
    const snapshot = this.deps.scheduler.get(taskId);
    if (!snapshot) throw gone();
    const record = snapshot.record;
    if (record.status === 'queued' || record.status === 'processing') {
      throw new AppError(
        'TASK_NOT_READY',
        `The task is ${record.status}; its diagnostics are written when it ends.`,
      );
    }
    const about = this.deps.about ?? { appVersion: 'unknown', os: 'unknown' };
    return toTaskDiagnostics(record, about, toSeconds(this.deps.clock.now()));
  }

  serverTime(): number {
    return toSeconds(this.deps.clock.now());
  }

  cancel(taskId: string): { task_id: string; status: 'cancelled' } {
    if (!this.deps.scheduler.cancel(taskId)) throw gone();
    return { task_id: taskId, status: 'cancelled' };
  }

  capacity(): Capacity {
    return { ...this.deps.scheduler.capacity(), server_time: toSeconds(this.deps.clock.now()) };
  }

  /** The file behind a media endpoint: 410 when gone, 409 until ready or when failed. */
  mediaFile(taskId: string, kind: MediaKind): MediaFile {
    const snapshot = this.deps.scheduler.get(taskId);
    if (!snapshot) throw gone();
    const record = snapshot.record;
    if (record.status === 'failed') {
      throw new AppError('TASK_FAILED', `The task failed: ${record.error ?? 'unknown error'}`);
    }
    if (record.status !== 'completed') {
      throw new AppError(
        'TASK_NOT_READY',
        `The video is not ready yet (task is ${record.status}).`,
      );
    }
    const file = kind === 'cover' ? record.coverFile : record.mediaFile;
    if (!file) throw new AppError('NOT_FOUND', 'The platform offered no cover for this video.');
    return {
      taskId,
      path: this.deps.media.pathOf(file),
      contentType: contentTypeOf(record, kind),
      title: record.title,
      platform: record.platform,
    };
  }

  trackTransfer(taskId: string, stream: { destroy(): void }): () => void {
    return this.deps.scheduler.trackTransfer(taskId, stream);
  }
}

function contentTypeOf(record: TaskRecord, kind: MediaKind): string {
  if (kind === 'cover') return record.coverMime ?? 'image/jpeg';
  return record.mimeType ?? 'video/mp4';
}

function gone(): AppError {
  return new AppError('TASK_GONE', 'The task does not exist or has expired.');
}
