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
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

/** What became of a "Save video…": written where the person chose, or the dialog closed. */
export const SaveOutcomeSchema = z.enum(['saved', 'cancelled']);
export type SaveOutcome = z.infer<typeof SaveOutcomeSchema>;
