import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskCreated } from '../../src-shared/video/schemas.ts';
import { simBytes } from '../fixtures/platform-sim/sim-server.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { publishVideo } from '../helpers/sim-posts.ts';
import { WsClient } from '../helpers/ws-client.ts';

/** Short deadlines so no test waits for the real 10 s / 30 s ones. */
const TIMEOUTS = { headersMs: 200, requestMs: 300, keepAliveMs: 200 };

/** What came back on a raw connection before the server closed it. */
interface Closed {
  text: string;
  ms: number;
}

/**
 * Opens a connection, writes `first`, then one byte of `drip` every 50 ms (at most 200 of
 * them), and resolves when the server closes the connection.
 */
function trickle(port: number, first: string, drip: string): Promise<Closed> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let ticks = 0;
    const timer = setInterval(() => {
      if (++ticks > 200) {
        clearInterval(timer);
        socket.destroy();
        reject(new Error('the server kept the trickling connection open for 10 s'));
        return;
      }
      if (!socket.destroyed && drip) socket.write(drip);
    }, 50);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearInterval(timer);
      resolve({ text: Buffer.concat(chunks).toString('utf8'), ms: Date.now() - started });
    });
    if (first) socket.write(first);
  });
}

function statusOf(text: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
}

function bodyOf(text: string): unknown {
  return JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
}

describe('slow clients', () => {
  let m: MailTestApp;
  let port = 0;
  beforeAll(async () => {
    m = await startMailTestApp({
      httpTimeouts: TIMEOUTS,
      mail: { stream: { heartbeatMs: 40, maxBufferedBytes: 64 * 1024 } },
    });
    port = Number(new URL(m.t.app.httpUrl).port);
  });
  afterAll(() => m.close());

  it('a body trickled a byte at a time gets 408 {detail} and the connection closed', async () => {
    const res = await trickle(
      port,
      'POST /api/tasks HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      ' ',
    );
    expect(statusOf(res.text)).toBe(408);
    expect(bodyOf(res.text)).toEqual({ detail: 'The request did not arrive in time.' });
    // The 300 ms deadline plus Node's check interval, far below the 10 s the drip could go on.
    expect(res.ms).toBeLessThan(2000);
  });

  it('headers trickled a line at a time get 408 and the connection closed', async () => {
    const res = await trickle(port, 'GET /api/capacity HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X');
    expect(statusOf(res.text)).toBe(408);
    expect(res.ms).toBeLessThan(2000);
  });

  it('a connection that never sends a byte is closed', async () => {
    const res = await trickle(port, '', '');
    expect(res.ms).toBeLessThan(2000);
  });

  it('an idle kept-alive connection is closed after the keep-alive timeout', async () => {
    const res = await trickle(port, 'GET /api/capacity HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', '');
    expect(statusOf(res.text)).toBe(200);
    expect(res.ms).toBeLessThan(2000);
  });

  it('a long poll, a slow download and a WebSocket outlive the request deadline', async () => {
    const video = publishVideo(m.t.sim, { size: 8 * 1024 * 1024 });
    const created = (await (await m.t.postShare(video.shareUrl)).json()) as TaskCreated;
    await m.t.waitFor(created.task_id, ['completed']);
    const lease = await m.generate();
    const ws = await WsClient.connect(
      `${m.t.app.httpUrl.replace('http', 'ws')}/ws/${encodeURIComponent(lease.email)}?api_key=${m.key}`,
    );

    // The download is held (not read) while the long poll runs, then read to the end.
    const body = new Promise<Buffer>((resolve, reject) => {
      const req = http.get(`${m.t.app.httpUrl}/api/tasks/${created.task_id}/download`, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.once('end', () => resolve(Buffer.concat(chunks)));
        res.once('error', reject);
        res.pause();
        void poll.finally(() => res.resume());
      });
      req.once('error', reject);
    });
    const started = Date.now();
    // No mail comes: the long poll holds for its whole second.
    const poll = m.api(`/api/emails/${encodeURIComponent(lease.email)}?wait=1`);
    const answer = await poll;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);

    const bytes = await body;
    expect(Date.now() - started).toBeGreaterThan(TIMEOUTS.requestMs);
    expect(bytes.equals(simBytes(0, 8 * 1024 * 1024))).toBe(true);

    expect(ws.closed).toBeNull();
    const heartbeats = ws.messages.filter((msg) => msg.type === 'heartbeat').length;
    await ws.waitFor((msg) => msg.type === 'heartbeat', heartbeats + 1);
    expect(ws.closed).toBeNull();
    ws.socket.close();
  });
});
