// The providers the Receive mail form fills in (docs/mail-in.md "Outlook, Microsoft 365 and
// Gmail by OAuth"). The client ids are not here: the build carries them (release configuration,
// src-main/mail/sources/oauth/oauth-config.ts), or the user gives their own.
import type { SourceCreate } from './sources.ts';

export const OAUTH_PRESET_IDS = ['microsoft', 'google'] as const;
export type OAuthPresetId = (typeof OAUTH_PRESET_IDS)[number];

export type OAuthPreset = Pick<SourceCreate, 'host' | 'port' | 'tls'> & {
  oauth: Required<Pick<NonNullable<SourceCreate['oauth']>, 'flow' | 'token_endpoint' | 'scopes'>> &
    Pick<
      NonNullable<SourceCreate['oauth']>,
      'device_authorization_endpoint' | 'authorization_endpoint' | 'revocation_endpoint'
    >;
};

/** The /common tenant takes both personal (Outlook.com, Hotmail, Live) and work accounts. */
const MS = 'https://login.microsoftonline.com/common/oauth2/v2.0';

export const OAUTH_PRESETS: Record<OAuthPresetId, OAuthPreset> = {
  // No revocation_endpoint: Microsoft has no RFC 7009 endpoint for consumer tokens.
  microsoft: {
    host: 'outlook.office365.com',
    port: 993,
    tls: 'implicit',
    oauth: {
      flow: 'device',
      token_endpoint: `${MS}/token`,
      device_authorization_endpoint: `${MS}/devicecode`,
      scopes: ['offline_access', 'https://outlook.office.com/IMAP.AccessAsUser.All'],
    },
  },
  google: {
    host: 'imap.gmail.com',
    port: 993,
    tls: 'implicit',
    oauth: {
      flow: 'loopback',
      token_endpoint: 'https://oauth2.googleapis.com/token',
      // Google gives a refresh token only for offline access, and again only with consent.
      authorization_endpoint:
        'https://accounts.google.com/o/oauth2/v2/auth?access_type=offline&prompt=consent',
      revocation_endpoint: 'https://oauth2.googleapis.com/revoke',
      scopes: ['https://mail.google.com/'],
    },
  },
};

/** The preset whose token endpoint this is (same host), if any. */
export function presetOf(tokenEndpoint: string): OAuthPresetId | null {
  const host = /^https:\/\/([^/:?#]+)/.exec(tokenEndpoint)?.[1]?.toLowerCase();
  for (const id of OAUTH_PRESET_IDS) {
    if (OAUTH_PRESETS[id].oauth.token_endpoint.startsWith(`https://${host}/`)) return id;
  }
  return null;
}
