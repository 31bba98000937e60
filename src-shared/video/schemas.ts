import { z } from 'zod';

/** Platforms the video service recognises; each has an extractor described in docs/platforms/. */
export const PlatformSchema = z.enum(['douyin', 'tiktok', 'kuaishou']);
export type Platform = z.infer<typeof PlatformSchema>;

export const TaskStatusSchema = z.enum([
  'queued',
  'processing',
  'completed',
  'failed',
  'cancelled',
]);
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

/** Machine-readable reason of a failed task; `error` carries the sentence for a person. */
export const TaskErrorCodeSchema = z.enum([
  'unavailable',
  'region_blocked',
  'login_required',
  'blocked_by_platform',
  'not_single_video',
  'too_large',
  'timeout',
  'network',
  'upstream_error',
  'unsupported',
  'interrupted',
  'disk_full',
]);
export type TaskErrorCode = z.infer<typeof TaskErrorCodeSchema>;

/** Body of POST /api/tasks. Validation is done by hand to produce pydantic-shaped 422s. */
export const ShareRequestSchema = z.object({ text: z.string() });
export type ShareRequest = z.infer<typeof ShareRequestSchema>;

export const TaskCreatedSchema = z.object({
  task_id: z.string(),
  status: TaskStatusSchema,
  status_url: z.string(),
  platform: PlatformSchema,
  ttl_seconds: z.number(),
  server_time: z.number().int(),
});
export type TaskCreated = z.infer<typeof TaskCreatedSchema>;

export const TaskProgressSchema = z.object({
  downloaded_bytes: z.number().int(),
  total_bytes: z.number().int().nullable(),
});
export type TaskProgress = z.infer<typeof TaskProgressSchema>;

export const TaskMediaSchema = z.object({
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  resolution: z.string().nullable(),
  duration: z.number().nullable(),
  size: z.number().int(),
  mime_type: z.string(),
  download_url: z.string(),
  preview_url: z.string(),
  cover_url: z.string().nullable(),
});
export type TaskMedia = z.infer<typeof TaskMediaSchema>;

/** GET /api/tasks/{token}: every key is always present, null when it does not apply. */
export const TaskSchema = z.object({
  task_id: z.string(),
  status: TaskStatusSchema,
  platform: PlatformSchema,
  source_url: z.string(),
  title: z.string().nullable(),
  author: z.string().nullable(),
  progress: TaskProgressSchema.nullable(),
  media: TaskMediaSchema.nullable(),
  created_at: z.number().int(),
  ready_at: z.number().int().nullable(),
  expires_at: z.number().int().nullable(),
  server_time: z.number().int(),
  error: z.string().nullable(),
  error_code: TaskErrorCodeSchema.nullable(),
  retryable: z.boolean().nullable(),
});
export type Task = z.infer<typeof TaskSchema>;

export const CapacitySchema = z.object({
  total: z.number().int(),
  used: z.number().int(),
  available: z.number().int(),
  server_time: z.number().int(),
});
export type Capacity = z.infer<typeof CapacitySchema>;

export const TaskCancelledSchema = z.object({
  task_id: z.string(),
  status: z.literal('cancelled'),
});
export type TaskCancelled = z.infer<typeof TaskCancelledSchema>;
