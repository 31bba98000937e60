import { sendsPasswordElsewhere, type SourcePatch } from '../../../src-shared/mail/sources.ts';
import { settingsInvalid } from '../../core/app-error.ts';
import {
  completeOAuth,
  parseStoredOAuth,
  sameOAuth,
  type OAuthConfig,
  type ReleaseClient,
} from './oauth/oauth-config.ts';
import type { SecretBox } from './secret-box.ts';
import { parseSourcePatch, requireTlsOrLoopback } from './source-input.ts';
import type { SourceRecord, SourceSettings } from './source-store.ts';

/** What a PATCH does to a source, checked before anything changes. */
export interface PatchPlan {
  /** The OAuth tokens are forgotten (and revoked): another description, or another server. */
  forget: boolean;
  /** Another server or mailbox has other UIDs: the cursor starts over at its end. */
  moved: boolean;
  /** The settings to store, over the record as it is then (a refresh may have rotated it). */
  settings(current: SourceRecord): SourceSettings;
}

/** Checks a PATCH body against the source (400s with their reasons) and plans the change. */
export function planPatch(
  old: SourceRecord,
  body: unknown,
  box: SecretBox,
  clients: Partial<Record<string, ReleaseClient>>,
): PatchPlan {
  const patch = parseSourcePatch(body);
  const host = patch.host ?? old.host;
  const tls = patch.tls ?? old.tls;
  requireTlsOrLoopback(host, tls);
  const oldConfig = parseStoredOAuth(old.oauth);
  const config = patchedOAuth(oldConfig, patch, clients);
  // An OAuth source's tokens go only where they were first used: elsewhere, sign in again.
  const elsewhere = sendsPasswordElsewhere(old, patch);
  if (!config && patch.password === undefined && elsewhere) {
    throw settingsInvalid(
      'source_password_required',
      'Enter the password again: the host, port, TLS mode or user name changed, and the stored password is only sent where it was given.',
    );
  }
  // Tokens granted to another client, scopes or provider are not this description's.
  const forget = config !== null && (elsewhere || !sameOAuth(oldConfig, config));
  const mailbox = patch.mailbox ?? old.mailbox;
  const password = patch.password;
  return {
    forget,
    moved: host !== old.host || mailbox !== old.mailbox,
    settings: (current) => ({
      host,
      port: patch.port ?? old.port,
      tls,
      username: patch.username ?? old.username,
      secret:
        password !== undefined ? box.seal(password) : forget ? Buffer.alloc(0) : current.secret,
      secretFormat: password === undefined ? current.secretFormat : box.format,
      mailbox,
      afterIngest: patch.after_ingest ?? old.afterIngest,
      oauth: config && JSON.stringify(config),
    }),
  };
}

/**
 * The sign-in description after a PATCH (null: a password source). A source keeps its kind:
 * switching between password and OAuth is refused (docs/mail-in.md says why).
 */
function patchedOAuth(
  old: OAuthConfig | null,
  patch: SourcePatch,
  clients: Partial<Record<string, ReleaseClient>>,
): OAuthConfig | null {
  if (old && patch.password !== undefined) {
    throw settingsInvalid(
      'source_password_invalid',
      'This source signs in with OAuth: it takes no password (sign in again instead, or remove it and add it again with a password).',
    );
  }
  if (!old && patch.oauth !== undefined) {
    throw settingsInvalid(
      'source_oauth_invalid',
      'This source signs in with a password: to sign in with OAuth, remove it and add it again with OAuth.',
    );
  }
  if (!old || !patch.oauth) return old;
  return completeOAuth(patch.oauth, clients);
}
