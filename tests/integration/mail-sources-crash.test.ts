import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lease, Mail } from '../../src-shared/mail/schemas.ts';
import type { Source } from '../../src-shared/mail/sources.ts';
import { DATABASE_FILE } from '../../src-main/db/open-database.ts';
import { Dovecot, hasDovecot } from '../helpers/dovecot.ts';
import type { MailTestApp } from '../helpers/mail-app.ts';
import { startSourceApp, message } from '../helpers/source-app.ts';
import { spawnFirstRun } from '../helpers/spawn-app.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';

const MESSAGES = 600;

async function allMails(m: MailTestApp, email: string): Promise<Mail[]> {
  const out: Mail[] = [];
  for (let after = 0; out.length < 10_000;) {
    const page = await m.mails(email, `?after_id=${after}&limit=200`);
    out.push(...page);
    if (page.length < 200) break;
    after = page.at(-1)?.id ?? after;
  }
  return out;
}

describe.skipIf(!hasDovecot)('kill -9 of the app in the middle of an IMAP fetch', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('after the restart every message is listed once: nothing lost, nothing twice', async () => {
    const dovecot = await Dovecot.start();
    cleanups.push(() => dovecot.close());
    const dataDir = makeTempDir();
    cleanups.push(() => removeTempDir(dataDir));
    const { app: child, base, key } = await spawnFirstRun(dataDir);
    cleanups.push(() => void child.child.kill('SIGKILL'));
    const call = (url: string, init: RequestInit = {}) =>
      fetch(`${base}${url}`, {
        ...init,
        headers: { 'x-api-key': key, 'content-type': 'application/json', ...init.headers },
      });

    expect(
      (await call('/api/settings', { method: 'PATCH', body: '{"domains":["crash.test"]}' })).status,
    ).toBe(200);
    const lease = ((await (await call('/api/generate')).json()) as Lease).email;
    const created = await call('/api/sources', {
      method: 'POST',
      body: JSON.stringify({
        kind: 'imap',
        host: '127.0.0.1',
        port: dovecot.port,
        tls: 'none',
        username: dovecot.user,
        password: dovecot.password,
      }),
    });
    const source = (await created.json()) as Source;
    const state = async (): Promise<Source | undefined> =>
      ((await (await call('/api/sources')).json()) as Source[]).find((s) => s.id === source.id);
    await expect.poll(async () => (await state())?.state, { timeout: 10_000 }).toBe('idle');

    // A burst of mail: the child takes them one by one while more arrive.
    const imap = await dovecot.client();
    cleanups.push(() => imap.logout().catch(() => undefined));
    const appends = Array.from({ length: MESSAGES }, (_, i) =>
      imap.append(
        'INBOX',
        message({ To: lease, Subject: `m${i}`, 'Message-ID': `<m${i}@crash>` }, 'x'.repeat(4000)),
      ),
    );
    let takenAtKill = 0;
    for (let i = 0; i < 2_000; i++) {
      takenAtKill = (await state())?.taken ?? 0;
      if (takenAtKill >= 30) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    child.child.kill('SIGKILL');
    expect(await child.exited).toBe('SIGKILL');
    await Promise.all(appends);
    expect(takenAtKill).toBeGreaterThanOrEqual(30);
    // The password never reached a log line.
    expect(child.stderr.join('\n') + child.stdout.join('\n')).not.toContain(dovecot.password);

    const db = new Database(path.join(dataDir, DATABASE_FILE), { readonly: true });
    const row = db.prepare('SELECT last_uid, taken FROM mail_sources').get() as {
      last_uid: number;
      taken: number;
    };
    db.close();
    console.log(`kill -9 with ${row.taken} of ${MESSAGES} taken (last UID ${row.last_uid})`);
    expect(row.taken).toBeLessThan(MESSAGES);

    const m = await startSourceApp(dovecot, { dataDir });
    cleanups.push(() => m.close());
    await expect
      .poll(async () => (await allMails(m, lease)).length, { timeout: 60_000, interval: 200 })
      .toBe(MESSAGES);
    const subjects = (await allMails(m, lease)).map((x) => x.subject ?? '');
    expect(new Set(subjects).size).toBe(MESSAGES);
    expect(subjects.filter((s) => !/^m\d+$/.test(s))).toEqual([]);
  }, 120_000);
});
