import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lease, Mail } from '../../src-shared/mail/schemas.ts';
import type { Source } from '../../src-shared/mail/sources.ts';
import { MAIL_LIMITS } from '../../src-shared/mail/limits.ts';
import { DATABASE_FILE } from '../../src-main/db/open-database.ts';
import { HostileImap, type HostileMessage } from '../helpers/hostile-imap.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { message } from '../helpers/source-app.ts';
import { spawnApp, spawnFirstRun } from '../helpers/spawn-app.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';

type Api = (url: string, init?: RequestInit) => Promise<Response>;

const MIB = 1024 * 1024;

const api =
  (m: MailTestApp): Api =>
  (url, init) =>
    m.api(url, init);

/** Adds a source on the hostile server that takes everything it holds (since_hours 24). */
async function addHostile(api: Api, port: number): Promise<Source> {
  const res = await api('/api/sources', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      kind: 'imap',
      host: '127.0.0.1',
      port,
      tls: 'none',
      username: 'u',
      password: 'p',
      since_hours: 24,
    }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Source;
}

/** Polls GET /api/sources until `ok` holds (bounded: about 20 s). */
async function waitForSource(api: Api, id: string, ok: (s: Source) => boolean): Promise<Source> {
  let last: Source | undefined;
  for (let i = 0; i < 400; i++) {
    const list = (await (await api('/api/sources')).json()) as Source[];
    last = list.find((s) => s.id === id);
    if (last && ok(last)) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`source ${id} never got there: ${JSON.stringify(last)}`);
}

/** Long-polls until the mailbox lists at least one mail (bounded by ?wait=10, twice). */
async function firstMails(api: Api, email: string): Promise<Mail[]> {
  for (let i = 0; i < 2; i++) {
    const res = await api(`/api/emails/${encodeURIComponent(email)}?wait=10`);
    expect(res.status).toBe(200);
    const mails = (await res.json()) as Mail[];
    if (mails.length > 0) return mails;
  }
  return [];
}

const small = (to: string, subject: string): HostileMessage => ({
  raw: Buffer.from(message({ To: to, Subject: subject, 'Message-ID': `<${subject}@hostile>` })),
});

/** A message of `bytes` bytes for `to`, its body lines of `a`. */
function big(to: string, bytes: number): Buffer {
  const head = Buffer.from(
    message({ To: to, Subject: 'huge', 'Message-ID': '<huge@hostile>' }, ''),
  );
  const body = Buffer.alloc(bytes - head.length, 'a');
  for (let i = 76; i < body.length - 1; i += 78) body.write('\r\n', i, 'latin1');
  return Buffer.concat([head, body]);
}

describe('mail sources: a hostile IMAP server', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('a message that claims 1000 bytes and sends 100 MiB is refused unread; the app stays up and starts again', async () => {
    const dataDir = makeTempDir();
    cleanups.push(() => removeTempDir(dataDir));
    const first = await spawnFirstRun(dataDir);
    let child = first.app;
    cleanups.push(() => void child.child.kill('SIGKILL'));
    let base = first.base;
    const api: Api = (url, init = {}) =>
      fetch(`${base}${url}`, { ...init, headers: { 'x-api-key': first.key, ...init.headers } });
    const lease = (await (await api('/api/generate')).json()) as Lease;

    const imap = await new HostileImap({
      messages: [
        // Ignores the range asked for and sends it all: the connection breaks at the literal.
        { raw: big(lease.email, 100 * MIB), claimedSize: 1000, body: 'ignore-range' },
        // Honours the range: 10 MiB + 1 byte arrive, one too many.
        { raw: big(lease.email, 11 * MIB), claimedSize: 1000, body: 'honest' },
        small(lease.email, 'after-the-flood'),
      ],
    }).start();
    cleanups.push(() => imap.close());
    const source = await addHostile(api, imap.port);

    const mails = await firstMails(api, lease.email);
    expect(mails.map((m) => m.subject)).toEqual(['after-the-flood']);
    const refused = await waitForSource(api, source.id, (s) => /refused/.test(s.last_error ?? ''));
    expect(refused.last_error).toMatch(/^message 2 refused: it is over the 10 MiB mail limit/);
    expect(refused.taken).toBe(1);
    // Far less than the 100 MiB literal was read, and nothing of it was stored.
    const stored = ['', '-wal'].reduce((sum, ext) => {
      const file = path.join(dataDir, `${DATABASE_FILE}${ext}`);
      return sum + (fs.existsSync(file) ? fs.statSync(file).size : 0);
    }, 0);
    expect(stored).toBeLessThan(4 * MAIL_LIMITS.maxMessageBytes);
    expect(child.child.exitCode).toBeNull();

    // A restart on the same data folder starts, serves, and lists the mail.
    child.child.kill('SIGKILL');
    await child.exited;
    child = await spawnApp(
      ['src-main/start.ts', '--headless', '--port', '0', '--smtp-port', '0', '--data-dir', dataDir],
      { ready: /^SMTP listening/ },
    );
    base = (child.stdout[0] ?? '').replace('HTTP listening on ', '');
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const again = (await (
      await api(`/api/emails/${encodeURIComponent(lease.email)}`)
    ).json()) as Mail[];
    expect(again.map((m) => m.subject)).toEqual(['after-the-flood']);
  }, 60_000);

  /** An in-process app with short timeouts. */
  const startApp = async (timing: Record<string, unknown>): Promise<MailTestApp> => {
    const m = await startMailTestApp({
      mail: {
        sources: {
          timing: { backoffMs: [100, 200, 400], pollMs: 30_000, connectMs: 2_000, ...timing },
        },
      },
    });
    cleanups.push(() => m.close());
    return m;
  };

  /** Restarts `m` on its data folder: /api/health answers and `email` lists `subjects`. */
  const restartServes = async (m: MailTestApp, email: string, subjects: string[]) => {
    await m.t.restart();
    expect((await m.t.request('/api/health')).status).toBe(200);
    const listed = await m.mails(email);
    expect(listed.map((mail) => mail.subject)).toEqual(subjects);
  };

  it('a BODY that never ends times out: the source says so instead of `connecting` forever', async () => {
    const m = await startApp({ socketMs: 500, commandMs: 1_000 });
    const { email } = await m.generate();
    const imap = await new HostileImap({
      messages: [{ ...small(email, 'stuck'), body: 'never-ends' }],
    }).start();
    cleanups.push(() => imap.close());
    const source = await addHostile(api(m), imap.port);
    const failed = await waitForSource(api(m), source.id, (s) => s.state === 'error');
    expect(failed.last_error).toBe('the server did not answer in time');
    // It connects again (after the backoff) and does not stop for good.
    await waitForSource(api(m), source.id, () => imap.connections >= 2);
    await restartServes(m, email, []);
  }, 30_000);

  it('headers are fetched a page at a time, not every message after the cursor at once', async () => {
    const m = await startApp({});
    const { email } = await m.generate();
    const others = Array.from({ length: 450 }, (_, i) => small('someone@else.test', `other-${i}`));
    const imap = await new HostileImap({ messages: [...others, small(email, 'the-last')] }).start();
    cleanups.push(() => imap.close());
    await addHostile(api(m), imap.port);
    const mails = await firstMails(api(m), email);
    expect(mails.map((mail) => mail.subject)).toEqual(['the-last']);
    expect(imap.maxHeadersPerFetch).toBe(200);
    await restartServes(m, email, ['the-last']);
  }, 30_000);

  it('a header block over the limits is refused: the message is named, later mail still comes', async () => {
    const m = await startApp({});
    const { email } = await m.generate();
    const imap = await new HostileImap({
      messages: [
        { ...small(email, 'fat-header'), headerBytes: 11 * MIB },
        small(email, 'after-the-header'),
      ],
    }).start();
    cleanups.push(() => imap.close());
    const source = await addHostile(api(m), imap.port);
    const mails = await firstMails(api(m), email);
    expect(mails.map((mail) => mail.subject)).toEqual(['after-the-header']);
    const refused = await waitForSource(api(m), source.id, (s) => s.taken === 1);
    expect(refused.last_error).toMatch(/^message 1 refused: the server sent more than the limits/);
    await restartServes(m, email, ['after-the-header']);
  }, 30_000);

  it('a line that never ends is cut at the line limit: the source says so and tries again later', async () => {
    const m = await startApp({});
    const { email } = await m.generate();
    const imap = await new HostileImap({
      messages: [small(email, 'unreachable')],
      endlessSearchBytes: 64 * MIB,
    }).start();
    cleanups.push(() => imap.close());
    const source = await addHostile(api(m), imap.port);
    const failed = await waitForSource(
      api(m),
      source.id,
      (s) => s.state === 'error' && s.last_error !== 'connection lost',
    );
    expect(failed.last_error).toBe('the server sent more than the limits allow');
    await restartServes(m, email, []);
  }, 30_000);

  it('a server that drops the connection after SELECT is retried with a growing pause', async () => {
    const m = await startApp({ backoffMs: [20, 20, 20, 60_000] });
    const { email } = await m.generate();
    const imap = await new HostileImap({
      messages: [small(email, 'never-read')],
      dropAfterSelect: true,
    }).start();
    cleanups.push(() => imap.close());
    const source = await addHostile(api(m), imap.port);
    await waitForSource(api(m), source.id, () => imap.selects >= 4);
    // The fourth pause is a minute: a backoff that the open mailbox reset would reconnect
    // every 20 ms, tens of times in the half second below.
    await new Promise((r) => setTimeout(r, 500));
    expect(imap.connections).toBe(4);
    const list = (await m.api('/api/sources').then((r) => r.json())) as Source[];
    expect(list.find((s) => s.id === source.id)).toMatchObject({
      state: 'error',
      last_error: 'connection lost',
    });
    await restartServes(m, email, []);
  }, 30_000);
});
