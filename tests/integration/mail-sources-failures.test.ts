import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Source, SourceTestResult } from '../../src-shared/mail/sources.ts';
import { Dovecot, hasDovecot } from '../helpers/dovecot.ts';
import type { MailTestApp } from '../helpers/mail-app.ts';
import { startMailTestApp } from '../helpers/mail-app.ts';
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

const post = (m: MailTestApp, url: string, body?: unknown) =>
  m.api(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Counts the LOGIN attempts Dovecot logged for the user. */
function logins(dovecot: Dovecot): number {
  const log = fs.readFileSync(path.join(dovecot.dir, 'dovecot.log'), 'utf8');
  return (log.match(/imap-login: Info: (Login|Disconnected|Aborted login)/g) ?? []).length;
}

describe.skipIf(!hasDovecot)('mail sources: refusals and failures (real Dovecot)', () => {
  let dovecot: Dovecot;
  let m: MailTestApp;
  beforeAll(async () => {
    dovecot = await Dovecot.start({ tls: true });
    m = await startSourceApp(dovecot);
  });
  afterAll(async () => {
    await m?.close();
    await dovecot?.close();
  });

  it('a wrong password stops the source with the reason, and it does not try again', async () => {
    const source = await addSource(m, dovecot, { password: 'wrong' });
    const stopped = await waitForSource(m, source.id, (s) => s.state === 'error');
    expect(stopped.last_error).toMatch(/^authentication failed/);
    const attempts = logins(dovecot);
    await new Promise((r) => setTimeout(r, 1_000)); // backoff is 100–400 ms in these tests
    expect(logins(dovecot)).toBe(attempts);
    expect((await sources(m)).find((s) => s.id === source.id)?.state).toBe('error');
    const tested = await json<SourceTestResult>(
      await post(m, `/api/sources/${source.id}/test`),
      200,
    );
    expect(tested).toMatchObject({ ok: false, step: 'login' });
    expect(tested.error).toMatch(/authentication failed/);

    // A new password clears the stop and the source connects.
    const fixed = await m.api(`/api/sources/${source.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: dovecot.password }),
    });
    expect(fixed.status).toBe(200);
    await waitForSource(m, source.id, (s) => s.state === 'idle' && s.last_error === null);
    expect((await m.api(`/api/sources/${source.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('a mailbox that does not exist stops the source: "mailbox missing"', async () => {
    const source = await addSource(m, dovecot, { mailbox: 'Nope' });
    const stopped = await waitForSource(m, source.id, (s) => s.state === 'error');
    expect(stopped.last_error).toMatch(/^mailbox missing: "Nope"/);
    const tested = await json<SourceTestResult>(
      await post(m, `/api/sources/${source.id}/test`),
      200,
    );
    expect(tested).toMatchObject({ ok: false, step: 'mailbox' });
    await m.api(`/api/sources/${source.id}`, { method: 'DELETE' });
  });

  it('implicit TLS and STARTTLS verify the certificate against the given CA and take mail', async () => {
    const patch = await m.api('/api/settings', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ domains: ['tls.test'] }),
    });
    expect(patch.status).toBe(200);
    const implicit = await addSource(m, dovecot, {
      host: 'localhost',
      port: dovecot.tlsPort,
      tls: 'implicit',
    });
    const starttls = await addSource(m, dovecot, { host: 'localhost', tls: 'starttls' });
    await waitForSource(m, implicit.id, (s) => s.state === 'idle');
    await waitForSource(m, starttls.id, (s) => s.state === 'idle');
    const ok = await json<SourceTestResult>(await post(m, `/api/sources/${implicit.id}/test`), 200);
    expect(ok).toMatchObject({ ok: true, step: null, error: null, idle: true });

    const { email } = await m.generate();
    const imap = await dovecot.client();
    await append(imap, message({ To: email, 'Message-ID': '<tls@x>' }, 'code 774411'));
    await imap.logout();
    // Two sources read the same mailbox: the Message-ID keeps it one mail.
    const mails = await waitForMails(m, email, 1);
    expect(mails.map((x) => x.code)).toEqual(['774411']);
    for (const s of [implicit, starttls]) {
      await m.api(`/api/sources/${s.id}`, { method: 'DELETE' });
    }
  });

  it('without the CA the certificate is not trusted: the source stops and says so', async () => {
    const other = await startMailTestApp({
      mail: { sources: { timing: { backoffMs: [100], pollMs: 30_000, connectMs: 5_000 } } },
    });
    try {
      const source = await addSource(other, dovecot, {
        host: 'localhost',
        port: dovecot.tlsPort,
        tls: 'implicit',
      });
      const stopped = await waitForSource(other, source.id, (s) => s.state === 'error');
      expect(stopped.last_error).toMatch(/^certificate not trusted/);
    } finally {
      await other.close();
    }
  });
});

describe('mail sources: REST input and access', () => {
  let m: MailTestApp;
  beforeAll(async () => {
    m = await startMailTestApp();
  });
  afterAll(() => m.close());

  // A loopback port nothing listens on: a created source only ever meets ECONNREFUSED.
  const good = {
    kind: 'imap',
    host: '127.0.0.1',
    port: 9,
    tls: 'implicit',
    username: 'me@example.org',
    password: 'app-password-1',
  };

  it.each([
    [{ kind: 'pop3' }, 'source_kind_invalid'],
    [{ host: 'http://imap.example.org' }, 'source_host_invalid'],
    [{ host: '' }, 'source_host_invalid'],
    [{ port: 0 }, 'source_port_invalid'],
    [{ port: 65536 }, 'source_port_invalid'],
    [{ port: '993' }, 'source_port_invalid'],
    [{ tls: 'ssl' }, 'source_tls_invalid'],
    [{ tls: 'none', host: 'imap.example.org' }, 'source_plain_needs_loopback'],
    [{ username: '' }, 'source_username_invalid'],
    [{ password: '' }, 'source_password_invalid'],
    [{ mailbox: '' }, 'source_mailbox_invalid'],
    [{ after_ingest: 'archive' }, 'source_after_ingest_invalid'],
    [{ surprise: 1 }, 'value_invalid'],
  ])('POST %j → 400 %s', async (change, reason) => {
    const res = await post(m, '/api/sources', { ...good, ...change });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { detail: string; reason: string };
    expect(body.reason).toBe(reason);
    expect(body.detail).not.toContain('app-password-1');
  });

  it('no key → 401; unknown id → 404 on PATCH, DELETE and test; a PATCH to plain text off loopback → 400', async () => {
    expect((await m.t.request('/api/sources')).status).toBe(401);
    const created = await json<Source>(await post(m, '/api/sources', good), 201);
    expect(JSON.stringify(created)).not.toContain('app-password-1');
    for (const [method, url] of [
      ['PATCH', '/api/sources/src_missing'],
      ['DELETE', '/api/sources/src_missing'],
      ['POST', '/api/sources/src_missing/test'],
    ] as const) {
      const res = await m.api(url, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'DELETE' ? undefined : '{}',
      });
      expect(res.status).toBe(404);
    }
    const plain = await m.api(`/api/sources/${created.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tls: 'none', host: 'imap.example.org' }),
    });
    expect(plain.status).toBe(400);
    expect(await plain.json()).toMatchObject({ reason: 'source_plain_needs_loopback' });
    expect((await m.api(`/api/sources/${created.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await sources(m)).toEqual([]);
  });
});
