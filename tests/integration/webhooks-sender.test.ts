import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSender } from '../../src-main/mail/push/webhooks/webhook-sender.ts';

const options = { timeoutMs: 2_000, replyBytes: 64 * 1024, userAgent: 'test' };

describe('webhook sender', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  function sender() {
    const s = createSender(options);
    cleanups.push(() => s.close());
    return s;
  }

  async function listen(server: http.Server | https.Server): Promise<number> {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return (server.address() as AddressInfo).port;
  }

  it('says "Connection refused." when nothing listens', async () => {
    // A port that was free a moment ago (listened on, then closed).
    const closed = http.createServer();
    const free = await new Promise<number>((resolve) =>
      closed.listen(0, '127.0.0.1', () => {
        const p = (closed.address() as AddressInfo).port;
        closed.close(() => resolve(p));
      }),
    );
    expect(
      await sender().post({ url: `http://127.0.0.1:${free}/`, headers: {}, body: '{}' }),
    ).toEqual({ statusCode: null, error: 'Connection refused.' });
  });

  it('verifies TLS: a self-signed certificate is not trusted', async () => {
    const server = https.createServer(
      {
        key: fs.readFileSync('tests/fixtures/smtp-tls/key.pem'),
        cert: fs.readFileSync('tests/fixtures/smtp-tls/cert.pem'),
      },
      (_req, res) => res.writeHead(204).end(),
    );
    const port = await listen(server);
    const outcome = await sender().post({
      url: `https://127.0.0.1:${port}/`,
      headers: {},
      body: '{}',
    });
    expect(outcome).toEqual({ statusCode: null, error: 'The certificate is not trusted.' });
  });

  it('sends the body as JSON with the given headers and records the status', async () => {
    let seen: { headers: http.IncomingHttpHeaders; body: string; method?: string } | null = null;
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen = { headers: req.headers, body, method: req.method };
        res.writeHead(202).end('ok');
      });
    });
    const port = await listen(server);
    const outcome = await sender().post({
      url: `http://127.0.0.1:${port}/x`,
      headers: { 'webhook-id': 'msg_1' },
      body: '{"a":1}',
    });
    expect(outcome).toEqual({ statusCode: 202, error: null });
    expect(seen).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json', 'user-agent': 'test', 'webhook-id': 'msg_1' },
    });
  });

  it('an abort from the caller ends the try at once', async () => {
    const server = http.createServer(() => undefined);
    const port = await listen(server);
    cleanups.unshift(() => void server.closeAllConnections());
    const abort = new AbortController();
    const pending = sender().post({
      url: `http://127.0.0.1:${port}/`,
      headers: {},
      body: '{}',
      signal: abort.signal,
    });
    abort.abort();
    const outcome = await pending;
    expect(outcome.statusCode).toBeNull();
    expect(outcome.error).not.toMatch(/No answer within/);
  });
});
