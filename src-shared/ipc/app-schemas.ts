import { z } from 'zod';

/** What the desktop shell tells its window about the running services. */
export const AppInfoSchema = z.object({
  version: z.string(),
  /** `process.platform` of the desktop: `darwin`, `win32`, `linux`. */
  platform: z.string(),
  /** The base URL this machine uses (loopback while the listeners are on a wildcard). */
  localUrl: z.string(),
  /** The base URL for phones on the LAN; null while sharing is off or no LAN address exists. */
  lanUrl: z.string().nullable(),
  lanSharing: z.boolean(),
  smtpHost: z.string(),
  smtpPort: z.number().int(),
  /** The API key a first run created; kept in memory only, for the window to show once. */
  initialApiKey: z.string().nullable(),
  /**
   * Ports another program held at the start, and the free ones used instead for this run
   * (settings.json keeps the preferred ones). The window shows a banner while non-empty.
   */
  portChanges: z
    .array(
      z.object({
        service: z.enum(['http', 'smtp']),
        preferred: z.number().int(),
        actual: z.number().int(),
      }),
    )
    .default([]),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

/** What became of a "Save video…": written where the person chose, or the dialog closed. */
export const SaveOutcomeSchema = z.enum(['saved', 'cancelled']);
export type SaveOutcome = z.infer<typeof SaveOutcomeSchema>;

/** "Start at login": whether this build can do it here, and whether it is on. */
export const LoginItemStateSchema = z.object({ available: z.boolean(), enabled: z.boolean() });
export type LoginItemState = z.infer<typeof LoginItemStateSchema>;
