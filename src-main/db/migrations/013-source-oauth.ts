import type { Migration } from './migration.ts';

/**
 * OAuth mail sources (issue 34). `oauth` is the sign-in description as JSON (flow, client id,
 * endpoints, scopes: mail/sources/oauth/oauth-config.ts), NULL for a source with a password.
 * Such a source keeps its refresh token in `secret`, sealed by the same SecretBox as a password;
 * an empty `secret` means it is not signed in (new, or its grant was revoked or expired). A
 * rotated refresh token replaces the old one in one UPDATE before the new access token is used,
 * so a crash at any point leaves the newest token the provider has confirmed. Access tokens
 * live in memory only.
 */
export const sourceOAuth: Migration = {
  version: 13,
  name: 'source-oauth',
  sql: `
    ALTER TABLE mail_sources ADD COLUMN oauth TEXT;
  `,
};
