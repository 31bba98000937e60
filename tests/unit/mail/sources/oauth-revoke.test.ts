import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SourcePatchSchema } from '../../../../src-shared/mail/sources.ts';
import { OAUTH_PRESETS } from '../../../../src-shared/mail/oauth-presets.ts';
import { addLogSink, createLogger } from '../../../../src-main/core/logger.ts';
import { startDeviceFlow } from '../../../../src-main/mail/sources/oauth/device-flow.ts';
import {
  sameOAuth,
  type OAuthConfig,
} from '../../../../src-main/mail/sources/oauth/oauth-config.ts';
import { revokeRefreshToken } from '../../../../src-main/mail/sources/oauth/revoke.ts';
import { SignIns } from '../../../../src-main/mail/sources/oauth/sign-ins.ts';
import { ManualClock } from '../../../helpers/manual-clock.ts';
import { deviceClient, deviceSignIn, tryRefresh } from '../../../helpers/oauth-client.ts';
import { OAuthServer } from '../../../helpers/oauth-server.ts';
import { StepWait } from '../../../helpers/step-wait.ts';

describe('OAuth revocation, cancel and description changes (test server on 127.0.0.1)', () => {
  let server: OAuthServer;
  let config: OAuthConfig;
  const logger = createLogger('test', true);
  beforeAll(async () => {
    server = await OAuthServer.start({ username: 'u', interval: 5 });
    config = deviceClient(server);
  });
  afterAll(() => server.close());

  const signIn = (): Promise<string> => {
    const clock = new ManualClock();
    return deviceSignIn(server, config, clock);
  };

  it('revokes the refresh token as RFC 7009 says: it no longer refreshes', async () => {
    const token = await signIn();
    await revokeRefreshToken('src_t', config, token, logger);
    expect(server.revocations.at(-1)).toEqual({
      hint: 'refresh_token',
      clientId: 'c',
      known: true,
    });
    expect(await tryRefresh(server, token, 'c')).toBe('invalid_grant');
  });

  it('asks nothing without a revocation endpoint or a token', async () => {
    const requests = server.log.length;
    const { revocation_endpoint: _none, ...bare } = config;
    await revokeRefreshToken('src_t', bare, await signIn(), logger);
    await revokeRefreshToken('src_t', config, '', logger);
    expect(server.log.slice(requests).filter((l) => l.path === '/revoke')).toEqual([]);
  });

  it('a provider that never answers is given up within the bound, the token never logged', async () => {
    const held: http.ServerResponse[] = [];
    const silent = http.createServer((_req, res) => held.push(res));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const lines: string[] = [];
    const stop = addLogSink((line) => lines.push(line));
    try {
      const port = (silent.address() as AddressInfo).port;
      const started = performance.now();
      await revokeRefreshToken(
        'src_t',
        { ...config, revocation_endpoint: `http://127.0.0.1:${port}/revoke` },
        'rt_secret_value',
        logger,
        100,
      );
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(lines.join('\n')).toMatch(/did not revoke its sign-in/);
      expect(lines.join('\n')).not.toContain('rt_secret_value');
    } finally {
      stop();
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('cancel ends the device polling: no request after it, no outcome reported', async () => {
    const steps = new StepWait();
    const outcomes: string[] = [];
    const signIns = new SignIns(
      { clock: new ManualClock(), wait: steps.wait },
      {
        finished: () => void outcomes.push('finished'),
        failed: () => void outcomes.push('failed'),
        unwanted: () => void outcomes.push('unwanted'),
      },
    );
    await signIns.begin('src_t', config);
    await steps.step();
    for (let i = 0; i < 500 && steps.held === 0; i++) await new Promise((r) => setTimeout(r, 10));
    const polls = server.log.length;
    signIns.cancel('src_t');
    expect(signIns.has('src_t')).toBe(false);
    expect(steps.held).toBe(0);
    server.approveDevice();
    await expect(steps.step(200)).rejects.toThrow(/never waited/);
    expect(server.log.length).toBe(polls);
    expect(outcomes).toEqual([]);
  });

  it('cancel ends the sign-in at once with a token request in flight (not after its 30 s timeout)', async () => {
    const held: http.ServerResponse[] = [];
    const silent = http.createServer((_req, res) => held.push(res));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const steps = new StepWait();
      const flow = await startDeviceFlow(
        { ...config, token_endpoint: `http://127.0.0.1:${port}/token` },
        { clock: new ManualClock(), wait: steps.wait },
      );
      await steps.step();
      for (let i = 0; i < 500 && held.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(held).toHaveLength(1);
      const started = performance.now();
      flow.cancel();
      await expect(flow.done).rejects.toMatchObject({ code: 'cancelled' });
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(steps.held).toBe(0);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('a description is the same whatever the order of its keys and scopes', () => {
    const reordered = { ...config, scopes: ['b', 'a'] };
    expect(sameOAuth({ ...config, scopes: ['a', 'b'] }, reordered)).toBe(true);
    expect(sameOAuth(config, { ...config, client_id: 'd' })).toBe(false);
    expect(sameOAuth(config, { ...config, revocation_endpoint: undefined })).toBe(false);
    expect(sameOAuth(null, null)).toBe(true);
  });

  it('PATCH takes an oauth description with a revocation endpoint (https or loopback only)', () => {
    const oauth = { ...config, revocation_endpoint: 'https://oauth2.googleapis.com/revoke' };
    expect(SourcePatchSchema.safeParse({ oauth }).success).toBe(true);
    const plain = { ...config, revocation_endpoint: 'http://example.org/revoke' };
    expect(SourcePatchSchema.safeParse({ oauth: plain }).success).toBe(false);
    expect(OAUTH_PRESETS.google.oauth.revocation_endpoint).toBe(
      'https://oauth2.googleapis.com/revoke',
    );
    expect(OAUTH_PRESETS.microsoft.oauth.revocation_endpoint).toBeUndefined();
  });
});
