/** The limits of the video task service (docs/API.md "Limits"). */
export const VIDEO_LIMITS = {
  textMinChars: 1,
  textMaxChars: 4096,
  slots: 10,
  retentionSeconds: 180,
  sweepIntervalMs: 500,
  maxFileBytes: 256 * 1024 * 1024,
  taskTimeoutSeconds: 240,
  concurrentDownloads: 2,
  maxWaitSeconds: 30,
} as const;
