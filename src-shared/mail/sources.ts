// Mail sources: existing mailboxes Ephemera reads over IMAP (docs/API.md "Mail sources").
import { z } from 'zod';

export const SOURCE_TLS = ['implicit', 'starttls', 'none'] as const;
export const AFTER_INGEST = ['keep', 'seen', 'delete'] as const;
export const SOURCE_STATES = ['connecting', 'idle', 'error'] as const;

export type SourceTls = (typeof SOURCE_TLS)[number];
export type AfterIngest = (typeof AFTER_INGEST)[number];
export type SourceState = (typeof SOURCE_STATES)[number];

/** A host name or IP literal, without scheme, port or path. */
const HostSchema = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.:\-[\]]+$/, 'not a host name');

export const SourceCreateSchema = z.strictObject({
  kind: z.literal('imap'),
  host: HostSchema,
  port: z.number().int().min(1).max(65535),
  tls: z.enum(SOURCE_TLS),
  username: z.string().min(1).max(320),
  password: z.string().min(1).max(1024),
  mailbox: z.string().min(1).max(255).default('INBOX'),
  after_ingest: z.enum(AFTER_INGEST).default('keep'),
  /** Take the mail of the last 24 hours too (default: only mail that arrives from now on). */
  since_hours: z.union([z.literal(0), z.literal(24)]).default(0),
});
export type SourceCreate = z.input<typeof SourceCreateSchema>;

/** Every field optional; a new password replaces the old one, none keeps it. */
export const SourcePatchSchema = z.strictObject({
  host: HostSchema.optional(),
  port: z.number().int().min(1).max(65535).optional(),
  tls: z.enum(SOURCE_TLS).optional(),
  username: z.string().min(1).max(320).optional(),
  password: z.string().min(1).max(1024).optional(),
  mailbox: z.string().min(1).max(255).optional(),
  after_ingest: z.enum(AFTER_INGEST).optional(),
});
export type SourcePatch = z.infer<typeof SourcePatchSchema>;

/** Where a source's password goes: changing any of these needs the password again. */
export type SourceEndpoint = Pick<SourceCreate, 'host' | 'port' | 'tls' | 'username'>;

/**
 * Whether `next` sends the password somewhere else than `old` does (another host, port, TLS
 * mode or user name): a stored password is only ever sent where the user typed it, so such a
 * change must carry the password again (docs/security.md "Secrets stay where they were put").
 */
export function sendsPasswordElsewhere(
  old: SourceEndpoint,
  next: Partial<SourceEndpoint>,
): boolean {
  return (
    (next.host !== undefined && next.host.trim().toLowerCase() !== old.host.toLowerCase()) ||
    (next.port !== undefined && next.port !== old.port) ||
    (next.tls !== undefined && next.tls !== old.tls) ||
    (next.username !== undefined && next.username !== old.username)
  );
}

/** A source as answered: never its password. */
export const SourceSchema = z.object({
  id: z.string(),
  kind: z.literal('imap'),
  host: z.string(),
  port: z.number().int(),
  tls: z.enum(SOURCE_TLS),
  username: z.string(),
  mailbox: z.string(),
  after_ingest: z.enum(AFTER_INGEST),
  state: z.enum(SOURCE_STATES),
  /** The last error in words (authentication failed, certificate not trusted, …), or null. */
  last_error: z.string().nullable(),
  last_mail_at: z.string().nullable(),
  /** Messages taken from this source so far. */
  taken: z.number().int(),
});
export type Source = z.infer<typeof SourceSchema>;
export const SourceListSchema = z.array(SourceSchema);

/** POST /api/sources/{id}/test: connect, log in, open the mailbox; what happened. */
export const SourceTestResultSchema = z.object({
  ok: z.boolean(),
  /** The step that failed, or null when all passed. */
  step: z.enum(['connect', 'login', 'mailbox']).nullable(),
  error: z.string().nullable(),
  /** Messages in the mailbox when it opened. */
  messages: z.number().int().nullable(),
  idle: z.boolean().nullable(),
});
export type SourceTestResult = z.infer<typeof SourceTestResultSchema>;
