import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';

/** One raw exchange: writes `request` as given and reads until the server closes. */
function exchange(port: number, request: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.once('error', reject);
    socket.once('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const head = text.slice(0, text.indexOf('\r\n\r\n'));
      const raw = text.slice(text.indexOf('\r\n\r\n') + 4);
      try {
        expect(head.toLowerCase()).toContain('content-type: application/json');
        resolve({ status, body: JSON.parse(raw) });
      } catch (err) {
        reject(new Error(`${String(err)} in ${JSON.stringify(text.slice(0, 300))}`));
      }
    });
    // The server must answer without waiting for more; the test ends it if it does not.
    socket.write(request);
  });
}

const SENTENCE = { detail: expect.stringMatching(/\S/) as unknown };

/**
 * Every refusal, whether from a route, from Fastify or from Node's HTTP parser, has the
 * documented `{detail}` body: a sentence, or pydantic's item list for the video routes' 422.
 */
describe('error bodies', () => {
  let m: MailTestApp;
  let port = 0;
  beforeAll(async () => {
    m = await startMailTestApp({ httpTimeouts: { headersMs: 2000, requestMs: 3000 } });
    port = Number(new URL(m.t.app.httpUrl).port);
  });
  afterAll(() => m.close());

  const head = (line: string, headers: string[] = []): string =>
    `${line}\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`;

  it.each([
    ['POST /api/tasks', []],
    ['POST /api/emails/bulk', ['X-API-Key: KEY']],
    ['PATCH /api/settings', ['X-API-Key: KEY']],
  ])(
    '%s with a Content-Length over 64 KiB: 413 before any of the body is sent',
    async (line, extra) => {
      const headers = [
        'Content-Type: application/json',
        'Content-Length: 10000000',
        ...extra.map((h) => h.replace('KEY', m.key)),
      ];
      const res = await exchange(port, head(`${line} HTTP/1.1`, headers));
      expect(res).toEqual({
        status: 413,
        body: { detail: 'The request body is larger than 64 KiB.' },
      });
    },
  );

  it.each([
    ['POST', '/api/emails/bulk'],
    ['PATCH', '/api/settings'],
    ['POST', '/api/keys'],
  ])('malformed JSON on %s %s is 400 with a sentence', async (method, path) => {
    const res = await m.api(path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: '{"items": [',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      detail: expect.stringMatching(/^The body is not valid JSON/) as unknown,
    });
  });

  it('malformed JSON on the video routes stays a 422 json_invalid', async () => {
    const res = await m.t.request('/api/tasks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"text": ',
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { detail: { type: string }[] };
    expect(body.detail[0]?.type).toBe('json_invalid');
  });

  it('a UTF-8 byte order mark before the JSON is accepted on every JSON route', async () => {
    const bom = (value: unknown): RequestInit['body'] =>
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(value))]);
    const json = { 'content-type': 'application/json' };
    const lease = await m.generate();
    const task = await m.t.request('/api/tasks', {
      method: 'POST',
      headers: json,
      body: bom({ text: 'no link in here at all' }),
    });
    // Parsed: the text is judged (no link), not the JSON.
    expect(task.status).toBe(422);
    expect(((await task.json()) as { detail: { type: string }[] }).detail[0]?.type).not.toBe(
      'json_invalid',
    );
    const bulk = await m.api('/api/emails/bulk', {
      method: 'POST',
      headers: json,
      body: bom({ items: [{ email: lease.email }] }),
    });
    expect(bulk.status).toBe(200);
    const settings = await m.api('/api/settings', {
      method: 'PATCH',
      headers: json,
      body: bom({ code_notifications: false }),
    });
    expect(settings.status).toBe(200);
    const key = await m.api('/api/keys', {
      method: 'POST',
      headers: json,
      body: bom({ name: 'bom' }),
    });
    expect(key.status).toBe(201);
  });

  it.each([
    ['an unknown API route', head('GET /api/nope HTTP/1.1'), 404],
    ['a method the route does not have', head('PUT /api/capacity HTTP/1.1'), 404],
    ['a method HTTP does not know', head('FROB /api/capacity HTTP/1.1'), 400],
    [
      'a Content-Length that is not a number',
      head('POST /api/tasks HTTP/1.1', ['Content-Length: ten']),
      400,
    ],
    [
      'both Content-Length and chunked',
      head('POST /api/tasks HTTP/1.1', ['Content-Length: 3', 'Transfer-Encoding: chunked']),
      400,
    ],
    ['not HTTP at all', 'HELLO\r\n\r\n', 400],
    [
      'headers over 16 KiB',
      head('GET /api/capacity HTTP/1.1', [`X-Big: ${'a'.repeat(20_000)}`]),
      431,
    ],
    ['a bad % escape in the path', head('GET /api/tasks/%zz HTTP/1.1'), 400],
  ])('%s: %s {detail}', async (_what, request, status) => {
    const res = await exchange(port, request);
    expect(res).toEqual({ status, body: SENTENCE });
  });
});
