import { z } from 'zod';

const StoredPort = z.number().int().min(1).max(65535).nullable().default(null);

/**
 * The app's own settings, kept as `settings.json` in the data folder Ephemera was started with.
 * Every field has a default, so a file written by an older version (or none at all) still reads.
 * Null means "not set here": the command line, the environment or the built-in default decides.
 */
export const SettingsSchema = z.object({
  /** Listen on every interface, so phones on the LAN reach HTTP and SMTP (off by default). */
  lanSharing: z.boolean().default(false),
  /** A system notification when a mail with a verification code arrives (desktop app). */
  codeNotifications: z.boolean().default(true),
  /** Ports for the next start. */
  httpPort: StoredPort,
  smtpPort: StoredPort,
  /** Outbound proxy for video downloads (http, https, socks5). */
  proxy: z.string().min(1).nullable().default(null),
  /** Where the database and media live from the next start on (the database moves there). */
  dataDir: z.string().min(1).nullable().default(null),
  /**
   * Host names the HTTP server answers to besides loopback and its LAN addresses (a reverse
   * proxy's name, a DNS name for this computer). Any other Host header gets 403.
   */
  allowedHosts: z.array(z.string().min(1).max(253)).max(50).default([]),
  /** The desktop app looks for new versions (Settings → Updates; on by default). */
  autoUpdates: z.boolean().default(true),
});
export type Settings = z.output<typeof SettingsSchema>;

export const DEFAULT_SETTINGS: Settings = SettingsSchema.parse({});
