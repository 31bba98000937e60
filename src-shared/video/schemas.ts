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

/** Where in a task's run a diagnostics step happened. */
export const DiagnosticsPhaseSchema = z.enum(['resolve', 'download', 'cover']);
export type DiagnosticsPhase = z.infer<typeof DiagnosticsPhaseSchema>;

const stepBase = {
  phase: DiagnosticsPhaseSchema,
  /** Milliseconds since the run started. */
  at_ms: z.number().int(),
};

/**
 * One thing that happened while a task ran, redacted (docs/API.md "Diagnostics"): a request
 * (host and path, never the query, cookies or body), a redirect hop, the shape of JSON a page
 * carried (keys and types, never values), or an error (its class and code, never its message).
 */
export const DiagnosticsStepSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('fetch'),
    ...stepBase,
    method: z.string(),
    host: z.string(),
    path: z.string(),
    status: z.number().int(),
    content_type: z.string().nullable(),
    /** Body bytes read, or the declared length when the body was not read; null if neither. */
    bytes: z.number().int().nullable(),
    cookies_set: z.number().int(),
    redirect_host: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('redirect'),
    ...stepBase,
    host: z.string(),
    path: z.string(),
    allowed: z.boolean(),
  }),
  z.object({
    kind: z.literal('json'),
    ...stepBase,
    /** `window.NAME`, `script#id` or the label an extractor gave. */
    source: z.string(),
    found: z.boolean(),
    /** `path: type` lines, depth- and count-bounded; when not found, the page's JSON markers. */
    shape: z.array(z.string()),
  }),
  z.object({
    kind: z.literal('error'),
    ...stepBase,
    error_class: z.string(),
    code: z.string().nullable(),
    status: z.number().int().nullable(),
    host: z.string().nullable(),
  }),
]);
export type DiagnosticsStep = z.infer<typeof DiagnosticsStepSchema>;

/** What ended the run: the step it failed at (a readable label), the error's class and code. */
export const DiagnosticsFailureSchema = z.object({
  phase: DiagnosticsPhaseSchema,
  step: z.string().nullable(),
  error_class: z.string(),
  code: z.string().nullable(),
  status: z.number().int().nullable(),
});

/** The proxy a run went through (`host:port`, never credentials) and where it was set. */
export const ProxyUseSchema = z.object({
  host: z.string(),
  from: z.enum(['settings', 'environment']),
});
export type ProxyUse = z.infer<typeof ProxyUseSchema>;

/** The part of a task's diagnostics kept with its record (memory and SQLite). */
export const DiagnosticsLogSchema = z.object({
  started_at: z.number().int(),
  finished_at: z.number().int(),
  failure: DiagnosticsFailureSchema.nullable(),
  steps: z.array(DiagnosticsStepSchema),
  steps_dropped: z.number().int(),
  /** The proxy the run's first proxied request went through; null when it went direct. */
  proxy: ProxyUseSchema.nullable().default(null),
});
export type DiagnosticsLog = z.infer<typeof DiagnosticsLogSchema>;

/** GET /api/tasks/{token}/diagnostics: a finished task's redacted record, for a bug report. */
export const TaskDiagnosticsSchema = DiagnosticsLogSchema.extend({
  task_id: z.string(),
  platform: PlatformSchema,
  status: TaskStatusSchema,
  app_version: z.string(),
  os: z.string(),
  error: z.string().nullable(),
  error_code: TaskErrorCodeSchema.nullable(),
  retryable: z.boolean().nullable(),
  server_time: z.number().int(),
});
export type TaskDiagnostics = z.infer<typeof TaskDiagnosticsSchema>;
