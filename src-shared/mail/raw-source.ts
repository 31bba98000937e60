import { z } from 'zod';

/** The start of a mail's raw message as text (UTF-8, invalid bytes replaced). */
export const RawSourceSchema = z.strictObject({
  text: z.string(),
  /** The raw message's whole size in bytes. */
  bytes: z.number().int().min(0),
  /** True when `text` is only the first MAIL_LIMITS.rawSourceBytes bytes. */
  truncated: z.boolean(),
});
export type RawSource = z.infer<typeof RawSourceSchema>;
