import { z } from 'zod';

/** The most of a raw message "Show source" displays; the whole one is a download away. */
export const RAW_SOURCE_MAX_BYTES = 256 * 1024;

/** The start of a mail's raw message as text (UTF-8, invalid bytes replaced). */
export const RawSourceSchema = z.strictObject({
  text: z.string(),
  /** The raw message's whole size in bytes. */
  bytes: z.number().int().min(0),
  /** True when `text` is only the first RAW_SOURCE_MAX_BYTES bytes. */
  truncated: z.boolean(),
});
export type RawSource = z.infer<typeof RawSourceSchema>;
