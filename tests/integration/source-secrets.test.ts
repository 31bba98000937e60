import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Source } from '../../src-shared/mail/sources.ts';
import {
  startCredentialListener,
  type CredentialListener,
} from '../helpers/credential-listener.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { FAST_TIMING, json } from '../helpers/source-app.ts';

const HOME_PASSWORD = 'p4ss-only-for-home-7731';

const patch = (m: MailTestApp, id: string, body: unknown) =>
  m.api(`/api/sources/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/**
 * Issue 36 §3: a stored source password is only ever sent to the host, port, TLS mode and user
 * name it was typed for. Two recording listeners: `home`, where the password was given, and
 * `elsewhere`, where a PATCH without the password tries to send it.
 */
describe('a source password stays where the user put it (real server)', () => {
  let m: MailTestApp;
  let home: CredentialListener;
  let elsewhere: CredentialListener;
  let source: Source;

  beforeAll(async () => {
    home = await startCredentialListener();
    elsewhere = await startCredentialListener();
    m = await startMailTestApp({ mail: { sources: { timing: FAST_TIMING } } });
    const res = await m.api('/api/sources', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'imap',
        host: '127.0.0.1',
        port: home.port,
        tls: 'none',
        username: 'me@example.org',
        password: HOME_PASSWORD,
      }),
    });
    source = await json<Source>(res, 201);
    // The listener records credentials: the source logs in at home with the password.
    await home.waitFor(HOME_PASSWORD);
  });
  afterAll(async () => {
    await m?.close();
    await home?.close();
    await elsewhere?.close();
  });

  it('moving host, port, TLS or user without the password is 400 and sends nothing', async () => {
    const moves = [
      { port: elsewhere.port },
      { host: 'localhost', port: elsewhere.port },
      { host: 'LOCALHOST' },
      { tls: 'starttls' },
      { port: elsewhere.port, tls: 'implicit' },
      { username: 'someone-else@example.org' },
      { username: 'other@example.org', mailbox: 'Archive', after_ingest: 'seen' },
    ];
    for (const move of moves) {
      const res = await patch(m, source.id, move);
      expect(res.status, JSON.stringify(move)).toBe(400);
      expect(await res.json()).toEqual({
        detail:
          'Enter the password again: the host, port, TLS mode or user name changed, and the stored password is only sent where it was given.',
        reason: 'source_password_required',
      });
    }
    // Nothing changed, and the other listener was never even connected to.
    const listed = await json<Source[]>(await m.api('/api/sources'), 200);
    expect(listed[0]).toMatchObject({
      host: '127.0.0.1',
      port: home.port,
      tls: 'none',
      username: 'me@example.org',
    });
    expect(elsewhere.connections()).toBe(0);
    expect(elsewhere.saw(HOME_PASSWORD)).toBe(false);
  });

  it('the same host with the same settings, or a mailbox change, needs no password', async () => {
    const res = await patch(m, source.id, {
      host: '127.0.0.1',
      port: home.port,
      tls: 'none',
      username: 'me@example.org',
      mailbox: 'Archive',
    });
    expect((await json<Source>(res, 200)).mailbox).toBe('Archive');
  });

  it('a move with a new password goes there with the new password only', async () => {
    const res = await patch(m, source.id, { port: elsewhere.port, password: 'n3w-for-elsewhere' });
    expect((await json<Source>(res, 200)).port).toBe(elsewhere.port);
    await elsewhere.waitFor('n3w-for-elsewhere');
    expect(elsewhere.saw(HOME_PASSWORD)).toBe(false);
  });
});
