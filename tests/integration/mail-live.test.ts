import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WsMessageSchema } from '../../src-shared/mail/schemas.ts';
import { deliverMany } from '../helpers/mail-fixtures.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { sendMail } from '../helpers/smtp-client.ts';
import { UpgradeRefused, WsClient } from '../helpers/ws-client.ts';

const isEmail = (x: { type: string }): boolean => x.type === 'email';

describe('live mail over WebSocket (/ws/{email})', () => {
  let m: MailTestApp;
  const clients: WsClient[] = [];
  beforeAll(async () => {
    m = await startMailTestApp({
      mail: { stream: { heartbeatMs: 40, maxBufferedBytes: 64 * 1024 } },
    });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await m.close();
  });

  async function connect(email: string, query = ''): Promise<WsClient> {
    const url = `${m.t.app.httpUrl.replace('http', 'ws')}/ws/${encodeURIComponent(email)}?api_key=${m.key}${query}`;
    const client = await WsClient.connect(url);
    clients.push(client);
    return client;
  }

  it('connected first, then a live email frame for a mail sent over SMTP', async () => {
    const { email } = await m.generate();
    const ws = await connect(email);
    await ws.waitFor((x) => x.type === 'connected');
    expect(ws.messages[0]).toEqual({
      type: 'connected',
      email,
      server_time: expect.any(String) as unknown,
    });
    await sendMail(m.smtpPort, { to: email, subject: 'live one', text: 'code 314159' });
    const [frame] = await ws.waitFor(isEmail);
    const parsed = WsMessageSchema.parse(frame);
    expect(parsed).toMatchObject({ type: 'email', data: { email, subject: 'live one' } });
    const [rest] = await m.mails(email);
    expect(parsed.type === 'email' && parsed.data).toEqual(rest);
  });

  it('heartbeat frames while connected', async () => {
    const { email } = await m.generate();
    const ws = await connect(email);
    const beats = await ws.waitFor((x) => x.type === 'heartbeat', 2);
    expect(WsMessageSchema.parse(beats[0])).toEqual({
      type: 'heartbeat',
      server_time: expect.any(String) as unknown,
    });
  });

  it('replays stored mails after after_id, then continues live, across page boundaries', async () => {
    const { email } = await m.generate();
    const stored = await deliverMany(m.t.app, email, 450);
    const from = stored[9]?.id ?? 0;
    const ws = await connect(email, `&after_id=${from}`);
    // More mail while the replay runs: none missed, none twice.
    const during = await deliverMany(m.t.app, email, 30);
    const expected = [...stored.slice(10), ...during].map((x) => x.id);
    await ws.waitFor(isEmail, expected.length);
    expect(ws.emails()).toEqual(expected);
    expect(ws.messages[0]?.type).toBe('connected');
  });

  it('without after_id: live mails only; after_id=0: everything stored', async () => {
    const { email } = await m.generate();
    const old = await deliverMany(m.t.app, email, 3);
    const liveOnly = await connect(email);
    const all = await connect(email, '&after_id=0');
    await all.waitFor(isEmail, 3);
    const [fresh] = await deliverMany(m.t.app, email, 1);
    await liveOnly.waitFor(isEmail);
    await all.waitFor(isEmail, 4);
    expect(liveOnly.emails()).toEqual([fresh?.id]);
    expect(all.emails()).toEqual([...old, fresh].map((x) => x?.id));
  });

  it('many clients on one address each get every mail', async () => {
    const { email } = await m.generate();
    const many = await Promise.all(Array.from({ length: 8 }, () => connect(email)));
    const sent = await deliverMany(m.t.app, email, 5);
    for (const ws of many) {
      await ws.waitFor(isEmail, 5);
      expect(ws.emails()).toEqual(sent.map((x) => x.id));
    }
  });

  it('reconnecting with the last id seen loses nothing', async () => {
    const { email } = await m.generate();
    const first = await connect(email, '&after_id=0');
    const a = await deliverMany(m.t.app, email, 4);
    await first.waitFor(isEmail, 4);
    const last = first.emails().at(-1) ?? 0;
    first.close();
    await first.waitClosed();
    const whileAway = await deliverMany(m.t.app, email, 6);
    const second = await connect(email, `&after_id=${last}`);
    const after = await deliverMany(m.t.app, email, 2);
    await second.waitFor(isEmail, 8);
    expect([...first.emails(), ...second.emails()]).toEqual(
      [...a, ...whileAway, ...after].map((x) => x.id),
    );
  });

  it('refuses the upgrade: 404 unknown address, 400 malformed address or after_id, 426 plain GET', async () => {
    const refusal = async (email: string, query = ''): Promise<number> => {
      const err = await connect(email, query).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(UpgradeRefused);
      return (err as UpgradeRefused).status;
    };
    const { email } = await m.generate();
    expect(await refusal('nobody@ephemera.localhost')).toBe(404);
    expect(await refusal('not-an-address')).toBe(400);
    expect(await refusal(email, '&after_id=-5')).toBe(400);
    expect(await refusal(email, '&after_id=abc')).toBe(400);
    const plain = await m.t.request(`/ws/${email}?api_key=${m.key}`);
    expect(plain.status).toBe(426);
    expect(await plain.json()).toEqual({ detail: expect.any(String) as unknown });
  });

  it('a client that never reads is dropped; ingest and the other clients go on', async () => {
    const { email } = await m.generate();
    const good = await connect(email);
    const slow = await stalledClient(m.t.app.httpUrl, email, m.key);
    const big = 'x'.repeat(200 * 1024);
    // In the body: listings and pushes cut subjects at 4 KiB, bodies only at 256 KiB.
    const sent = await deliverMany(
      m.t.app,
      email,
      60,
      (i) => `big ${i}`,
      () => big,
    );
    expect(sent).toHaveLength(60);
    // Dropping happens inside the publish, so it is done by now: only the good client listens.
    expect(m.t.app.mail.hub.listenerCount(email)).toBe(1);
    await good.waitFor(isEmail, 60);
    expect(good.emails()).toEqual(sent.map((x) => x.id));
    // Once it reads again, the stalled client finds its connection closed.
    await slow.resumeUntilClosed();
  });
});

/** A WebSocket handshake over a raw socket that then stops reading. */
async function stalledClient(
  httpUrl: string,
  email: string,
  key: string,
): Promise<{ resumeUntilClosed(): Promise<void> }> {
  const { port } = new URL(httpUrl);
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(
    `GET /ws/${encodeURIComponent(email)}?api_key=${key} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n' +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
  );
  await new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.pause();
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  return {
    resumeUntilClosed: () => {
      socket.on('data', () => undefined);
      socket.resume();
      return closed;
    },
  };
}
