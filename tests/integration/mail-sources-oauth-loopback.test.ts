import type { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLogSink } from '../../src-main/core/logger.ts';
import type { Source, SourceAuthorize } from '../../src-shared/mail/sources.ts';
import { Dovecot, hasDovecot } from '../helpers/dovecot.ts';
import type { MailTestApp } from '../helpers/mail-app.ts';
import { lastRefreshToken, tryRefresh } from '../helpers/oauth-client.ts';
import { OAuthServer } from '../helpers/oauth-server.ts';
import { until } from '../helpers/oauth-sources.ts';
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

describe.skipIf(!hasDovecot)(
  'OAuth mail sources: loopback redirect with PKCE (Google-shaped)',
  () => {
    let oauth: OAuthServer;
    let dovecot: Dovecot;
    let m: MailTestApp;
    let imap: ImapFlow;
    let source: Source;

    beforeAll(async () => {
      oauth = await OAuthServer.start({ username: 'user@test.local' });
      dovecot = await Dovecot.start({ oauth2: { introspectionUrl: oauth.introspectionUrl } });
      imap = await dovecot.client();
      m = await startSourceApp(dovecot);
      await m.api('/api/settings', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ domains: ['catch.test'] }),
      });
      source = await addSource(m, dovecot, {
        password: undefined,
        oauth: {
          flow: 'loopback',
          client_id: 'installed-app',
          client_secret: 'not-really-secret',
          token_endpoint: oauth.tokenEndpoint,
          // Query parameters of the endpoint stay (Google's access_type=offline).
          authorization_endpoint: `${oauth.authorizationEndpoint}?access_type=offline`,
          scopes: ['https://mail.google.com/'],
        },
      });
    });
    afterAll(async () => {
      await imap?.logout().catch(() => undefined);
      await m?.close();
      await dovecot?.close();
      await oauth?.close();
    });

    const authorize = async (): Promise<URL> => {
      const answer = await json<SourceAuthorize>(
        await m.api(`/api/sources/${source.id}/authorize`, { method: 'POST' }),
        200,
      );
      if (answer.flow !== 'loopback') throw new Error(`flow ${answer.flow}`);
      return new URL(answer.url);
    };

    it('answers an authorization URL with PKCE S256, state and a 127.0.0.1 redirect', async () => {
      const logs: string[] = [];
      const stop = addLogSink((line) => logs.push(line));
      const url = await authorize();
      stop();
      // Headless, the URL is printed for the user to open on this computer.
      expect(logs.join('\n')).toContain(`sign in by opening ${url.toString()}`);
      const q = url.searchParams;
      expect(`${url.origin}${url.pathname}`).toBe(oauth.authorizationEndpoint);
      expect(q.get('access_type')).toBe('offline');
      expect(q.get('response_type')).toBe('code');
      expect(q.get('client_id')).toBe('installed-app');
      expect(q.get('scope')).toBe('https://mail.google.com/');
      expect(q.get('code_challenge_method')).toBe('S256');
      expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(q.get('state')?.length).toBeGreaterThanOrEqual(16);
      expect(q.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(JSON.stringify(await sources(m))).not.toContain('not-really-secret');
      expect((await sources(m)).find((s) => s.id === source.id)?.state).toBe('authorizing');
    });

    it('a redirect with another state is refused and nothing is exchanged', async () => {
      const url = await authorize();
      const res = await oauth.consent(url.toString(), { state: 'forged' });
      expect(res.status).toBe(400);
      expect(oauth.count('authorization_code')).toBe(0);
      expect((await sources(m)).find((s) => s.id === source.id)?.state).toBe('authorizing');
    });

    it('a code caught on the way is useless without the verifier only the app has', async () => {
      const url = await authorize();
      const caught = await fetch(url, { redirect: 'manual' });
      const code = new URL(caught.headers.get('location') ?? '').searchParams.get('code') ?? '';
      const res = await fetch(oauth.tokenEndpoint, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          client_id: 'installed-app',
          redirect_uri: url.searchParams.get('redirect_uri') ?? '',
          code_verifier: 'a'.repeat(43),
        }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
    });

    it('declined in the browser: the source says so and asks to sign in', async () => {
      const url = await authorize();
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      expect((await fetch(back)).status).toBe(400);
      const s = await waitForSource(m, source.id, (x) => x.state === 'error');
      expect(s).toMatchObject({ needs_sign_in: true });
      expect(s.last_error).toMatch(/declined/);
    });

    it('cancel closes the listener at once: consent after it exchanges nothing', async () => {
      const url = await authorize();
      const exchanges = oauth.count('authorization_code');
      const res = await m.api(`/api/sources/${source.id}/authorize`, { method: 'DELETE' });
      expect(res.status).toBe(204);
      await expect(fetch(url.searchParams.get('redirect_uri') ?? '')).rejects.toThrow();
      await expect(oauth.consent(url.toString())).rejects.toThrow();
      expect(oauth.count('authorization_code')).toBe(exchanges);
      const s = (await sources(m)).find((x) => x.id === source.id);
      expect(s).toMatchObject({ state: 'error', needs_sign_in: true });
    });

    it('cancel while the code is being exchanged: the tokens that arrive are revoked', async () => {
      const other = await addSource(m, dovecot, {
        password: undefined,
        oauth: {
          flow: 'loopback',
          client_id: 'installed-app',
          token_endpoint: oauth.tokenEndpoint,
          authorization_endpoint: oauth.authorizationEndpoint,
          revocation_endpoint: oauth.revocationEndpoint,
          scopes: ['https://mail.google.com/'],
        },
      });
      const answer = await json<SourceAuthorize>(
        await m.api(`/api/sources/${other.id}/authorize`, { method: 'POST' }),
        200,
      );
      if (answer.flow !== 'loopback') throw new Error(`flow ${answer.flow}`);
      const seen = oauth.revocations.length;
      oauth.holdGrants = true;
      try {
        const page = oauth.consent(answer.url);
        await until(() => oauth.heldGrants === 1, 'the provider holds the exchange');
        const token = lastRefreshToken(oauth);
        const res = await m.api(`/api/sources/${other.id}/authorize`, { method: 'DELETE' });
        expect(res.status).toBe(204);
        oauth.releaseGrants();
        // The browser is told the truth: this sign-in did not happen.
        const shown = await page;
        expect(shown.status).toBe(400);
        expect(await shown.text()).toMatch(/cancelled/);
        await until(() => oauth.revocations.length > seen, 'the late tokens are revoked');
        expect(oauth.revocations.slice(seen)).toEqual([
          { hint: 'refresh_token', clientId: 'installed-app', known: true },
        ]);
        expect(await tryRefresh(oauth, token, 'installed-app')).toBe('invalid_grant');
        const s = (await sources(m)).find((x) => x.id === other.id);
        expect(s).toMatchObject({ state: 'error', needs_sign_in: true });
      } finally {
        oauth.holdGrants = false;
        oauth.releaseGrants();
        await m.api(`/api/sources/${other.id}`, { method: 'DELETE' });
      }
    });

    it('consent in the browser: the code is exchanged with the verifier, mail arrives', async () => {
      const url = await authorize();
      const before = oauth.log.length;
      const page = await oauth.consent(url.toString());
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/signed in/i);
      const exchanges = oauth.log.slice(before).filter((l) => l.grant === 'authorization_code');
      expect(exchanges.map((l) => l.error)).toEqual([null]);
      await waitForSource(m, source.id, (s) => s.state === 'idle');
      const { email } = await m.generate();
      await append(imap, message({ To: email, Subject: 'via loopback' }));
      expect((await waitForMails(m, email, 1))[0]?.subject).toBe('via loopback');
      // The listener is gone once the sign-in finished.
      await expect(fetch(url.searchParams.get('redirect_uri') ?? '')).rejects.toThrow();
    });
  },
);
