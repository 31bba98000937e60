import { presetOf, type OAuthPresetId } from '../../../../src-shared/mail/oauth-presets.ts';
import type { SourceOAuth } from '../../../../src-shared/mail/sources.ts';
import { settingsInvalid } from '../../../core/app-error.ts';

/** An OAuth source's sign-in as stored (mail_sources.oauth): the client id is always known. */
export type OAuthConfig = SourceOAuth & { client_id: string };

/** A project-registered public client, from the release configuration. */
export interface ReleaseClient {
  id: string;
  secret?: string;
}

/**
 * The public client ids this build was packaged with. The build (scripts/build-main.mjs)
 * replaces these `process.env` reads with the values of its environment, so a release carries
 * them; a source run from the sources reads them from the environment it starts in.
 */
export function releaseClients(): Partial<Record<OAuthPresetId, ReleaseClient>> {
  const out: Partial<Record<OAuthPresetId, ReleaseClient>> = {};
  const ms = process.env.EPHEMERA_MS_CLIENT_ID;
  const google = process.env.EPHEMERA_GOOGLE_CLIENT_ID;
  const googleSecret = process.env.EPHEMERA_GOOGLE_CLIENT_SECRET;
  if (ms) out.microsoft = { id: ms };
  if (google) out.google = { id: google, ...(googleSecret ? { secret: googleSecret } : {}) };
  return out;
}

/** The body's description with its client id filled in from the release one where it has none. */
export function completeOAuth(
  input: SourceOAuth,
  clients: Partial<Record<OAuthPresetId, ReleaseClient>>,
): OAuthConfig {
  if (input.client_id) return { ...input, client_id: input.client_id };
  const preset = presetOf(input.token_endpoint);
  const release = preset ? clients[preset] : undefined;
  if (!release) {
    throw settingsInvalid(
      'source_client_id_required',
      'Give an OAuth client id: this build carries none for this provider (docs/mail-in.md says how to register one).',
    );
  }
  return {
    ...input,
    client_id: release.id,
    ...(release.secret && !input.client_secret ? { client_secret: release.secret } : {}),
  };
}

/** Whether two descriptions sign in the same way (the order of keys and of scopes aside). */
export function sameOAuth(a: OAuthConfig | null, b: OAuthConfig | null): boolean {
  const canonical = (c: OAuthConfig | null) =>
    c &&
    JSON.stringify(
      Object.entries({ ...c, scopes: [...c.scopes].sort() }).sort(([x], [y]) =>
        x < y ? -1 : x > y ? 1 : 0,
      ),
    );
  return canonical(a) === canonical(b);
}

export function parseStoredOAuth(json: string | null): OAuthConfig | null {
  return json === null ? null : (JSON.parse(json) as OAuthConfig);
}
