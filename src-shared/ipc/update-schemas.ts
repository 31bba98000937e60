import { z } from 'zod';

/**
 * How this build can update itself: `install` downloads in the background and installs at quit
 * or on "Restart to update"; `download-page` only offers the releases page (unsigned Windows,
 * ad-hoc macOS, deb); `none` in development runs.
 */
export const UpdateModeSchema = z.enum(['install', 'download-page', 'none']);

/** Where the update check stands. */
export const UpdatePhaseSchema = z.enum([
  'off',
  'idle',
  'checking',
  'up-to-date',
  'available',
  'downloading',
  'ready',
  'error',
]);

/** Settings → Updates (desktop only): what the window shows. */
export const UpdateStateSchema = z.object({
  mode: UpdateModeSchema,
  /** The setting (settings.json `autoUpdates`). */
  enabled: z.boolean(),
  phase: UpdatePhaseSchema,
  current: z.string(),
  /** The newer version found, if any. */
  available: z.string().nullable(),
  /** Download progress 0–100 while `downloading`. */
  percent: z.number().min(0).max(100).nullable(),
  /** The last failure's one-line reason (offline, no release, bad feed). */
  error: z.string().nullable(),
  /** ISO time of the last finished check. */
  checkedAt: z.string().nullable(),
  /** The releases page, for `download-page` builds. */
  downloadPage: z.string().nullable(),
});
export type UpdateState = z.infer<typeof UpdateStateSchema>;
export type UpdateMode = z.infer<typeof UpdateModeSchema>;
