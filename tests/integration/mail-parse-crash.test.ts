import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lease, Mail } from '../../src-shared/mail/schemas.ts';
import { DATABASE_FILE } from '../../src-main/db/open-database.ts';
import { spawnApp, spawnFirstRun } from '../helpers/spawn-app.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';

describe('a message that kills its parse does not keep the app down', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('pending mail of 100 MiB, and one whose parse stopped the app twice, are stored unparsed at the next start', async () => {
    const dataDir = makeTempDir();
    cleanups.push(() => removeTempDir(dataDir));
    const first = await spawnFirstRun(dataDir);
    cleanups.push(() => void first.app.child.kill('SIGKILL'));
    const api = (base: string, url: string) =>
      fetch(`${base}${url}`, { headers: { 'x-api-key': first.key } });
    const lease = (await (await api(first.base, '/api/generate')).json()) as Lease;
    first.app.child.kill('SIGKILL');
    await first.app.exited;

    // As an IMAP source stored them before issue 36: a 100 MiB message pending, and one whose
    // parse was begun twice (the process died both times).
    const db = new Database(path.join(dataDir, DATABASE_FILE));
    const insertRaw = db.prepare(
      `INSERT INTO mail_raw (envelope_from, recipients_json, received_at, raw) VALUES (NULL, ?, ?, ?)`,
    );
    const pend = db.prepare('INSERT INTO mail_pending (raw_id, attempts) VALUES (?, ?)');
    const recipients = JSON.stringify([lease.email]);
    const huge = Buffer.alloc(100 * 1024 * 1024, 'a');
    huge.write(`To: ${lease.email}\r\nSubject: huge\r\n\r\n`, 'latin1');
    pend.run(insertRaw.run(recipients, Date.now(), huge).lastInsertRowid, 0);
    const twice = Buffer.from(`To: ${lease.email}\r\nSubject: twice\r\n\r\ncode 482913\r\n`);
    pend.run(insertRaw.run(recipients, Date.now(), twice).lastInsertRowid, 2);
    db.close();

    const child = await spawnApp(
      ['src-main/start.ts', '--headless', '--port', '0', '--smtp-port', '0', '--data-dir', dataDir],
      { ready: /^SMTP listening/ },
    );
    cleanups.push(() => void child.child.kill('SIGKILL'));
    const base = (child.stdout[0] ?? '').replace('HTTP listening on ', '');
    const res = await api(base, `/api/emails/${encodeURIComponent(lease.email)}?wait=10`);
    expect(res.status).toBe(200);
    let mails = (await res.json()) as Mail[];
    if (mails.length < 2) {
      const after = mails.at(-1)?.id ?? 0;
      const more = await api(
        base,
        `/api/emails/${encodeURIComponent(lease.email)}?after_id=${after}&wait=10`,
      );
      mails = [...mails, ...((await more.json()) as Mail[])];
    }
    expect(mails.map((m) => [m.subject, m.code, m.parse_error, m.truncated])).toEqual([
      [null, null, 'not parsed: over the 10 MiB limit', true],
      [null, null, 'not parsed: parsing it stopped the app or its parser 2 times', false],
    ]);
    expect(mails[1]?.text).toBe(twice.toString('utf8'));
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect(child.child.exitCode).toBeNull();
  }, 60_000);
});
