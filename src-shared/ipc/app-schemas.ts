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

/** An API key as listed: never the key itself, only the last four characters. */
export const ApiKeyInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  hint: z.string(),
  createdAt: z.number().int(),
  disabledAt: z.number().int().nullable(),
});
export type ApiKeyInfo = z.infer<typeof ApiKeyInfoSchema>;

/** A key just created: the only time the key itself is seen. */
export const CreatedApiKeySchema = ApiKeyInfoSchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;
