import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../src-main/core/logger.ts';
import { startDeviceFlow } from '../../../../src-main/mail/sources/oauth/device-flow.ts';
import type { OAuthConfig } from '../../../../src-main/mail/sources/oauth/oauth-config.ts';
import { OAuthSession } from '../../../../src-main/mail/sources/oauth/oauth-session.ts';
import { ManualClock } from '../../../helpers/manual-clock.ts';
import { deviceClient, deviceSignIn } from '../../../helpers/oauth-client.ts';
import { OAuthServer } from '../../../helpers/oauth-server.ts';

describe('OAuth tokens (against the test authorization server on 127.0.0.1)', () => {
  let server: OAuthServer;
  let config: OAuthConfig;
  beforeAll(async () => {
    server = await OAuthServer.start({ username: 'u', interval: 5 });
    config = deviceClient(server);
  });
  afterAll(() => server.close());

  /** A refresh token the server takes, through a device sign-in. */
  const signIn = (clock: ManualClock): Promise<string> => deviceSignIn(server, config, clock);

  const session = (clock: ManualClock, refreshToken: string, saved: string[], lost: string[]) =>
    new OAuthSession({
      id: 'src_t',
      config,
      refreshToken,
      saveRefreshToken: (t) => {
        if (saved[0] === 'fail') throw new Error('disk full');
        saved.push(t);
      },
      lost: (reason) => lost.push(reason),
      clock,
      logger: createLogger('test', true),
    });

  it('a device code expires by the clock: polls every interval, then stops asking', async () => {
    const clock = new ManualClock();
    const polls = server.count('urn:ietf:params:oauth:grant-type:device_code');
    const flow = await startDeviceFlow(config, {
      clock,
      wait: (ms) => {
        clock.advance(ms);
        return Promise.resolve();
      },
    });
    await expect(flow.done).rejects.toMatchObject({ code: 'expired_token' });
    // 900 s at one poll per 5 s; the 180th wait reaches the deadline and does not poll.
    expect(server.count('urn:ietf:params:oauth:grant-type:device_code') - polls).toBe(179);
  });

  it('a rotated refresh token is stored before the new access token is handed out', async () => {
    const clock = new ManualClock();
    const first = await signIn(clock);
    const saved: string[] = [];
    const s = session(clock, first, saved, []);
    const a = s.credential(false);
    const b = s.credential(true);
    const [x, y] = await Promise.all([a, b]);
    s.stop();
    // One refresh for both callers, and its new refresh token already stored.
    expect(x).toEqual(y);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toBe(server.issued.at(-1));
    expect(saved[0]).not.toBe(first);
    // Within its lifetime the access token is reused; near its end it is renewed.
    expect(await s.credential(false)).toEqual(x);
    clock.advance(3_600_000 - 30_000);
    expect(await s.credential(false)).not.toEqual(x);
    expect(saved).toHaveLength(2);
  });

  it('a rotated token that cannot be stored is not used', async () => {
    const clock = new ManualClock();
    const s = session(clock, await signIn(clock), ['fail'], []);
    await expect(s.credential(false)).rejects.toThrow('disk full');
    s.stop();
  });

  it('a revoked grant is lost for good, in words, and stops the renewals', async () => {
    const clock = new ManualClock();
    const lost: string[] = [];
    const s = session(clock, await signIn(clock), [], lost);
    server.revokeAll();
    await expect(s.credential(false)).rejects.toMatchObject({ lasting: true });
    expect(lost).toEqual([expect.stringMatching(/no longer valid.*sign in again/)]);
  });

  it('a provider that is down is a passing failure', async () => {
    const clock = new ManualClock();
    const lost: string[] = [];
    const s = session(clock, await signIn(clock), [], lost);
    server.failNextRefresh = 'server_error';
    await expect(s.credential(false)).rejects.toMatchObject({ lasting: false });
    expect(lost).toEqual([]);
    s.stop();
  });
});
