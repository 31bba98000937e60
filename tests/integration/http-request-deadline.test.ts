import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The documented deadlines scaled down: 30 s for a whole request (here 8 s; Node wants the
 * header deadline no longer than it).
 */
const REQUEST_MS = 8_000;
/**
 * How late a cut may come: Node checks on a timer, now every fortieth of the deadline (200 ms
 * here, 250 ms for the real 30 s); it was a quarter of the header deadline, at most 1 s (1 s
 * here and for the real deadline). The rest of the slack is for a loaded machine.
 */
const SLACK_MS = 500;

/** Sends the headers and `{`, then a byte every 100 ms; resolves when the server closes. */
function trickleBody(port: number): Promise<{ ms: number; text: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let drips = 0;
    const timer = setInterval(() => {
      if (++drips > 120) {
        clearInterval(timer);
        socket.destroy();
        reject(new Error('still open after 12 s'));
        return;
      }
      socket.write(' ');
    }, 100);
    socket.on('data', (c: Buffer) => (text += c.toString('utf8')));
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearInterval(timer);
      resolve({ ms: Date.now() - started, text });
    });
    socket.write(
      'POST /api/tasks HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{',
    );
  });
}

const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('the whole-request deadline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      httpTimeouts: { headersMs: REQUEST_MS, requestMs: REQUEST_MS, keepAliveMs: 5_000 },
    });
  });
  afterAll(() => t.close());

  it('cuts a trickled body at the deadline, not a check interval later', async () => {
    const port = Number(new URL(t.app.httpUrl).port);
    // Three connections started a third of the old interval apart: whatever the phase of
    // Node's check timer, each must end within the slack (the old interval fails at least one).
    const runs = [0, 333, 666].map(async (offset) => {
      await delay(offset);
      return trickleBody(port);
    });
    for (const run of await Promise.all(runs)) {
      expect(run.text).toMatch(/^HTTP\/1\.1 408 /);
      expect(run.ms).toBeGreaterThanOrEqual(REQUEST_MS - 5);
      expect(run.ms).toBeLessThan(REQUEST_MS + SLACK_MS);
    }
  });
});
