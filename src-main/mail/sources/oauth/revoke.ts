import type { Logger } from '../../../core/logger.ts';
import type { OAuthConfig } from './oauth-config.ts';
import { OAuthError, postForm } from './oauth-http.ts';

/** A revocation is a courtesy to the provider: the user's delete never waits longer than this. */
export const REVOKE_TIMEOUT_MS = 3_000;

/**
 * Asks the provider to revoke a refresh token the source forgets (RFC 7009 section 2.1), where
 * its description names a revocation endpoint. Best effort: a provider that is down, slow or
 * refuses is logged (never the token) and the caller goes on; the token is gone locally anyway.
 */
export async function revokeRefreshToken(
  id: string,
  config: OAuthConfig,
  refreshToken: string,
  logger: Logger,
  timeoutMs = REVOKE_TIMEOUT_MS,
): Promise<void> {
  const endpoint = config.revocation_endpoint;
  if (!endpoint || refreshToken === '') return;
  try {
    await postForm(
      endpoint,
      {
        token: refreshToken,
        token_type_hint: 'refresh_token',
        client_id: config.client_id,
        ...(config.client_secret ? { client_secret: config.client_secret } : {}),
      },
      timeoutMs,
    );
    logger.info(`source ${id}: the provider revoked its sign-in`);
  } catch (err) {
    const code = err instanceof OAuthError ? err.code : (err as Error).name;
    logger.warn(`source ${id}: the provider did not revoke its sign-in (${code}); forgotten here`);
  }
}
