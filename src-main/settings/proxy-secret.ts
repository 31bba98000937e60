import type { Db } from '../db/open-database.ts';
import type { Logger } from '../core/logger.ts';
import { openSecret, type SecretBox } from '../mail/sources/secret-box.ts';
import type { Settings } from '../../src-shared/settings/schemas.ts';
import type { SettingsFile } from './settings-file.ts';
import { splitProxy, withPassword } from './proxy-url.ts';

/** Where the proxy password is kept between runs; only ever handed out for its own proxy. */
export interface ProxySecret {
  /** The password stored for `endpoint` (the proxy URL without it), or null. */
  read(endpoint: string): string | null;
  /** Stores the password for `endpoint`; null forgets it. */
  write(endpoint: string, password: string | null): void;
}

const NAME = 'proxy_password';

/** In the database (table app_secrets, migration 011), sealed by the sources' SecretBox. */
export function databaseProxySecret(db: Db, box: SecretBox, logger: Logger): ProxySecret {
  const select = db.prepare<[string], { scope: string; secret: Buffer; secret_format: string }>(
    'SELECT scope, secret, secret_format FROM app_secrets WHERE name = ?',
  );
  const upsert = db.prepare(
    `INSERT INTO app_secrets (name, scope, secret, secret_format) VALUES (?, ?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET scope = excluded.scope, secret = excluded.secret,
       secret_format = excluded.secret_format`,
  );
  const remove = db.prepare('DELETE FROM app_secrets WHERE name = ?');
  return {
    read(endpoint) {
      const row = select.get(NAME);
      // Stored for another proxy (settings.json edited by hand): never sent there.
      if (!row || row.scope !== endpoint) return null;
      try {
        return openSecret(box, row.secret, row.secret_format);
      } catch (err) {
        logger.warn(`the proxy password cannot be used: ${(err as Error).message}`);
        return null;
      }
    },
    write(endpoint, password) {
      if (password === null) remove.run(NAME);
      else upsert.run(NAME, endpoint, box.seal(password), box.format);
    },
  };
}

/** Kept in memory only (tests that build a SettingsService by hand). */
export function memoryProxySecret(): ProxySecret {
  let kept: { endpoint: string; password: string } | null = null;
  return {
    read: (endpoint) => (kept?.endpoint === endpoint ? kept.password : null),
    write: (endpoint, password) => {
      kept = password === null ? null : { endpoint, password };
    },
  };
}

/**
 * The proxy a start uses, password included. A flag or variable's proxy is used as given (it
 * is not stored). A stored one is the URL without its password plus the sealed password; a
 * settings.json written before the password was kept apart has it in the URL: it is moved into
 * the database and the file rewritten without it.
 */
export function startProxy(
  config: { proxy: string | null; locked?: readonly string[] },
  stored: Settings,
  secret: ProxySecret,
  file: SettingsFile,
  logger: Logger,
): string | null {
  if (config.locked?.includes('proxy') || config.proxy === null) return config.proxy;
  const { endpoint, password } = splitProxy(config.proxy);
  if (password === null) return withPassword(endpoint, secret.read(endpoint));
  secret.write(endpoint, password);
  try {
    file.write({ ...stored, proxy: endpoint });
    logger.info('moved the proxy password out of settings.json');
  } catch (err) {
    logger.error('cannot rewrite settings.json without the proxy password', err);
  }
  return config.proxy;
}
