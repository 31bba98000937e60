// Mail sources: existing mailboxes Ephemera reads over IMAP (docs/API.md "Mail sources").
import { z } from 'zod';

export const SOURCE_TLS = ['implicit', 'starttls', 'none'] as const;
export const AFTER_INGEST = ['keep', 'seen', 'delete'] as const;
/** `authorizing`: an OAuth sign-in was started and has not finished yet. */
export const SOURCE_STATES = ['connecting', 'idle', 'error', 'authorizing'] as const;
export const OAUTH_FLOWS = ['device', 'loopback'] as const;

export type SourceTls = (typeof SOURCE_TLS)[number];
export type AfterIngest = (typeof AFTER_INGEST)[number];
export type SourceState = (typeof SOURCE_STATES)[number];
export type OAuthFlow = (typeof OAUTH_FLOWS)[number];

/** A host name or IP literal, without scheme, port or path. */
const HostSchema = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.:\-[\]]+$/, 'not a host name');

/** An OAuth endpoint: https, or plain http only to this computer (a test or a local server). */
const EndpointSchema = z
  .string()
  .max(2000)
  .regex(
    /^(https:\/\/[A-Za-z0-9.-]+|http:\/\/(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\]|localhost))(:\d{1,5})?(\/[^\s#]*)?$/,
    'not an https URL',
  );

/**
 * How an OAuth source signs in (RFC 6749): `device` (RFC 8628, the user types a code at the
 * provider) needs `device_authorization_endpoint`; `loopback` (RFC 8252 with PKCE, the browser
 * comes back to 127.0.0.1) needs `authorization_endpoint`. `client_id` may be left out where
 * this build carries one for the provider (docs/mail-in.md "Outlook, Microsoft 365 and Gmail
 * by OAuth"); `client_secret` is the non-secret one some providers (Google) give installed apps.
 */
export const SourceOAuthSchema = z
  .strictObject({
    flow: z.enum(OAUTH_FLOWS),
    client_id: z.string().trim().min(1).max(256).optional(),
    client_secret: z.string().min(1).max(256).optional(),
    token_endpoint: EndpointSchema,
    device_authorization_endpoint: EndpointSchema.optional(),
    authorization_endpoint: EndpointSchema.optional(),
    /** RFC 7009: where a removed source's refresh token is revoked (best effort). */
    revocation_endpoint: EndpointSchema.optional(),
    scopes: z
      .array(z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]{1,300}$/, 'not a scope'))
      .min(1)
      .max(20),
  })
  .refine(
    (o) =>
      o.flow === 'device'
        ? o.device_authorization_endpoint !== undefined
        : o.authorization_endpoint !== undefined,
    'the device flow needs device_authorization_endpoint, the loopback flow authorization_endpoint',
  );
export type SourceOAuth = z.infer<typeof SourceOAuthSchema>;

export const SourceCreateSchema = z
  .strictObject({
    kind: z.literal('imap'),
    host: HostSchema,
    port: z.number().int().min(1).max(65535),
    tls: z.enum(SOURCE_TLS),
    username: z.string().min(1).max(320),
    /** Either a password or `oauth` (exactly one). */
    password: z.string().min(1).max(1024).optional(),
    oauth: SourceOAuthSchema.optional(),
    mailbox: z.string().min(1).max(255).default('INBOX'),
    after_ingest: z.enum(AFTER_INGEST).default('keep'),
    /** Take the mail of the last 24 hours too (default: only mail that arrives from now on). */
    since_hours: z.union([z.literal(0), z.literal(24)]).default(0),
  })
  .refine((s) => (s.password === undefined) !== (s.oauth === undefined), {
    message: 'give either a password or oauth',
    path: ['password'],
  });
export type SourceCreate = z.input<typeof SourceCreateSchema>;

/**
 * Every field optional; a new password replaces the old one, none keeps it. `oauth` (an OAuth
 * source only) replaces its sign-in description; a changed one needs a new sign-in.
 */
export const SourcePatchSchema = z.strictObject({
  host: HostSchema.optional(),
  port: z.number().int().min(1).max(65535).optional(),
  tls: z.enum(SOURCE_TLS).optional(),
  username: z.string().min(1).max(320).optional(),
  password: z.string().min(1).max(1024).optional(),
  oauth: SourceOAuthSchema.optional(),
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

/** An OAuth source's sign-in as answered: never a token, nor the client secret. */
export const SourceOAuthViewSchema = z.object({
  flow: z.enum(OAUTH_FLOWS),
  client_id: z.string(),
  token_endpoint: z.string(),
  device_authorization_endpoint: z.string().nullable(),
  authorization_endpoint: z.string().nullable(),
  revocation_endpoint: z.string().nullable(),
  scopes: z.array(z.string()),
});

/** A source as answered: never its password or tokens. */
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
  auth: z.enum(['password', 'oauth']),
  /** How an OAuth source signs in; null for a password. */
  oauth: SourceOAuthViewSchema.nullable(),
  /** An OAuth source without a usable sign-in: show "Sign in again" (POST …/authorize). */
  needs_sign_in: z.boolean(),
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

/**
 * POST /api/sources/{id}/authorize: what the user does next. `device`: open verification_uri
 * and type user_code within expires_in seconds; `loopback`: open `url` in a browser on this
 * computer. The source reads `authorizing` until the provider answers.
 */
export const SourceAuthorizeSchema = z.discriminatedUnion('flow', [
  z.object({
    flow: z.literal('device'),
    user_code: z.string(),
    verification_uri: z.string(),
    expires_in: z.number().int(),
    interval: z.number().int(),
  }),
  z.object({ flow: z.literal('loopback'), url: z.string() }),
]);
export type SourceAuthorize = z.infer<typeof SourceAuthorizeSchema>;
