import type { ImapFlow } from 'imapflow';
import type { Mail } from '../../src-shared/mail/schemas.ts';
import type { Source } from '../../src-shared/mail/sources.ts';
import type { Dovecot } from './dovecot.ts';
import { startMailTestApp, type MailTestApp } from './mail-app.ts';
import type { TestAppOptions } from './test-app.ts';

/** Short pauses, so a reconnect after a server restart takes a fraction of a second. */
export const FAST_TIMING = { backoffMs: [100, 200, 400], pollMs: 30_000, connectMs: 5_000 };

export async function startSourceApp(
  dovecot: Dovecot,
  options: TestAppOptions = {},
): Promise<MailTestApp> {
  return startMailTestApp({
    ...options,
    mail: {
      ...options.mail,
      sources: {
        timing: FAST_TIMING,
        ...(dovecot.ca ? { tls: { ca: dovecot.ca } } : {}),
        ...options.mail?.sources,
      },
    },
  });
}

export async function json<T>(res: Response, status: number): Promise<T> {
  if (res.status !== status) {
    throw new Error(`expected ${status}, got ${res.status}: ${await res.text()}`);
  }
  return (await res.json()) as T;
}

/** POST /api/sources for the Dovecot user, plain text on loopback unless `body` says otherwise. */
export async function addSource(
  m: MailTestApp,
  dovecot: Dovecot,
  body: Record<string, unknown> = {},
): Promise<Source> {
  const res = await m.api('/api/sources', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      kind: 'imap',
      host: '127.0.0.1',
      port: dovecot.port,
      tls: 'none',
      username: dovecot.user,
      password: dovecot.password,
      ...body,
    }),
  });
  return json<Source>(res, 201);
}

export async function sources(m: MailTestApp): Promise<Source[]> {
  return json<Source[]>(await m.api('/api/sources'), 200);
}

/** Polls GET /api/sources until `ok` holds for source `id` (bounded: about 10 s). */
export async function waitForSource(
  m: MailTestApp,
  id: string,
  ok: (s: Source) => boolean,
): Promise<Source> {
  let last: Source | undefined;
  for (let i = 0; i < 200; i++) {
    last = (await sources(m)).find((s) => s.id === id);
    if (last && ok(last)) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`source ${id} never got there: ${JSON.stringify(last)}`);
}

/** Long-polls the mailbox until it lists `count` mails (bounded by ?wait=10). */
export async function waitForMails(m: MailTestApp, email: string, count: number): Promise<Mail[]> {
  let mails: Mail[] = [];
  for (let i = 0; i < 20; i++) {
    const after = mails.at(-1)?.id ?? 0;
    const page = await m.mails(email, `?after_id=${after}&wait=10`);
    mails = [...mails, ...page];
    if (mails.length >= count) return mails;
  }
  return mails;
}

/** A small RFC 5322 message. */
export function message(headers: Record<string, string>, body = 'hello'): string {
  const lines = Object.entries({
    From: 'Sender <sender@example.org>',
    Subject: 'test',
    Date: new Date().toUTCString(),
    ...headers,
  }).map(([k, v]) => `${k}: ${v}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}\r\n`;
}

/** APPENDs into INBOX; the new UID. */
export async function append(client: ImapFlow, raw: string, flags: string[] = []): Promise<number> {
  const result = await client.append('INBOX', raw, flags);
  if (!result || typeof result.uid !== 'number') throw new Error('APPEND gave no UID');
  return result.uid;
}

/** The flags of one message by UID (null when it is gone). */
export async function flagsOf(client: ImapFlow, uid: number): Promise<string[] | null> {
  const lock = await client.getMailboxLock('INBOX');
  try {
    const msg = await client.fetchOne(String(uid), { flags: true }, { uid: true });
    return msg ? [...(msg.flags ?? [])].filter((f) => f !== '\\Recent').sort() : null;
  } finally {
    lock.release();
  }
}
