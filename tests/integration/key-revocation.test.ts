import { spawn } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../src-main/db/open-database.ts';
import { keyActions } from '../../src-main/api/key-actions.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { sendMail } from '../helpers/smtp-client.ts';
import { UpgradeRefused, WsClient } from '../helpers/ws-client.ts';

const REVOKED = { code: 4401, reason: 'API key revoked' };
const WAIT_REVOKED = {
  detail: 'The API key was disabled or deleted while this request waited.',
};

describe('revoking an API key ends what is open with it', () => {
  let m: MailTestApp;
  let email = '';
  const clients: WsClient[] = [];
  beforeEach(async () => {
    m = await startMailTestApp({ mail: { keyWatchMs: 20 } });
    email = (await m.generate()).email;
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await m.close();
  });

  function connect(key: string): Promise<WsClient> {
    const url = `${m.t.app.httpUrl.replace('http', 'ws')}/ws/${encodeURIComponent(email)}?api_key=${key}`;
    return WsClient.connect(url).then(async (client) => {
      clients.push(client);
      await client.waitFor((x) => x.type === 'connected');
      return client;
    });
  }

  /** Resolves once `n` sessions are held (bounded: the long poll registers within a few turns). */
  async function sessionsHeld(n: number): Promise<void> {
    for (let turn = 0; turn < 1000; turn++) {
      if (m.t.app.mail.sessions.count() >= n) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error(`only ${m.t.app.mail.sessions.count()} sessions held`);
  }

  function longPoll(key: string): Promise<Response> {
    return m.t.request(`/api/emails/${encodeURIComponent(email)}?wait=30`, {
      headers: { 'x-api-key': key },
    });
  }

  async function expectRevoked(ws: WsClient): Promise<void> {
    expect(await ws.waitClosed()).toBe(REVOKED.code);
    expect(ws.closed).toEqual(REVOKED);
  }

  async function expectWaitRevoked(poll: Promise<Response>): Promise<void> {
    const res = await poll;
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(await res.json()).toEqual(WAIT_REVOKED);
  }

  it('POST /api/keys/{id}/disable closes its WebSockets (4401) and long polls (401) at once; other keys go on', async () => {
    const phone = m.t.app.mail.keys.create('phone');
    const [a1, a2, other] = [
      await connect(phone.key),
      await connect(phone.key),
      await connect(m.key),
    ];
    const poll = longPoll(phone.key);
    await sessionsHeld(4);

    const res = await m.api(`/api/keys/${phone.id}/disable`, { method: 'POST' });
    expect(res.status).toBe(200);
    await expectRevoked(a1);
    await expectRevoked(a2);
    await expectWaitRevoked(poll);
    expect(m.t.app.mail.sessions.count()).toBe(1);

    // Mail after the revocation reaches the other key only.
    await sendMail(m.smtpPort, { to: email, subject: 'after', text: 'code 271828' });
    await other.waitFor((x) => x.type === 'email');
    for (const ws of [a1, a2]) expect(ws.emails()).toEqual([]);
    expect(other.closed).toBeNull();
    const again = await connect(phone.key).catch((err: unknown) => err);
    expect(again).toBeInstanceOf(UpgradeRefused);
    expect((again as UpgradeRefused).status).toBe(401);
  });

  it('DELETE /api/keys/{id} does the same', async () => {
    const phone = m.t.app.mail.keys.create('phone');
    const ws = await connect(phone.key);
    const poll = longPoll(phone.key);
    await sessionsHeld(2);
    expect((await m.api(`/api/keys/${phone.id}`, { method: 'DELETE' })).status).toBe(204);
    await expectRevoked(ws);
    await expectWaitRevoked(poll);
  });

  it('the use cases behind IPC keys:disable and keys:delete (key-actions.ts) do the same', async () => {
    const [one, two] = [m.t.app.mail.keys.create('one'), m.t.app.mail.keys.create('two')];
    const [ws1, ws2] = [await connect(one.key), await connect(two.key)];
    keyActions.disable(m.t.app.mail.keys, one.id);
    await expectRevoked(ws1);
    expect(ws2.closed).toBeNull();
    keyActions.delete(m.t.app.mail.keys, two.id);
    await expectRevoked(ws2);
  });

  it('another process disabling or deleting the key in the same database (second connection)', async () => {
    const [one, two] = [m.t.app.mail.keys.create('one'), m.t.app.mail.keys.create('two')];
    const [ws1, ws2, other] = [
      await connect(one.key),
      await connect(two.key),
      await connect(m.key),
    ];
    const poll = longPoll(two.key);
    await sessionsHeld(4);
    const db = new Database(path.join(m.t.dataDir, DATABASE_FILE));
    try {
      db.prepare('UPDATE api_keys SET disabled_at = 1 WHERE id = ?').run(one.id);
      await expectRevoked(ws1);
      expect(ws2.closed).toBeNull();
      db.prepare('DELETE FROM api_keys WHERE id = ?').run(two.id);
      await expectRevoked(ws2);
      await expectWaitRevoked(poll);
    } finally {
      db.close();
    }
    expect(other.closed).toBeNull();
  });

  it('`keys disable` run by the CLI against the running app', async () => {
    const phone = m.t.app.mail.keys.create('phone');
    const ws = await connect(phone.key);
    const poll = longPoll(phone.key);
    await sessionsHeld(2);
    const cli = spawn(
      process.execPath,
      ['--import', 'tsx', 'src-main/cli.ts', 'keys', 'disable', String(phone.id)].concat([
        '--data-dir',
        m.t.dataDir,
      ]),
      { stdio: 'ignore' },
    );
    const exit = await new Promise<number | null>((resolve) => cli.once('exit', resolve));
    expect(exit).toBe(0);
    await expectRevoked(ws);
    await expectWaitRevoked(poll);
  }, 30_000);

  it('the next request with a revoked key is refused, however it was revoked (no stale key rows)', async () => {
    const phone = m.t.app.mail.keys.create('phone');
    // The lease route holds no session, so only the key check itself can refuse it.
    const lease = async (key: string): Promise<number> => {
      const res = await m.t.request(`/api/mailboxes/${encodeURIComponent(email)}/lease`, {
        headers: { 'x-api-key': key },
      });
      await res.body?.cancel();
      return res.status;
    };
    // Used twice first, so any rows kept between checks hold it as usable.
    expect([await lease(phone.key), await lease(phone.key)]).toEqual([200, 200]);
    expect((await m.api(`/api/keys/${phone.id}/disable`, { method: 'POST' })).status).toBe(200);
    expect(await lease(phone.key)).toBe(401);
    expect((await m.api(`/api/keys/${phone.id}/enable`, { method: 'POST' })).status).toBe(200);
    expect(await lease(phone.key)).toBe(200);
    const db = new Database(path.join(m.t.dataDir, DATABASE_FILE));
    try {
      db.prepare('UPDATE api_keys SET disabled_at = 1 WHERE id = ?').run(phone.id);
      expect(await lease(phone.key)).toBe(401);
      db.prepare('UPDATE api_keys SET disabled_at = NULL WHERE id = ?').run(phone.id);
      expect(await lease(phone.key)).toBe(200);
      db.prepare('DELETE FROM api_keys WHERE id = ?').run(phone.id);
      expect(await lease(phone.key)).toBe(401);
    } finally {
      db.close();
    }
    expect(await lease(m.key)).toBe(200);
  });

  it('a key revoked between the upgrade check and the socket opening is closed at once', () => {
    const phone = m.t.app.mail.keys.create('phone');
    m.t.app.mail.keys.disable(phone.id);
    let ended = 0;
    m.t.app.mail.sessions.hold(phone.id, () => ended++);
    expect(ended).toBe(1);
    expect(m.t.app.mail.sessions.count()).toBe(0);
  });
});
