import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { RawSmtp } from '../helpers/smtp-client.ts';

const HTTP_LIMIT = 3;
const SMTP_LIMIT = 2;

/** A raw HTTP/1.1 keep-alive connection from `localAddress`, with one request answered. */
interface RawHttp {
  socket: net.Socket;
  /** Everything received so far. */
  received(): string;
  closed: Promise<void>;
}

async function openHttp(port: number, localAddress: string, path = '/api/info'): Promise<RawHttp> {
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
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
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

describe('per-address connection limits (HTTP and SMTP)', () => {
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
  afterAll(async () => {
    for (const c of open) c.close();
    await m.close();
  });
  const httpPort = (): number => Number(new URL(m.t.app.httpUrl).port);
  const keep = (c: RawHttp): RawHttp => {
    open.push({ close: () => c.socket.destroy() });
    return c;
  };

  it('HTTP: one address past its limit gets a prompt 503 {detail} and a closed connection; other addresses are served', async () => {
    const held: RawHttp[] = [];
    for (let i = 0; i < HTTP_LIMIT; i++) {
      const c = keep(await openHttp(httpPort(), '127.0.0.2'));
      expect(statusOf(c.received())).toBe(200);
      held.push(c);
    }
    const refused = await openHttp(httpPort(), '127.0.0.2');
    await refused.closed;
    expect(statusOf(refused.received())).toBe(503);
    const body = refused.received().split('\r\n\r\n')[1] ?? '';
    expect(JSON.parse(body)).toEqual({ detail: 'Too many connections from your address.' });
    // Another address, and the default one, are not affected.
    const other = keep(await openHttp(httpPort(), '127.0.0.3'));
    expect(statusOf(other.received())).toBe(200);
    const res = await m.api('/api/info');
    expect(res.status).toBe(200);
    // The held connections still work (keep-alive), and a freed slot is usable again.
    const first = held[0];
    if (!first) throw new Error('no connection');
    first.socket.end();
    await first.closed;
    const again = keep(await openHttpOnceFree(httpPort(), '127.0.0.2'));
    expect(statusOf(again.received())).toBe(200);
  });

  it('HTTP: a refused connection never reaches a route (no lease is generated)', async () => {
    // Counts the route's calls: the refused request must not make any.
    const leases = m.t.app.mail.leases;
    const generate = leases.generate.bind(leases);
    let calls = 0;
    leases.generate = () => {
      calls++;
      return generate();
    };
    for (let i = 0; i < HTTP_LIMIT; i++) keep(await openHttp(httpPort(), '127.0.0.4'));
    const socket = net.connect({ port: httpPort(), host: '127.0.0.1', localAddress: '127.0.0.4' });
    socket.on('error', () => undefined);
    let data = '';
    socket.on('data', (c: Buffer) => (data += c.toString('latin1')));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `GET /api/generate HTTP/1.1\r\nHost: 127.0.0.1:${httpPort()}\r\nX-API-Key: ${m.key}\r\n\r\n`,
    );
    await closed;
    expect(statusOf(data)).toBe(503);
    expect(calls).toBe(0);
    // Over a free address the same request works, and it is the only lease: the refused one made none.
    const ok = await m.api('/api/generate');
    expect(ok.status).toBe(200);
    expect(calls).toBe(1);
    leases.generate = generate;
  });

  it('SMTP: an address past its limit gets 421 4.7.0; another address still gets 220', async () => {
    const sessions: RawSmtp[] = [];
    for (let i = 0; i < SMTP_LIMIT; i++) {
      const s = await RawSmtp.connect(m.smtpPort, '127.0.0.2');
      open.push(s);
      expect(s.greeting).toMatch(/^220 /);
      sessions.push(s);
    }
    const refused = await RawSmtp.connect(m.smtpPort, '127.0.0.2');
    open.push(refused);
    expect(refused.greeting).toBe('421 4.7.0 Too many connections from your address');
    await refused.closed;
    const other = await RawSmtp.connect(m.smtpPort, '127.0.0.3');
    open.push(other);
    expect(other.greeting).toMatch(/^220 /);
    expect(await other.command('EHLO client.example')).toMatch(/^250 /);
    // A session that ends frees its place.
    const first = sessions[0];
    if (!first) throw new Error('no session');
    expect(await first.command('QUIT')).toMatch(/^221 /);
    await first.closed;
    let again: RawSmtp | null = null;
    for (let attempt = 0; attempt < 50 && !again; attempt++) {
      const s = await RawSmtp.connect(m.smtpPort, '127.0.0.2');
      open.push(s);
      if (s.greeting.startsWith('220 ')) again = s;
      else await s.closed;
    }
    expect(again?.greeting).toMatch(/^220 /);
  });
});
