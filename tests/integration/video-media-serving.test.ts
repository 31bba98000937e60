import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TaskCreatedSchema, TaskSchema, type Task } from '../../src-shared/video/schemas.ts';
import { simBytes, type SimMedia } from '../fixtures/platform-sim/sim-server.ts';
import { deferred, type Deferred } from '../helpers/deferred.ts';
import { ManualClock } from '../helpers/manual-clock.ts';
import { rawRequest, jsonOf, type RawResponse } from '../helpers/raw-http.ts';
import { publishVideo } from '../helpers/sim-posts.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** 1 MiB and some odd bytes, so no range lines up with a chunk boundary by accident. */
const SIZE = 1024 * 1024 + 4321;
const TITLE = '刘备遇到水镜 / 第一集';
/** The title as a file name: the slash is not allowed in file names and becomes a space. */
const FILE_STEM = '刘备遇到水镜 第一集';
const COVER_BYTES = Buffer.from('\xff\xd8\xff\xe0fake-jpeg', 'latin1');

const VIDEO_KINDS = ['download', 'preview'] as const;
const MEDIA_KINDS = ['download', 'preview', 'cover'] as const;

/** `attr-char` of RFC 8187 (RFC 5987) plus percent-escapes: the only legal ext-value bytes. */
const EXT_VALUE = /^UTF-8''(?:[A-Za-z0-9!#$&+.^_`|~-]|%[0-9A-F]{2})+$/;

/** Splits `type; filename="…"; filename*=UTF-8''…` into its parts. */
function parseDisposition(header: string | undefined): {
  type: string;
  fallback: string | undefined;
  extValue: string | undefined;
} {
  const [type = '', ...params] = (header ?? '').split(/;\s*/);
  const fallback = params.find((p) => p.startsWith('filename='));
  const ext = params.find((p) => p.startsWith('filename*='));
  return {
    type,
    fallback: fallback?.replace(/^filename="(.*)"$/, '$1'),
    extValue: ext?.slice('filename*='.length),
  };
}

function expectContentLengthMatches(res: RawResponse): void {
  expect(res.headers['content-length']).toBe(String(res.body.length));
}

function expectDetail(res: RawResponse): string {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = jsonOf(res) as { detail?: unknown };
  expect(typeof body.detail).toBe('string');
  expect((body.detail as string).length).toBeGreaterThan(0);
  return body.detail as string;
}

function randomToken(): string {
  return randomBytes(18).toString('base64url');
}

async function submit(t: TestApp, shareUrl: string): Promise<string> {
  const res = await t.postShare(`7.17 pDH:/ 看看 ${shareUrl} 复制此链接，打开Dou音搜索`);
  expect(res.status).toBe(202);
  return TaskCreatedSchema.parse(await res.json()).task_id;
}

async function completedTask(t: TestApp, media: SimMedia, title = TITLE): Promise<Task> {
  const video = publishVideo(t.sim, media, { title });
  const task = TaskSchema.parse(
    await t.waitFor(await submit(t, video.shareUrl), ['completed', 'failed']),
  );
  expect(task.error).toBeNull();
  expect(task.status).toBe('completed');
  return task;
}

describe('media endpoints of a completed task', () => {
  let t: TestApp;
  let task: Task;

  beforeEach(async () => {
    t = await startTestApp();
    task = await completedTask(t, { size: SIZE });
    expect(task.media?.size).toBe(SIZE);
  });
  afterEach(() => t.close());

  const mediaPath = (kind: (typeof MEDIA_KINDS)[number]): string =>
    `/api/tasks/${task.task_id}/${kind}`;
  const get = (kind: (typeof MEDIA_KINDS)[number], headers: Record<string, string> = {}) =>
    rawRequest(t.url(mediaPath(kind)), { headers });

  describe.each(VIDEO_KINDS)('/%s', (kind) => {
    it('answers a plain GET with 200, the exact bytes and the media headers', async () => {
      const res = await get(kind);
      expect(res.status).toBe(200);
      expect(res.headers['content-length']).toBe(String(SIZE));
      expect(res.body.equals(simBytes(0, SIZE))).toBe(true);
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);
      expect(res.headers['content-range']).toBeUndefined();
    });

    it('names the file after the title: RFC 5987 filename* in UTF-8 plus an ASCII fallback', async () => {
      const res = await get(kind);
      const disposition = parseDisposition(res.headers['content-disposition']);
      expect(disposition.type).toBe(kind === 'download' ? 'attachment' : 'inline');
      expect(disposition.extValue).toMatch(EXT_VALUE);
      expect(decodeURIComponent((disposition.extValue ?? '').slice("UTF-8''".length))).toBe(
        `${FILE_STEM}.mp4`,
      );
      expect(disposition.fallback).toBeDefined();
      // The fallback is for old clients: printable ASCII only, no quote or backslash.
      expect(disposition.fallback).toMatch(/^[\x20-\x21\x23-\x5b\x5d-\x7e]+\.mp4$/);
    });

    it('serves bytes=0-99 as 206 with Content-Range and exactly those bytes', async () => {
      const res = await get(kind, { range: 'bytes=0-99' });
      expect(res.status).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 0-99/${SIZE}`);
      expect(res.headers['content-length']).toBe('100');
      expect(res.body.equals(simBytes(0, 100))).toBe(true);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toBe('video/mp4');
    });

    it('serves a suffix range bytes=-100 as the last 100 bytes', async () => {
      const res = await get(kind, { range: 'bytes=-100' });
      expect(res.status).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${SIZE - 100}-${SIZE - 1}/${SIZE}`);
      expectContentLengthMatches(res);
      expect(res.body.equals(simBytes(SIZE - 100, SIZE))).toBe(true);
    });

    it('serves an open range bytes=100- to the end of the file', async () => {
      const res = await get(kind, { range: 'bytes=100-' });
      expect(res.status).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 100-${SIZE - 1}/${SIZE}`);
      expect(res.headers['content-length']).toBe(String(SIZE - 100));
      expect(res.body.equals(simBytes(100, SIZE))).toBe(true);
    });

    it('serves the first and the last byte alone', async () => {
      const first = await get(kind, { range: 'bytes=0-0' });
      expect(first.status).toBe(206);
      expect(first.headers['content-range']).toBe(`bytes 0-0/${SIZE}`);
      expect(first.body.equals(simBytes(0, 1))).toBe(true);
      for (const range of [`bytes=${SIZE - 1}-${SIZE - 1}`, `bytes=${SIZE - 1}-`, 'bytes=-1']) {
        const last = await get(kind, { range });
        expect(last.status, range).toBe(206);
        expect(last.headers['content-range'], range).toBe(`bytes ${SIZE - 1}-${SIZE - 1}/${SIZE}`);
        expect(last.headers['content-length'], range).toBe('1');
        expect(last.body.equals(simBytes(SIZE - 1, SIZE)), range).toBe(true);
      }
    });

    it('clamps a range that runs past the end to the last byte', async () => {
      const tail = await get(kind, { range: `bytes=${SIZE - 10}-${SIZE + 5000}` });
      expect(tail.status).toBe(206);
      expect(tail.headers['content-range']).toBe(`bytes ${SIZE - 10}-${SIZE - 1}/${SIZE}`);
      expect(tail.headers['content-length']).toBe('10');
      expect(tail.body.equals(simBytes(SIZE - 10, SIZE))).toBe(true);
      const whole = await get(kind, { range: `bytes=0-${SIZE * 2}` });
      expect(whole.status).toBe(206);
      expect(whole.headers['content-range']).toBe(`bytes 0-${SIZE - 1}/${SIZE}`);
      expect(whole.body.equals(simBytes(0, SIZE))).toBe(true);
    });

    // RFC 9110 §14.1.3: "If the selected representation is shorter than the specified
    // suffix-length, the entire representation is used." @fastify/send answers 416 instead.
    it('serves a suffix range longer than the file as the whole file (206)', async () => {
      const res = await get(kind, { range: `bytes=-${SIZE + 1000}` });
      expect(res.status).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 0-${SIZE - 1}/${SIZE}`);
      expect(res.body.equals(simBytes(0, SIZE))).toBe(true);
    });

    it('answers a range starting at or past the end with 416, Content-Range */size and {detail}', async () => {
      for (const range of [`bytes=${SIZE}-`, `bytes=${SIZE + 100}-${SIZE + 200}`, 'bytes=-0']) {
        const res = await get(kind, { range });
        expect(res.status, range).toBe(416);
        expect(res.headers['content-range'], range).toBe(`bytes */${SIZE}`);
        expectContentLengthMatches(res);
        expectDetail(res);
      }
    });

    it.each(['garbage', 'bytes 0-99', 'items=0-9', '0-99'])(
      'ignores a Range header that is not a bytes range (%j) and sends the whole file',
      async (range) => {
        const res = await get(kind, { range });
        expect(res.status).toBe(200);
        expect(res.headers['content-range']).toBeUndefined();
        expect(res.headers['content-length']).toBe(String(SIZE));
        expect(res.body.equals(simBytes(0, SIZE))).toBe(true);
      },
    );

    // RFC 9110 §14.2: a server MAY ignore or reject a Range with an invalid ranges-specifier.
    // Ephemera (through @fastify/send) rejects it: 416 with Content-Range */size.
    it.each(['bytes=abc', 'bytes=50-10'])(
      'ignores or rejects an invalid bytes range (%j), never serving a wrong slice',
      async (range) => {
        const res = await get(kind, { range });
        expect([200, 416]).toContain(res.status);
        if (res.status === 200) {
          expect(res.body.equals(simBytes(0, SIZE))).toBe(true);
        } else {
          expect(res.headers['content-range']).toBe(`bytes */${SIZE}`);
          expectDetail(res);
        }
      },
    );

    // RFC 9110 §14.2 lets a server ignore Range; Ephemera does for two disjoint ranges and sends
    // the whole representation with 200 instead of a multipart/byteranges 206.
    it('answers a multi-range request with the whole file and 200', async () => {
      const res = await get(kind, { range: 'bytes=0-9,20-29' });
      expect(res.status).toBe(200);
      expect(res.headers['content-range']).toBeUndefined();
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.headers['content-length']).toBe(String(SIZE));
      expect(res.body.equals(simBytes(0, SIZE))).toBe(true);
    });

    it('coalesces adjacent ranges into one 206 part', async () => {
      const res = await get(kind, { range: 'bytes=0-9,10-19' });
      expect(res.status).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 0-19/${SIZE}`);
      expect(res.body.equals(simBytes(0, 20))).toBe(true);
    });

    it('honours If-Range: the current ETag gives 206, a stale one the whole file', async () => {
      const etag = (await get(kind)).headers.etag ?? '';
      const fresh = await get(kind, { range: 'bytes=0-99', 'if-range': etag });
      expect(fresh.status).toBe(206);
      expect(fresh.body.equals(simBytes(0, 100))).toBe(true);
      const stale = await get(kind, { range: 'bytes=0-99', 'if-range': '"0-stale"' });
      expect(stale.status).toBe(200);
      expect(stale.headers['content-range']).toBeUndefined();
      expect(stale.body.equals(simBytes(0, SIZE))).toBe(true);
      const old = await get(kind, {
        range: 'bytes=0-99',
        'if-range': new Date(Date.now() - 3_600_000).toUTCString(),
      });
      expect(old.status).toBe(200);
      expect(old.body.equals(simBytes(0, SIZE))).toBe(true);
    });

    // RFC 9110 §13.1.5: a client MUST NOT send a weak tag in If-Range, and the server MUST
    // compare strongly. The file of a task never changes, so a strong ETag is the right one;
    // @fastify/send only makes weak ones (W/"size-mtime") and matches If-Range by substring.
    it('uses a strong ETag, so If-Range works for RFC 9110 clients', async () => {
      const etag = (await get(kind)).headers.etag ?? '';
      expect(etag).toMatch(/^"[^"]+"$/);
      const weak = await get(kind, { range: 'bytes=0-99', 'if-range': `W/${etag}` });
      expect(weak.status).toBe(200);
    });

    it('answers If-None-Match with the current ETag with 304 and no body', async () => {
      const etag = (await get(kind)).headers.etag ?? '';
      const res = await get(kind, { 'if-none-match': etag });
      expect(res.status).toBe(304);
      expect(res.body.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
      const other = await get(kind, { 'if-none-match': '"something-else"' });
      expect(other.status).toBe(200);
      expect(other.body.length).toBe(SIZE);
    });

    it('answers HEAD with the GET headers and no body', async () => {
      const res = await rawRequest(t.url(mediaPath(kind)), { method: 'HEAD' });
      expect(res.status).toBe(200);
      expect(res.headers['content-length']).toBe(String(SIZE));
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeDefined();
      expect(parseDisposition(res.headers['content-disposition']).type).toBe(
        kind === 'download' ? 'attachment' : 'inline',
      );
      expect(res.body.length).toBe(0);
      const ranged = await rawRequest(t.url(mediaPath(kind)), {
        method: 'HEAD',
        headers: { range: 'bytes=0-99' },
      });
      expect(ranged.status).toBe(206);
      expect(ranged.headers['content-length']).toBe('100');
      expect(ranged.headers['content-range']).toBe(`bytes 0-99/${SIZE}`);
      expect(ranged.body.length).toBe(0);
    });
  });

  describe('/cover', () => {
    it('serves the platform cover inline as image/jpeg', async () => {
      const res = await get('cover');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers['content-length']).toBe(String(COVER_BYTES.length));
      expect(res.body.equals(COVER_BYTES)).toBe(true);
      const disposition = parseDisposition(res.headers['content-disposition']);
      expect(disposition.type).toBe('inline');
      expect(decodeURIComponent((disposition.extValue ?? '').slice("UTF-8''".length))).toBe(
        `${FILE_STEM}-cover.jpg`,
      );
    });

    it('accepts Range', async () => {
      const res = await get('cover', { range: 'bytes=0-3' });
      expect(res.status).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 0-3/${COVER_BYTES.length}`);
      expect(res.body.equals(COVER_BYTES.subarray(0, 4))).toBe(true);
      const past = await get('cover', { range: `bytes=${COVER_BYTES.length}-` });
      expect(past.status).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${COVER_BYTES.length}`);
    });
  });

  it('answers 410 on all three endpoints and the task after DELETE', async () => {
    const del = await t.request(`/api/tasks/${task.task_id}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ task_id: task.task_id, status: 'cancelled' });
    for (const kind of MEDIA_KINDS) {
      const res = await get(kind);
      expect(res.status, kind).toBe(410);
      expectDetail(res);
      const head = await rawRequest(t.url(mediaPath(kind)), { method: 'HEAD' });
      expect(head.status, `HEAD ${kind}`).toBe(410);
    }
    expect((await t.request(`/api/tasks/${task.task_id}`)).status).toBe(410);
    expect(fs.readdirSync(path.join(t.dataDir, 'media'))).toEqual([]);
  });
});

describe('media endpoints before and without a file', () => {
  let t: TestApp;
  let holds: Deferred[];

  beforeEach(async () => {
    holds = [];
    t = await startTestApp();
  });
  afterEach(async () => {
    for (const hold of holds) hold.resolve();
    await t.close();
  });

  function held(): Promise<void> {
    const hold = deferred();
    holds.push(hold);
    return hold.promise;
  }

  async function expectAll409(taskId: string): Promise<string[]> {
    const details: string[] = [];
    for (const kind of MEDIA_KINDS) {
      const res = await rawRequest(t.url(`/api/tasks/${taskId}/${kind}`));
      expect(res.status, kind).toBe(409);
      details.push(expectDetail(res));
    }
    return details;
  }

  it('answers 409 on all three endpoints while the task is downloading, then serves it', async () => {
    const hold = deferred();
    holds.push(hold);
    const video = publishVideo(t.sim, { size: SIZE, hold: hold.promise }, { title: TITLE });
    const taskId = await submit(t, video.shareUrl);
    const processing = await t.waitFor(taskId, ['processing', 'completed', 'failed']);
    expect(processing.status).toBe('processing');
    await expectAll409(taskId);
    hold.resolve();
    const done = await t.waitFor(taskId, ['completed', 'failed']);
    expect(done.status).toBe('completed');
    const res = await rawRequest(t.url(`/api/tasks/${taskId}/download`));
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(SIZE);
  });

  it('answers 409 on all three endpoints while the task is queued behind two downloads', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const video = publishVideo(t.sim, { size: 1000, hold: held() });
      ids.push(await submit(t, video.shareUrl));
    }
    const third = ids[2] as string;
    const res = await t.request(`/api/tasks/${third}`);
    expect(((await res.json()) as Task).status).toBe('queued');
    await expectAll409(third);
  });

  it('answers 409 with the failure in detail for a failed task', async () => {
    const video = publishVideo(t.sim, { status: 404 }, { title: TITLE });
    const failed = await t.waitFor(await submit(t, video.shareUrl), ['completed', 'failed']);
    expect(failed.status).toBe('failed');
    expect(failed.error).toEqual(expect.any(String));
    const details = await expectAll409(failed.task_id);
    for (const detail of details) expect(detail).toContain(failed.error);
  });

  it('answers 410 for a token that never existed', async () => {
    const token = randomToken();
    for (const kind of MEDIA_KINDS) {
      const res = await rawRequest(t.url(`/api/tasks/${token}/${kind}`));
      expect(res.status, kind).toBe(410);
      expectDetail(res);
    }
    expect((await t.request(`/api/tasks/${token}`)).status).toBe(410);
  });

  it('answers 410 after a download in progress is cancelled', async () => {
    const video = publishVideo(t.sim, { size: SIZE, hold: held() });
    const taskId = await submit(t, video.shareUrl);
    expect((await t.waitFor(taskId, ['processing'])).status).toBe('processing');
    expect((await t.request(`/api/tasks/${taskId}`, { method: 'DELETE' })).status).toBe(200);
    for (const kind of MEDIA_KINDS) {
      expect((await rawRequest(t.url(`/api/tasks/${taskId}/${kind}`))).status, kind).toBe(410);
    }
  });
});

describe('a transfer in progress at expiry', () => {
  const BIG = 64 * 1024 * 1024;
  let t: TestApp;
  let clock: ManualClock;
  let open: http.ClientRequest | null = null;

  beforeEach(async () => {
    clock = new ManualClock();
    t = await startTestApp({ clock });
  });
  afterEach(async () => {
    open?.destroy();
    open = null;
    await t.close();
  });

  it('is cut when the task expires: the body ends short of Content-Length', async () => {
    const task = await completedTask(t, { size: BIG, chunkBytes: 1024 * 1024 });
    const req = http.get(t.url(`/api/tasks/${task.task_id}/download`), { agent: false });
    open = req;
    const requestErrors: Error[] = [];
    req.on('error', (err) => requestErrors.push(err));
    const res = await new Promise<http.IncomingMessage>((resolve) => req.once('response', resolve));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(BIG));
    let received = 0;
    let responseError: Error | null = null;
    res.on('error', (err) => (responseError = err));
    const closed = new Promise<void>((resolve) => res.once('close', resolve));
    // Read one chunk, then stop reading: the server is stuck mid-transfer on back-pressure.
    await new Promise<void>((resolve) =>
      res.once('data', (chunk: Buffer) => {
        res.pause();
        received += chunk.length;
        expect(chunk.equals(simBytes(0, chunk.length))).toBe(true);
        resolve();
      }),
    );

    clock.advance(180_000);
    t.app.scheduler.sweep();

    res.on('data', (chunk: Buffer) => (received += chunk.length));
    res.resume();
    await closed;
    expect(res.complete).toBe(false);
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(BIG);
    expect(responseError ?? requestErrors[0]).toBeTruthy();
    expect((await t.request(`/api/tasks/${task.task_id}`)).status).toBe(410);
    expect((await rawRequest(t.url(`/api/tasks/${task.task_id}/download`))).status).toBe(410);
    expect(fs.readdirSync(path.join(t.dataDir, 'media'))).toEqual([]);
  });
});
