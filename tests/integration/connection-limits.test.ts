import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MADE_ROOM_REPLY } from '../../src-main/mail/smtp/smtp-sessions.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { RawSmtp, sendMail } from '../helpers/smtp-client.ts';

const HTTP_LIMIT = 3;
const SMTP_LIMIT = 2;

/** A raw HTTP/1.1 keep-alive connection from `localAddress`, with one request answered. */
interface RawHttp {
  socket: net.Socket;
  /** Everything received so far. */
  received(): string;
  closed: Promise<void>;
}

async function openHttp(
  port: number,
  localAddress: string,
  path = '/api/info',
  headers = '',
): Promise<RawHttp> {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  let data = '';
  const waiters = new Set<() => void>();
  socket.on('data', (chunk: Buffer) => {
    data += chunk.toString('latin1');
    for (const w of [...waiters]) w();
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${headers}\r\n`);
  // The status line and headers of the answer (or the close of a refused connection).
  await Promise.race([
    closed,
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no HTTP answer')), 10_000);
      const check = (): void => {
        if (!data.includes('\r\n\r\n')) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    }),
  ]);
  return { socket, received: () => data, closed };
}

const statusOf = (raw: string): number => Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);

/** Connects until the answer is not a 503 (the server sees a close a moment after the client). */
async function openHttpOnceFree(port: number, from: string): Promise<RawHttp> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const c = await openHttp(port, from);
    if (statusOf(c.received()) !== 503) return c;
    await c.closed;
  }
  throw new Error(`${from} stayed refused`);
}

/** A raw socket that connects and sends nothing (the cheapest way to hold a place). */
async function holdIdle(port: number, localAddress: string): Promise<RawHttp> {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  let data = '';
  socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => data, closed };
}

/** Resolves true once `closed` settles, false after `ms` (a bounded wait on an event). */
async function closesWithin(c: { closed: Promise<void> }, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const done = await Promise.race([c.closed.then(() => true), late]);
  clearTimeout(timer);
  return done;
}

/** Eleven other loopback addresses, as another local account can bind any of 127/8. */
const OTHERS = Array.from({ length: 11 }, (_, i) => `127.0.0.${i + 2}`);

describe('connection limits: all of loopback is one client, with room kept for the user', () => {
  let m: MailTestApp;
  const open: { close(): void }[] = [];
  beforeAll(async () => {
    m = await startMailTestApp({
      connectionLimits: {
        http: { perAddress: HTTP_LIMIT, loopbackPerAddress: HTTP_LIMIT },
        smtp: { perAddress: SMTP_LIMIT, loopbackPerAddress: SMTP_LIMIT },
      },
    });
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.close();
  });
  afterAll(() => m.close());
  const httpPort = (): number => Number(new URL(m.t.app.httpUrl).port);
  const keep = <T extends { socket: net.Socket }>(c: T): T => {
    open.push({ close: () => c.socket.destroy() });
    return c;
  };
  const keyHeader = (): string => `X-API-Key: ${m.key}\r\n`;

  it('HTTP: idle sockets from eleven 127.x addresses share one limit and make room for the UI and a keyed client', async () => {
    // The user's keyed client holds a kept-alive connection first.
    const mine = keep(await openHttp(httpPort(), '127.0.0.1', '/api/keys', keyHeader()));
    expect(statusOf(mine.received())).toBe(200);
    // Another account opens 4 idle sockets from each of 11 addresses (44, limit 3 in all).
    const idle: RawHttp[] = [];
    for (const from of OTHERS)
      for (let i = 0; i < 4; i++) idle.push(keep(await holdIdle(httpPort(), from)));
    // All but the newest two were closed to make room, oldest first: one client, not eleven.
    const kept = HTTP_LIMIT - 1;
    const closedOnes = idle.slice(0, idle.length - kept);
    expect(await Promise.all(closedOnes.map((c) => closesWithin(c, 5_000)))).toEqual(
      closedOnes.map(() => true),
    );
    for (const c of idle.slice(-kept)) expect(c.socket.destroyed).toBe(false);
    // The keyed connection was never the one closed, and still answers on the same socket.
    expect(mine.socket.destroyed).toBe(false);
    mine.socket.write(
      `GET /api/keys HTTP/1.1\r\nHost: 127.0.0.1:${httpPort()}\r\n${keyHeader()}\r\n`,
    );
    // The UI (a fresh connection from 127.0.0.1) and a keyed script are answered.
    const ui = await openHttp(httpPort(), '127.0.0.1', '/');
    keep(ui);
    expect(statusOf(ui.received())).toBe(200);
    const res = await m.api('/api/generate', { headers: { connection: 'close' } });
    expect(res.status).toBe(200);
  });

  it('HTTP: when every held connection is keyed, the next gets a prompt 503 {detail} and never reaches a route', async () => {
    for (let i = 0; i < HTTP_LIMIT; i++) {
      const c = keep(await openHttp(httpPort(), OTHERS[i] ?? '', '/api/keys', keyHeader()));
      expect(statusOf(c.received())).toBe(200);
    }
    const leases = m.t.app.mail.leases;
    const generate = leases.generate.bind(leases);
    let calls = 0;
    leases.generate = () => {
      calls++;
      return generate();
    };
    try {
      const refused = await openHttp(httpPort(), '127.0.0.9', '/api/generate', keyHeader());
      await refused.closed;
      expect(statusOf(refused.received())).toBe(503);
      const body = refused.received().split('\r\n\r\n')[1] ?? '';
      expect(JSON.parse(body)).toEqual({ detail: 'Too many connections from your address.' });
      expect(calls).toBe(0);
    } finally {
      leases.generate = generate;
    }
    // A freed place is usable again.
    for (const c of open.splice(0)) c.close();
    const again = keep(await openHttpOnceFree(httpPort(), '127.0.0.9'));
    expect(statusOf(again.received())).toBe(200);
  });

  it('SMTP: idle sessions from eleven 127.x addresses share one limit; the oldest get 421 and a new sender delivers', async () => {
    const { email } = await m.generate();
    const sessions: RawSmtp[] = [];
    for (const from of OTHERS) {
      const s = await RawSmtp.connect(m.smtpPort, from);
      open.push(s);
      expect(s.greeting).toMatch(/^220 /);
      expect(await s.command('EHLO idle.example')).toMatch(/^250 /);
      sessions.push(s);
    }
    // Only the newest SMTP_LIMIT are still open: the others were told why and closed.
    const first = sessions[0];
    if (!first) throw new Error('no session');
    expect(await first.replies(1)).toEqual([`421 ${MADE_ROOM_REPLY}`]);
    const closedOnes = sessions.slice(0, sessions.length - SMTP_LIMIT);
    expect(await Promise.all(closedOnes.map((c) => closesWithin(c, 5_000)))).toEqual(
      closedOnes.map(() => true),
    );
    for (const s of sessions.slice(-SMTP_LIMIT)) expect(await s.command('NOOP')).toMatch(/^250 /);
    // A new sender from yet another loopback address gets in and its mail is stored.
    const info = await sendMail(m.smtpPort, {
      to: email,
      subject: 'still here',
      text: 'code 482913',
    });
    expect(info.response).toMatch(/^250 /);
    expect((await m.mails(email)).map((x) => x.code)).toEqual(['482913']);
  });

  it('SMTP: a session receiving a message is never closed to make room; with all of them inside DATA the next gets 421', async () => {
    const { email } = await m.generate();
    const sending: RawSmtp[] = [];
    for (let i = 0; i < SMTP_LIMIT; i++) {
      const s = await RawSmtp.connect(m.smtpPort, OTHERS[i]);
      open.push(s);
      await s.command('EHLO busy.example');
      await s.command('MAIL FROM:<a@example.org>');
      expect(await s.command(`RCPT TO:<${email}>`)).toMatch(/^250 /);
      expect(await s.command('DATA')).toMatch(/^354 /);
      s.write('Subject: slow\r\n\r\npart one ');
      sending.push(s);
    }
    const refused = await RawSmtp.connect(m.smtpPort, '127.0.0.12');
    open.push(refused);
    expect(refused.greeting).toBe('421 4.7.0 Too many connections from your address');
    for (const s of sending) s.write('part two\r\n.\r\n');
    for (const s of sending) expect((await s.replies(1))[0]).toMatch(/^250 /);
    expect(await m.mails(email)).toHaveLength(SMTP_LIMIT);
  });
});
