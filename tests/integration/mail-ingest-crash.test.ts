import path from 'node:path';
import Database from 'better-sqlite3';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lease, Mail } from '../../src-shared/mail/schemas.ts';
import { DATABASE_FILE } from '../../src-main/db/open-database.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { ManualClock } from '../helpers/manual-clock.ts';
import { spawnFirstRun } from '../helpers/spawn-app.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';

const SENDERS = 8;
/** The kill comes once this many mails were answered 250, while every sender is mid-stream. */
const KILL_AFTER = 300;
const MAX_PER_SENDER = 1_000;

/** Every mail of one mailbox, paging with after_id. */
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

describe('kill -9 in the middle of an SMTP burst', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('every mail answered 250 is listed after the restart, once', async () => {
    const dataDir = makeTempDir();
    cleanups.push(() => removeTempDir(dataDir));
    const { app: child, base, smtpPort, key } = await spawnFirstRun(dataDir);
    cleanups.push(() => void child.child.kill('SIGKILL'));
    const res = await fetch(`${base}/api/generate/batch?count=3`, {
      method: 'POST',
      headers: { 'x-api-key': key },
    });
    const leases = ((await res.json()) as Lease[]).map((l) => l.email);

    // Each sender keeps one session open and sends mail after mail until the server dies.
    const acked = new Map<string, string>(); // subject → recipient
    let killed = false;
    const sender = async (k: number): Promise<void> => {
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: smtpPort,
        ignoreTLS: true,
        pool: true,
        maxConnections: 1,
      });
      try {
        for (let i = 0; i < MAX_PER_SENDER && !killed; i++) {
          const subject = `s${k}-${i}`;
          const to = leases[(k + i) % leases.length] ?? '';
          const info = await transport.sendMail({
            from: 'a@example.org',
            to,
            subject,
            text: `mail ${subject} `.repeat(300),
          });
          expect(info.response).toMatch(/^250 /);
          acked.set(subject, to);
          if (acked.size >= KILL_AFTER && !killed) {
            killed = true;
            child.child.kill('SIGKILL');
          }
        }
      } catch {
        // The server died under this session: mails without a 250 may or may not be stored.
      } finally {
        transport.close();
      }
    };
    await Promise.all(Array.from({ length: SENDERS }, (_, k) => sender(k)));
    expect(killed).toBe(true);
    expect(await child.exited).toBe('SIGKILL');

    // What the kill left unparsed (reported, not required: it depends on the machine's speed).
    const db = new Database(path.join(dataDir, DATABASE_FILE), { readonly: true });
    const pending = (db.prepare('SELECT count(*) AS n FROM mail_pending').get() as { n: number }).n;
    db.close();
    console.log(`kill -9 after ${acked.size} acknowledged mails; ${pending} not parsed yet`);

    // The restarted app parses what the kill left pending; on a busy machine that takes a while.
    const m = await startMailTestApp({ dataDir, clock: new ManualClock(Date.now()) });
    cleanups.push(() => m.close());
    await expect
      .poll(() => m.t.app.mail.parsing.backlog(), { timeout: 60_000, interval: 50 })
      .toBe(0);
    for (const email of leases) {
      const subjects = (await allMails(m, email)).map((mail) => mail.subject ?? '');
      expect(new Set(subjects).size).toBe(subjects.length);
      const expected = [...acked].filter(([, to]) => to === email).map(([s]) => s);
      const missing = expected.filter((s) => !subjects.includes(s));
      expect(missing).toEqual([]);
    }
  });
});
