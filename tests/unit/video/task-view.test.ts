import { describe, expect, it } from 'vitest';
import {
  TaskCreatedSchema,
  TaskSchema,
  TaskStatusSchema,
  type TaskStatus,
} from '../../../src-shared/video/schemas.ts';
import { newTaskRecord, type TaskRecord } from '../../../src-main/video/task-record.ts';
import { statusPath, toSeconds, toTask, toTaskCreated } from '../../../src-main/video/task-view.ts';

const CREATED = Date.UTC(2026, 10, 22, 12, 0, 0) + 250;
const READY = CREATED + 42_999;
const RETENTION_MS = 180_000;
const NOW = READY + 10_500;
const ID = 'AbCdEfGhIjKlMnOpQrStUvWx';

function recordIn(status: TaskStatus, patch: Partial<TaskRecord> = {}): TaskRecord {
  const base = newTaskRecord(ID, 'douyin', 'https://v.douyin.com/i5xNsWVx/', CREATED);
  const byStatus: Record<TaskStatus, Partial<TaskRecord>> = {
    queued: {},
    processing: { title: '刘备遇到水镜', author: '三国' },
    completed: {
      title: '刘备遇到水镜',
      author: '三国',
      width: 1080,
      height: 1920,
      duration: 12.5,
      size: 1_234_567,
      mimeType: 'video/mp4',
      mediaFile: `${ID}.video`,
      coverFile: `${ID}.cover`,
      coverMime: 'image/jpeg',
      readyAt: READY,
      expiresAt: READY + RETENTION_MS,
    },
    failed: {
      error: 'Douyin says the video file no longer exists (HTTP 404).',
      errorCode: 'unavailable',
      retryable: false,
      expiresAt: CREATED + 5_000 + RETENTION_MS,
    },
    cancelled: {},
  };
  return { ...base, status, ...byStatus[status], ...patch };
}

const TASK_KEYS = Object.keys(TaskSchema.shape).sort();

describe('toTask', () => {
  it.each(TaskStatusSchema.options)('has every key, and only those, when %s', (status) => {
    const progress = { downloadedBytes: 10, totalBytes: 100 };
    const task = toTask(recordIn(status), progress, NOW);
    expect(Object.keys(task).sort()).toEqual(TASK_KEYS);
    expect(() => TaskSchema.strict().parse(task)).not.toThrow();
    for (const value of Object.values(task)) expect(value).not.toBeUndefined();
  });

  it('describes a queued task with nulls for everything not known yet', () => {
    expect(toTask(recordIn('queued'), null, NOW)).toEqual({
      task_id: ID,
      status: 'queued',
      platform: 'douyin',
      source_url: 'https://v.douyin.com/i5xNsWVx/',
      title: null,
      author: null,
      progress: null,
      media: null,
      created_at: Math.floor(CREATED / 1000),
      ready_at: null,
      expires_at: null,
      server_time: Math.floor(NOW / 1000),
      error: null,
      error_code: null,
      retryable: null,
    });
  });

  it('shows progress only while processing', () => {
    const progress = { downloadedBytes: 5_000, totalBytes: 20_000 };
    expect(toTask(recordIn('processing'), progress, NOW).progress).toEqual({
      downloaded_bytes: 5_000,
      total_bytes: 20_000,
    });
    for (const status of ['queued', 'completed', 'failed', 'cancelled'] as const) {
      expect(toTask(recordIn(status), progress, NOW).progress).toBeNull();
    }
  });

  it('shows an unknown total as null while processing', () => {
    const task = toTask(recordIn('processing'), { downloadedBytes: 7, totalBytes: null }, NOW);
    expect(task.progress).toEqual({ downloaded_bytes: 7, total_bytes: null });
  });

  it('shows progress as null while processing before any byte arrived', () => {
    const task = toTask(recordIn('processing'), null, NOW);
    expect(task.progress).toBeNull();
    expect(task.title).toBe('刘备遇到水镜');
    expect(task.author).toBe('三国');
  });

  it('shows media only when completed', () => {
    for (const status of ['queued', 'processing', 'failed', 'cancelled'] as const) {
      expect(toTask(recordIn(status), null, NOW).media).toBeNull();
    }
    expect(toTask(recordIn('completed'), null, NOW).media).not.toBeNull();
  });

  it('describes the media of a completed task, with paths relative to base_url', () => {
    expect(toTask(recordIn('completed'), null, NOW).media).toEqual({
      width: 1080,
      height: 1920,
      resolution: '1080x1920',
      duration: 12.5,
      size: 1_234_567,
      mime_type: 'video/mp4',
      download_url: `/api/tasks/${ID}/download`,
      preview_url: `/api/tasks/${ID}/preview`,
      cover_url: `/api/tasks/${ID}/cover`,
    });
  });

  it.each([
    ['width', { width: null }],
    ['height', { height: null }],
    ['both', { width: null, height: null }],
  ])('gives resolution null when %s is unknown', (_name, patch) => {
    const media = toTask(recordIn('completed', patch), null, NOW).media;
    expect(media?.resolution).toBeNull();
    expect(() =>
      TaskSchema.strict().parse(toTask(recordIn('completed', patch), null, NOW)),
    ).not.toThrow();
  });

  it('gives cover_url null when there is no cover', () => {
    const media = toTask(
      recordIn('completed', { coverFile: null, coverMime: null }),
      null,
      NOW,
    ).media;
    expect(media?.cover_url).toBeNull();
    expect(media?.download_url).toBe(`/api/tasks/${ID}/download`);
  });

  it('keeps an unknown duration as null', () => {
    expect(toTask(recordIn('completed', { duration: null }), null, NOW).media?.duration).toBeNull();
  });

  it('keeps ready_at and expires_at exactly 180 s apart, whatever the milliseconds', () => {
    for (const readyAt of [READY, READY + 1, READY + 500, READY + 999, CREATED]) {
      const task = toTask(
        recordIn('completed', { readyAt, expiresAt: readyAt + RETENTION_MS }),
        null,
        NOW,
      );
      expect(task.ready_at).not.toBeNull();
      expect((task.expires_at ?? 0) - (task.ready_at ?? 0)).toBe(180);
    }
  });

  it('gives integer Unix seconds for every time', () => {
    const task = toTask(recordIn('completed'), null, NOW);
    for (const t of [task.created_at, task.ready_at, task.expires_at, task.server_time]) {
      expect(Number.isInteger(t)).toBe(true);
    }
    expect(task.created_at).toBe(Math.floor(CREATED / 1000));
    expect(task.ready_at).toBe(Math.floor(READY / 1000));
    expect(task.server_time).toBe(Math.floor(NOW / 1000));
    expect((task.expires_at ?? 0) - task.server_time).toBeLessThanOrEqual(180);
  });

  it('reports a failure with its sentence, code and retryable flag, and no ready_at', () => {
    const task = toTask(recordIn('failed'), null, NOW);
    expect(task).toMatchObject({
      status: 'failed',
      error: 'Douyin says the video file no longer exists (HTTP 404).',
      error_code: 'unavailable',
      retryable: false,
      ready_at: null,
      media: null,
      progress: null,
    });
    expect(task.expires_at).toBe(Math.floor((CREATED + 5_000 + RETENTION_MS) / 1000));
  });

  it('has no error on a completed task', () => {
    expect(toTask(recordIn('completed'), null, NOW)).toMatchObject({
      error: null,
      error_code: null,
      retryable: null,
    });
  });
});

describe('toTaskCreated', () => {
  it('answers the 202 body with every key', () => {
    const created = toTaskCreated(recordIn('queued'), NOW);
    expect(created).toEqual({
      task_id: ID,
      status: 'queued',
      status_url: `/api/tasks/${ID}`,
      platform: 'douyin',
      ttl_seconds: 180,
      server_time: Math.floor(NOW / 1000),
    });
    expect(() => TaskCreatedSchema.strict().parse(created)).not.toThrow();
  });

  it('carries the platform of the record', () => {
    const record = { ...recordIn('queued'), platform: 'kuaishou' as const };
    expect(toTaskCreated(record, NOW).platform).toBe('kuaishou');
  });
});

describe('helpers', () => {
  it('toSeconds floors milliseconds to Unix seconds', () => {
    expect(toSeconds(1_700_000_000_999)).toBe(1_700_000_000);
    expect(toSeconds(1_700_000_000_000)).toBe(1_700_000_000);
  });

  it('statusPath is the task path relative to base_url', () => {
    expect(statusPath('abc')).toBe('/api/tasks/abc');
  });
});
