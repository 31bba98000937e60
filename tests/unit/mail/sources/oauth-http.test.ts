import { describe, expect, it } from 'vitest';
import { OAuthError, postForm } from '../../../../src-main/mail/sources/oauth/oauth-http.ts';
import { freePort } from '../../../helpers/free-ports.ts';

async function failure(endpoint: string): Promise<OAuthError> {
  const err: unknown = await postForm(endpoint, { a: 'b' }, 2_000).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(OAuthError);
  return err as OAuthError;
}

describe('postForm: a provider that cannot be reached is named by the reason', () => {
  it('a refused connection says ECONNREFUSED, not fetch\'s "TypeError"', async () => {
    const err = await failure(`http://127.0.0.1:${await freePort()}/token`);
    expect(err.code).toBe('network');
    expect(err.message).toBe('the provider could not be reached (ECONNREFUSED)');
  });

  it('a port fetch refuses to use says so', async () => {
    // Port 9 (discard) is on the fetch standard's list of bad ports: no connection is tried.
    const err = await failure('http://127.0.0.1:9/token');
    expect(err.message).toBe('the provider could not be reached (bad port)');
  });
});
