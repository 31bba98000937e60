import { startDeviceFlow } from '../../src-main/mail/sources/oauth/device-flow.ts';
import type { OAuthConfig } from '../../src-main/mail/sources/oauth/oauth-config.ts';
import type { ManualClock } from './manual-clock.ts';
import type { OAuthServer } from './oauth-server.ts';

/** What a client of the test server does: sign in, refresh, know its description. */

/** A device-flow client of `server` (client id `c`), as a source stores it. */
export function deviceClient(server: OAuthServer): OAuthConfig {
  return {
    flow: 'device',
    client_id: 'c',
    token_endpoint: server.tokenEndpoint,
    device_authorization_endpoint: server.deviceEndpoint,
    revocation_endpoint: server.revocationEndpoint,
    scopes: ['offline_access'],
  };
}

/** A device sign-in the user approves at once, each wait moving `clock`: its refresh token. */
export async function deviceSignIn(
  server: OAuthServer,
  config: OAuthConfig,
  clock: ManualClock,
): Promise<string> {
  const flow = await startDeviceFlow(config, {
    clock,
    wait: (ms) => {
      clock.advance(ms);
      server.approveDevice();
      return Promise.resolve();
    },
  });
  return (await flow.done).refreshToken ?? '';
}

/** A refresh with `refreshToken`, as a client holding it would try: the error code, or null. */
export async function tryRefresh(
  server: OAuthServer,
  refreshToken: string,
  clientId: string,
): Promise<string | null> {
  const res = await fetch(server.tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: clientId,
    }).toString(),
  });
  return res.ok ? null : (((await res.json()) as { error?: string }).error ?? String(res.status));
}

/** The refresh token `server` handed out last (the one a signed-in client holds now). */
export function lastRefreshToken(server: OAuthServer): string {
  const last = server.issued.filter((t) => t.startsWith('rt_')).at(-1);
  if (!last) throw new Error('no refresh token issued yet');
  return last;
}
