import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Source, SourceAuthorize } from '../../src-shared/mail/sources.ts';
import { addLogSink } from '../../src-main/core/logger.ts';
import { hasDovecot, type Dovecot } from '../helpers/dovecot.ts';
import type { MailTestApp } from '../helpers/mail-app.ts';
import { lastRefreshToken, tryRefresh } from '../helpers/oauth-client.ts';
import type { OAuthServer } from '../helpers/oauth-server.ts';
import { addSource, json, sources, startSourceApp, waitForSource } from '../helpers/source-app.ts';
import { StepWait } from '../helpers/step-wait.ts';
import { expectNoToken, startOAuthDovecot, until } from '../helpers/oauth-sources.ts';

/** A revocation that hangs is given up after this long (the app's bound, made short here). */
const REVOKE_TIMEOUT_MS = 300;

describe.skipIf(!hasDovecot)('OAuth mail sources: cancel, delete and change a sign-in', () => {
  let oauth: OAuthServer;
  let dovecot: Dovecot;
  let m: MailTestApp;
  let steps: StepWait;
  const logs: string[] = [];
  let stopLogs: () => void;

  beforeAll(async () => {
    stopLogs = addLogSink((line) => logs.push(line));
    ({ oauth, dovecot } = await startOAuthDovecot());
    steps = new StepWait();
    m = await startSourceApp(dovecot, {
      mail: { sources: { oauth: { wait: steps.wait, revokeTimeoutMs: REVOKE_TIMEOUT_MS } } },
    });
  });
  afterAll(async () => {
    stopLogs?.();
    await m?.close();
    await dovecot?.close();
    await oauth?.close();
  });

  const description = (extra: Record<string, unknown> = {}) => ({
    flow: 'device',
    client_id: 'ephemera-test',
    token_endpoint: oauth.tokenEndpoint,
    device_authorization_endpoint: oauth.deviceEndpoint,
    revocation_endpoint: oauth.revocationEndpoint,
    scopes: ['offline_access', 'imap'],
    ...extra,
  });
  const addOAuth = (extra: Record<string, unknown> = {}) =>
    addSource(m, dovecot, { password: undefined, oauth: description(extra) });
  const authorize = async (id: string) =>
    json<SourceAuthorize>(await m.api(`/api/sources/${id}/authorize`, { method: 'POST' }), 200);
  const cancel = (id: string) => m.api(`/api/sources/${id}/authorize`, { method: 'DELETE' });
  const patch = (id: string, body: unknown) =>
    m.api(`/api/sources/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const tokenPolls = () =>
    oauth.log.filter((l) => l.path === '/token' && l.grant?.includes('device'));
  const signIn = async (id: string): Promise<Source> => {
    const answer = await authorize(id);
    oauth.approveDevice(answer.flow === 'device' ? answer.user_code : '');
    await steps.step();
    return waitForSource(m, id, (s) => s.state === 'idle');
  };

  it('cancel stops the polling at once; a source never signed in needs a sign-in again', async () => {
    const source = await addOAuth();
    const before = (await sources(m)).find((s) => s.id === source.id);
    await authorize(source.id);
    await steps.step(); // one poll: authorization_pending
    await until(() => steps.held === 1, 'the client waits for its next poll');
    const polls = tokenPolls().length;
    expect(polls).toBeGreaterThan(0);

    const res = await cancel(source.id);
    expect(res.status).toBe(204);
    // The wait between polls ended with the cancel: nothing is left to ask the provider.
    expect(steps.held).toBe(0);
    const after = (await sources(m)).find((s) => s.id === source.id);
    expect(after).toMatchObject({ state: 'error', needs_sign_in: true });
    expect(after?.last_error).toBe(before?.last_error);
    // Given a while to poll again, it does not (it would wait first: nothing to step).
    await expect(steps.step(300)).rejects.toThrow(/never waited/);
    expect(tokenPolls().length).toBe(polls);
  });

  it('cancel on a signed-in source brings it back on its tokens', async () => {
    const source = await addOAuth();
    await signIn(source.id);
    const refreshes = oauth.count('refresh_token');
    await authorize(source.id);
    expect((await sources(m)).find((s) => s.id === source.id)?.state).toBe('authorizing');
    expect((await cancel(source.id)).status).toBe(204);
    const back = await waitForSource(m, source.id, (s) => s.state === 'idle');
    expect(back.needs_sign_in).toBe(false);
    expect(steps.held).toBe(0);
    // The tokens it had still work: no new sign-in was needed.
    expect(oauth.count('refresh_token')).toBeGreaterThan(refreshes);
    expect(oauth.log.filter((l) => l.grant === 'refresh_token' && l.error)).toEqual([]);
  });

  for (const how of ['cancel', 'delete'] as const) {
    it(`${how} while the provider hands over the tokens: they are revoked, not left live`, async () => {
      const source = await addOAuth();
      const answer = await authorize(source.id);
      oauth.approveDevice(answer.flow === 'device' ? answer.user_code : '');
      oauth.holdGrants = true;
      try {
        const seen = oauth.revocations.length;
        await steps.step(); // the poll that gets the grant, held at the provider
        await until(() => oauth.heldGrants === 1, 'the provider holds the grant');
        const token = lastRefreshToken(oauth);
        const res =
          how === 'cancel'
            ? await cancel(source.id)
            : await m.api(`/api/sources/${source.id}`, { method: 'DELETE' });
        expect(res.status).toBe(204);
        oauth.releaseGrants();
        await until(() => oauth.revocations.length > seen, 'the late grant is revoked');
        expect(oauth.revocations.slice(seen)).toEqual([
          { hint: 'refresh_token', clientId: 'ephemera-test', known: true },
        ]);
        expect(await tryRefresh(oauth, token, 'ephemera-test')).toBe('invalid_grant');
        if (how === 'cancel') {
          const after = (await sources(m)).find((s) => s.id === source.id);
          expect(after).toMatchObject({ needs_sign_in: true });
          expect(after?.state).not.toBe('authorizing');
        }
      } finally {
        oauth.holdGrants = false;
        oauth.releaseGrants();
      }
    });
  }

  it('cancel with nothing under way is a harmless 204; an unknown source a 404 with detail', async () => {
    const source = await addOAuth();
    expect((await cancel(source.id)).status).toBe(204);
    expect((await cancel(source.id)).status).toBe(204);
    const password = await addSource(m, dovecot);
    expect((await cancel(password.id)).status).toBe(204);
    const missing = await cancel('src_nope');
    expect(missing.status).toBe(404);
    const body = (await missing.json()) as { detail: string };
    expect(body.detail).toMatch(/src_nope/);
  });

  it('delete revokes the refresh token at the provider: it no longer refreshes', async () => {
    const source = await addOAuth();
    await signIn(source.id);
    const token = lastRefreshToken(oauth);
    const seen = oauth.revocations.length;
    expect((await m.api(`/api/sources/${source.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(oauth.revocations.slice(seen)).toEqual([
      { hint: 'refresh_token', clientId: 'ephemera-test', known: true },
    ]);
    expect(await tryRefresh(oauth, token, 'ephemera-test')).toBe('invalid_grant');
  });

  for (const down of ['hang', 'unavailable', 'refused'] as const) {
    it(`delete with the revocation endpoint ${down}: still 204, at once`, async () => {
      const source =
        down === 'refused'
          ? await addOAuth({ revocation_endpoint: 'http://127.0.0.1:9/revoke' })
          : await addOAuth();
      await signIn(source.id);
      oauth.revocation = down === 'refused' ? 'ok' : down;
      try {
        const started = performance.now();
        const res = await m.api(`/api/sources/${source.id}`, { method: 'DELETE' });
        expect(res.status).toBe(204);
        // Bounded by the revocation timeout (300 ms here), with room for a slow machine.
        expect(performance.now() - started).toBeLessThan(REVOKE_TIMEOUT_MS + 2_000);
        expect((await sources(m)).some((s) => s.id === source.id)).toBe(false);
      } finally {
        oauth.revocation = 'ok';
      }
    });
  }

  it('a source without a revocation endpoint is deleted without asking the provider', async () => {
    const source = await addOAuth({ revocation_endpoint: undefined });
    await signIn(source.id);
    const requests = oauth.log.filter((l) => l.path === '/revoke').length;
    expect((await m.api(`/api/sources/${source.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(oauth.log.filter((l) => l.path === '/revoke').length).toBe(requests);
  });

  it('PATCH oauth: an unchanged description keeps the tokens, a changed one revokes them and needs a sign-in', async () => {
    const source = await addOAuth();
    await signIn(source.id);
    const revoked = oauth.revocations.length;

    // The same description, its scopes in another order: nothing to sign in again for.
    const same = description({ scopes: ['imap', 'offline_access'] });
    const kept = await json<Source>(await patch(source.id, { oauth: same }), 200);
    expect(kept.needs_sign_in).toBe(false);
    await waitForSource(m, source.id, (s) => s.state === 'idle');
    expect(oauth.revocations.length).toBe(revoked);

    const token = lastRefreshToken(oauth);
    const changed = await json<Source>(
      await patch(source.id, { oauth: description({ client_id: 'another-client' }) }),
      200,
    );
    expect(changed).toMatchObject({
      state: 'error',
      needs_sign_in: true,
      oauth: { client_id: 'another-client', revocation_endpoint: oauth.revocationEndpoint },
    });
    // Revoked with the client it was granted to.
    expect(oauth.revocations.slice(revoked)).toEqual([
      { hint: 'refresh_token', clientId: 'ephemera-test', known: true },
    ]);
    expect(await tryRefresh(oauth, token, 'ephemera-test')).toBe('invalid_grant');
    // It stays that way until a sign-in with the new description.
    const answer = await authorize(source.id);
    expect(answer.flow).toBe('device');
    expect(oauth.log.at(-1)?.path).toBe('/devicecode');
    oauth.approveDevice(answer.flow === 'device' ? answer.user_code : '');
    await steps.step();
    const back = await waitForSource(m, source.id, (s) => s.state === 'idle');
    expect(back.needs_sign_in).toBe(false);
  });

  it('PATCH of the user name forgets and revokes the tokens (they go only where first used)', async () => {
    const source = await addOAuth();
    await signIn(source.id);
    const token = lastRefreshToken(oauth);
    const revoked = oauth.revocations.length;
    const moved = await json<Source>(await patch(source.id, { username: 'other@test.local' }), 200);
    expect(moved).toMatchObject({ state: 'error', needs_sign_in: true });
    expect(oauth.revocations.length).toBe(revoked + 1);
    expect(await tryRefresh(oauth, token, 'ephemera-test')).toBe('invalid_grant');
  });

  it('PATCH oauth refuses a bad description and a switch between password and OAuth (400, detail)', async () => {
    const source = await addOAuth();
    const refused = async (id: string, body: unknown, reason: string) => {
      const res = await patch(id, body);
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { reason: string; detail: string };
      expect(answer.reason).toBe(reason);
      expect(answer.detail.length).toBeGreaterThan(0);
    };
    await refused(source.id, { oauth: description({ flow: 'loopback' }) }, 'source_oauth_invalid');
    await refused(
      source.id,
      { oauth: description({ token_endpoint: 'http://t.example/token' }) },
      'source_oauth_invalid',
    );
    await refused(
      source.id,
      { oauth: description({ client_id: undefined, token_endpoint: 'https://t.example/token' }) },
      'source_client_id_required',
    );
    await refused(source.id, { password: 'x' }, 'source_password_invalid');
    const password = await addSource(m, dovecot);
    await refused(password.id, { oauth: description() }, 'source_oauth_invalid');
    // Nothing changed.
    const now = (await sources(m)).find((s) => s.id === password.id);
    expect(now).toMatchObject({ auth: 'password', oauth: null });
  });

  it('no token reached an answer or a log line', async () => {
    const answers = JSON.stringify(await sources(m));
    const logged = logs.join('\n');
    expectNoToken(oauth, answers, logged);
    expect(logged).toMatch(/revoked its sign-in/);
    expect(logged).toMatch(/did not revoke its sign-in/);
  });
});
