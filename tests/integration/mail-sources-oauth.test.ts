import type { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Source, SourceAuthorize } from '../../src-shared/mail/sources.ts';
import { addLogSink } from '../../src-main/core/logger.ts';
import { hasDovecot, type Dovecot } from '../helpers/dovecot.ts';
import type { MailTestApp } from '../helpers/mail-app.ts';
import type { OAuthServer } from '../helpers/oauth-server.ts';
import {
  addSource,
  append,
  json,
  message,
  sources,
  startSourceApp,
  waitForMails,
  waitForSource,
} from '../helpers/source-app.ts';
import { StepWait } from '../helpers/step-wait.ts';
import { expectNoToken, startOAuthDovecot, until } from '../helpers/oauth-sources.ts';

describe.skipIf(!hasDovecot)('OAuth mail sources: device code against Dovecot oauth2', () => {
  let oauth: OAuthServer;
  let dovecot: Dovecot;
  let m: MailTestApp;
  let imap: ImapFlow;
  let steps: StepWait;
  let source: Source;
  const logs: string[] = [];
  let stopLogs: () => void;

  beforeAll(async () => {
    stopLogs = addLogSink((line) => logs.push(line));
    ({ oauth, dovecot } = await startOAuthDovecot());
    imap = await dovecot.client();
    steps = new StepWait();
    m = await startSourceApp(dovecot, { mail: { sources: { oauth: { wait: steps.wait } } } });
    await m.api('/api/settings', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ domains: ['catch.test'] }),
    });
  });
  afterAll(async () => {
    stopLogs?.();
    await imap?.logout().catch(() => undefined);
    await m?.close();
    await dovecot?.close();
    await oauth?.close();
  });

  const authorize = async (id: string) =>
    json<SourceAuthorize>(await m.api(`/api/sources/${id}/authorize`, { method: 'POST' }), 200);

  it('a new OAuth source answers its sign-in (no tokens) and needs one', async () => {
    source = await addSource(m, dovecot, {
      password: undefined,
      oauth: {
        flow: 'device',
        client_id: 'ephemera-test',
        token_endpoint: oauth.tokenEndpoint,
        device_authorization_endpoint: oauth.deviceEndpoint,
        scopes: ['offline_access', 'imap'],
      },
    });
    expect(source).toMatchObject({
      auth: 'oauth',
      needs_sign_in: true,
      state: 'error',
      oauth: { flow: 'device', client_id: 'ephemera-test', scopes: ['offline_access', 'imap'] },
    });
  });

  it('device code: slow_down is honoured, then the source connects and takes mail over IDLE', async () => {
    // Microsoft-shaped: short-lived access tokens, so they are renewed while connected below.
    oauth.accessTtl = 2;
    oauth.slowDowns = 1;
    const answer = await authorize(source.id);
    expect(answer).toMatchObject({
      flow: 'device',
      verification_uri: `${oauth.url}/devicelogin`,
      expires_in: 900,
      interval: 1,
    });
    expect((await sources(m)).find((s) => s.id === source.id)?.state).toBe('authorizing');
    await steps.step(); // slow_down
    await steps.step(); // authorization_pending
    await until(() => steps.asked.length === 3, 'the client waits after authorization_pending');
    oauth.approveDevice(answer.flow === 'device' ? answer.user_code : '');
    await steps.step(); // the tokens
    // RFC 8628: the interval, then 5 s more for good after slow_down.
    expect(steps.asked).toEqual([1000, 6000, 6000]);
    const idle = await waitForSource(m, source.id, (s) => s.state === 'idle');
    expect(idle.needs_sign_in).toBe(false);
    expect(oauth.log.filter((l) => l.path === '/token').map((l) => l.error)).toEqual([
      'slow_down',
      'authorization_pending',
      null,
    ]);

    const { email } = await m.generate();
    await append(imap, message({ To: email, Subject: 'over oauth' }));
    expect((await waitForMails(m, email, 1))[0]?.subject).toBe('over oauth');
  });

  it('the access token is renewed while connected, rotating the refresh token, without reconnecting', async () => {
    const logins = oauth.log.filter((l) => l.path === '/introspect').length;
    const refreshes = oauth.count('refresh_token');
    await until(() => oauth.count('refresh_token') >= refreshes + 2, 'two refreshes');
    oauth.accessTtl = 3600;
    await until(() => oauth.count('refresh_token') >= refreshes + 3, 'a long-lived token');
    expect(oauth.log.filter((l) => l.grant === 'refresh_token' && l.error)).toEqual([]);
    expect(oauth.log.filter((l) => l.path === '/introspect').length).toBe(logins);
    const { email } = await m.generate();
    await append(imap, message({ To: email, Subject: 'still connected' }));
    expect((await waitForMails(m, email, 1))[0]?.subject).toBe('still connected');
  });

  it('a restart uses the rotated refresh token stored last (the used ones are dead)', async () => {
    const before = oauth.count('refresh_token');
    await m.t.restart();
    await waitForSource(m, source.id, (s) => s.state === 'idle');
    expect(oauth.count('refresh_token')).toBe(before + 1);
    expect(oauth.log.filter((l) => l.grant === 'refresh_token' && l.error)).toEqual([]);
  });

  it('a refused access token is renewed once on AUTHENTICATIONFAILED', async () => {
    const before = oauth.count('refresh_token');
    // The provider ends the tokens early; the app still thinks its token has an hour left.
    oauth.expireAccessTokens();
    await dovecot.restart();
    await waitForSource(m, source.id, (s) => s.state === 'idle');
    expect(oauth.count('refresh_token')).toBe(before + 1);
  });

  it('revoked consent stops the source with the reason and a sign-in action, no retry storm', async () => {
    oauth.revokeAll();
    await dovecot.restart();
    const stopped = await waitForSource(m, source.id, (s) => s.needs_sign_in);
    expect(stopped.last_error).toMatch(/no longer valid.*sign in again/);
    expect(stopped.needs_sign_in).toBe(true);
    const requests = oauth.log.length;
    await dovecot.restart();
    // The app restarts too: the stop was stored.
    await m.t.restart();
    const again = (await sources(m)).find((s) => s.id === source.id);
    expect(again).toMatchObject({ state: 'error', needs_sign_in: true });
    expect(again?.last_error).toMatch(/sign in again/);
    expect(oauth.log.length).toBe(requests);
  });

  it('signing in again brings it back; a declined or expired code says so', async () => {
    await authorize(source.id);
    oauth.denyDevice();
    await steps.step();
    let s = await waitForSource(m, source.id, (x) => x.state === 'error');
    expect(s.last_error).toMatch(/declined/);

    await authorize(source.id);
    oauth.expireDevice();
    await steps.step();
    s = await waitForSource(m, source.id, (x) => x.state === 'error');
    expect(s.last_error).toMatch(/expired/);

    const answer = await authorize(source.id);
    expect(answer.flow).toBe('device');
    oauth.approveDevice();
    await steps.step();
    s = await waitForSource(m, source.id, (x) => x.state === 'idle');
    expect(s.needs_sign_in).toBe(false);
  });

  it('no token reached an answer or a log line', async () => {
    const answers = JSON.stringify(await sources(m));
    const logged = logs.join('\n');
    expectNoToken(oauth, answers, logged);
    expect(logged).toMatch(/signed in/);
    // Headless, the log says where to sign in (the device page; the code is in the answer).
    expect(logged).toContain(`sign in at ${oauth.url}/devicelogin with the code shown`);
  });

  it('bad input is a 400 with a reason, never a 5xx', async () => {
    const post = (body: unknown) =>
      m.api('/api/sources', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const base = {
      kind: 'imap',
      host: 'imap.example.com',
      port: 993,
      tls: 'implicit',
      username: 'u',
    };
    const device = {
      flow: 'device',
      token_endpoint: 'https://t.example/token',
      device_authorization_endpoint: 'https://t.example/d',
      scopes: ['a'],
    };
    const refused = async (body: Record<string, unknown>, reason: string) => {
      const res = await post({ ...base, ...body });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ reason });
    };
    await refused({ password: 'x', oauth: device }, 'source_password_invalid');
    await refused({}, 'source_password_invalid');
    const plain = { ...device, client_id: 'c', token_endpoint: 'http://t.example/token' };
    await refused({ oauth: plain }, 'source_oauth_invalid');
    const loopback = { ...device, client_id: 'c', flow: 'loopback' };
    await refused({ oauth: loopback }, 'source_oauth_invalid');
    await refused({ oauth: device }, 'source_client_id_required');
    const created = await addSource(m, dovecot);
    expect(created).toMatchObject({ auth: 'password', oauth: null, needs_sign_in: false });
    const res = await m.api(`/api/sources/${created.id}/authorize`, { method: 'POST' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ reason: 'source_not_oauth' });
    expect((await m.api('/api/sources/src_nope/authorize', { method: 'POST' })).status).toBe(404);
    // A provider that will not start a sign-in: 502 with its words, the source unchanged.
    const broken = await addSource(m, dovecot, {
      password: undefined,
      oauth: {
        ...device,
        client_id: 'c',
        token_endpoint: oauth.tokenEndpoint,
        device_authorization_endpoint: `${oauth.url}/nope`,
      },
    });
    const down = await m.api(`/api/sources/${broken.id}/authorize`, { method: 'POST' });
    expect(down.status).toBe(502);
    expect(((await down.json()) as { detail: string }).detail).toMatch(/did not start a sign-in/);
    expect((await sources(m)).find((x) => x.id === broken.id)?.needs_sign_in).toBe(true);
  });
});
