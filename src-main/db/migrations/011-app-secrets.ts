import type { Migration } from './migration.ts';

/**
 * Secrets of the app's own settings, kept like a mail source's password (005): `secret` as the
 * SecretBox sealed it (Electron safeStorage in the desktop app, as is in the private database
 * headless), `secret_format` naming how. `scope` is where the secret may be sent (for the
 * proxy password: the proxy URL without it), so a secret is never sent anywhere else even when
 * settings.json is edited by hand. settings.json itself never holds a secret.
 */
export const appSecrets: Migration = {
  version: 11,
  name: 'app-secrets',
  sql: `
    CREATE TABLE app_secrets (
      name          TEXT PRIMARY KEY,
      scope         TEXT NOT NULL,
      secret        BLOB NOT NULL,
      secret_format TEXT NOT NULL
    ) STRICT;
  `,
};
