import type { z } from 'zod';
import type { SettingsInvalidReason } from '../../../src-shared/errors/codes.ts';
import {
  SourceCreateSchema,
  SourcePatchSchema,
  type SourcePatch,
  type SourceTls,
} from '../../../src-shared/mail/sources.ts';
import { AppError, settingsInvalid } from '../../core/app-error.ts';
import { isLoopbackAddress } from '../../core/loopback.ts';

export type SourceCreateInput = z.output<typeof SourceCreateSchema>;

/** The reason of each field a body may get wrong (sent as `reason` with the 400). */
const FIELD_REASON: Record<string, SettingsInvalidReason> = {
  kind: 'source_kind_invalid',
  host: 'source_host_invalid',
  port: 'source_port_invalid',
  tls: 'source_tls_invalid',
  username: 'source_username_invalid',
  password: 'source_password_invalid',
  oauth: 'source_oauth_invalid',
  mailbox: 'source_mailbox_invalid',
  after_ingest: 'source_after_ingest_invalid',
};

function refuse(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = String(issue?.path[0] ?? 'body');
  // The password's value is never quoted back (it is not in zod's message either).
  return settingsInvalid(
    FIELD_REASON[field] ?? 'value_invalid',
    `Invalid ${field}: ${issue?.message ?? 'not a source object'}.`,
  );
}

export function parseSourceCreate(body: unknown): SourceCreateInput {
  const parsed = SourceCreateSchema.safeParse(body ?? {});
  if (!parsed.success) throw refuse(parsed.error);
  const input = { ...parsed.data, host: parsed.data.host.toLowerCase() };
  requireTlsOrLoopback(input.host, input.tls);
  return input;
}

export function parseSourcePatch(body: unknown): SourcePatch {
  const parsed = SourcePatchSchema.safeParse(body ?? {});
  if (!parsed.success) throw refuse(parsed.error);
  const patch = parsed.data;
  return patch.host === undefined ? patch : { ...patch, host: patch.host.toLowerCase() };
}

/** Plain text (no TLS) is allowed only to this machine: the password would cross the wire. */
export function requireTlsOrLoopback(host: string, tls: SourceTls): void {
  if (tls !== 'none') return;
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === 'localhost' || isLoopbackAddress(bare)) return;
  throw settingsInvalid(
    'source_plain_needs_loopback',
    `Without TLS only a server on this computer is allowed; ${host} is not one. Use TLS or STARTTLS.`,
  );
}

export function sourceNotFound(id: string): AppError {
  const shown = id.length > 40 ? `${id.slice(0, 40)}…` : id;
  return new AppError('SOURCE_NOT_FOUND', `No mail source ${shown}.`);
}
