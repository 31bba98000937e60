import { transform } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { oauthClientDefines } from '../../../scripts/build-options.mjs';

describe('the release OAuth client ids (issue 34)', () => {
  const code = 'f(process.env.EPHEMERA_MS_CLIENT_ID, process.env.EPHEMERA_GOOGLE_CLIENT_ID);';

  it('are written into the main bundle from the packaging environment', async () => {
    const env = { EPHEMERA_MS_CLIENT_ID: '00000000-aaaa-bbbb-cccc-000000000000' };
    const out = await transform(code, { define: oauthClientDefines(env) });
    expect(out.code).toContain('"00000000-aaaa-bbbb-cccc-000000000000"');
    // One not set at packaging stays a run-time read.
    expect(out.code).toContain('process.env.EPHEMERA_GOOGLE_CLIENT_ID');
  });

  it('leave the code as it is when none is set', () => {
    expect(oauthClientDefines({})).toEqual({});
  });
});
