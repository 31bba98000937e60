import { z } from 'zod';

/**
 * The desktop app's own settings, kept as `settings.json` in the data folder. Every field has a
 * default, so a file written by an older version (or none at all) still reads.
 */
export const SettingsSchema = z.object({
  /** Listen on every interface, so phones on the LAN reach HTTP and SMTP (off by default). */
  lanSharing: z.boolean().default(false),
  /** A system notification when a watched mailbox receives a mail with a verification code. */
  codeNotifications: z.boolean().default(true),
});
export type Settings = z.output<typeof SettingsSchema>;

export const DEFAULT_SETTINGS: Settings = SettingsSchema.parse({});

/** A change to some settings; unknown keys are refused. */
export const SettingsPatchSchema = z.strictObject({
  lanSharing: z.boolean().optional(),
  codeNotifications: z.boolean().optional(),
});
export type SettingsPatch = z.output<typeof SettingsPatchSchema>;
