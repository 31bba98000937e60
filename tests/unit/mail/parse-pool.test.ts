import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src-main/core/logger.ts';
import { ParsePool } from '../../../src-main/mail/parse/parse-pool.ts';
import { unpackedWorkerPath } from '../../../src-main/mail/parse/parse-worker-file.ts';

// Real worker threads: a cold one boots in ~250 ms, but seconds on a loaded CI machine.
const WORKER_TEST = { timeout: 30_000 };

/** A plain-text message of `bytes` bytes: 76-character lines of `a`. */
function plainMessage(bytes: number): Uint8Array {
  const head = 'Subject: big\r\nContent-Type: text/plain\r\n\r\n';
  const line = `${'a'.repeat(76)}\r\n`;
  return new TextEncoder().encode(head + line.repeat(Math.floor((bytes - head.length) / 78)));
}

describe('ParsePool', WORKER_TEST, () => {
  it('a worker forced out of memory dies alone: its job fails, the next job gets a new worker', async () => {
    // 24 MB of heap start a worker (from sources, tsx included) but cannot parse a 10 MiB mail.
    const pool = new ParsePool(createLogger('test', true), 1, 60_000, 60_000, 24);
    const small = new TextEncoder().encode('Subject: after\r\n\r\nYour code is 482913.\r\n');
    const failed: unknown = await pool
      .analyze(plainMessage(10 * 1024 * 1024 - 100), null)
      .catch((err: unknown) => err);
    expect((failed as { code?: string }).code).toBe('ERR_WORKER_OUT_OF_MEMORY');
    expect(await pool.analyze(small, null)).toMatchObject({ subject: 'after', code: '482913' });
    await pool.close();
  });

  it('a message over the mail limit never reaches a worker (one of 30 MiB took the process down)', async () => {
    const pool = new ParsePool(createLogger('test', true), 1);
    await expect(pool.analyze(plainMessage(30 * 1024 * 1024), null)).rejects.toThrow(
      /over the 10 MiB mail limit/,
    );
    expect(pool.liveWorkers()).toBe(0);
    await pool.close();
  });

  it('parses in a worker thread, code included, and refuses work once closed', async () => {
    const pool = new ParsePool(createLogger('test', true), 2);
    const raw = new TextEncoder().encode(
      'From: A <a@example.org>\r\nSubject: Your verification code\r\n\r\nYour verification code is 482913.\r\n',
    );
    const results = await Promise.all([pool.analyze(raw, null), pool.analyze(raw, 'x@y.z')]);
    for (const result of results) {
      expect(result).toMatchObject({ from: 'a@example.org', fromName: 'A', code: '482913' });
    }
    await pool.close();
    await expect(pool.analyze(raw, null)).rejects.toThrow('parse pool closed');
  });

  it('a long body comes back as UTF-8 bytes, its code found in the worker', async () => {
    const pool = new ParsePool(createLogger('test', true), 1);
    const filler = 'Lorem ipsum dolor sit amet.\r\n'.repeat(4000);
    const raw = new TextEncoder().encode(
      `Subject: Code\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nGrüße, your code is 482913.\r\n${filler}`,
    );
    const result = await pool.analyze(raw, null);
    expect(result.code).toBe('482913');
    expect(Buffer.isBuffer(result.text)).toBe(true);
    expect((result.text as Buffer).toString('utf8')).toMatch(
      /^Grüße, your code is 482913\.\nLorem/,
    );
    await pool.close();
  });

  it('fails a job that outlives the timeout instead of hanging (SMTP then answers 451)', async () => {
    const pool = new ParsePool(createLogger('test', true), 1, 1);
    const raw = new TextEncoder().encode('Subject: slow\r\n\r\nbody\r\n');
    // 1 ms cannot cover a worker's start-up, so the first job times out.
    await expect(pool.analyze(raw, null)).rejects.toThrow('parse timed out');
    // The stuck worker was dropped: the next job gets a new one (and times out the same way).
    await expect(pool.analyze(raw, null)).rejects.toThrow('parse timed out');
    await pool.close();
  });
});

describe('unpackedWorkerPath', () => {
  it.each([
    [
      '/Applications/Ephemera.app/Contents/Resources/app.asar/dist/main/parse-worker.mjs',
      '/Applications/Ephemera.app/Contents/Resources/app.asar.unpacked/dist/main/parse-worker.mjs',
    ],
    [
      'C:\\Program Files\\Ephemera\\resources\\app.asar\\dist\\main\\parse-worker.mjs',
      'C:\\Program Files\\Ephemera\\resources\\app.asar.unpacked\\dist\\main\\parse-worker.mjs',
    ],
    // Not packaged, or already unpacked: unchanged.
    [
      '/home/me/ephemera/dist/main/parse-worker.mjs',
      '/home/me/ephemera/dist/main/parse-worker.mjs',
    ],
    [
      '/opt/Ephemera/resources/app.asar.unpacked/dist/main/parse-worker.mjs',
      '/opt/Ephemera/resources/app.asar.unpacked/dist/main/parse-worker.mjs',
    ],
    ['/home/me/my-app.asar/x.mjs', '/home/me/my-app.asar/x.mjs'],
  ])('%s', (from, to) => {
    expect(unpackedWorkerPath(from)).toBe(to);
  });
});

describe('ParsePool idle workers', WORKER_TEST, () => {
  it('extra workers exit after idleMs; the last one stays warm', async () => {
    const pool = new ParsePool(createLogger('test', true), 2, 60_000, 30);
    const raw = new TextEncoder().encode('Subject: Code\r\n\r\nYour code is 271828.\r\n');
    expect(pool.liveWorkers()).toBe(0);
    // Two at once: the second goes to the idle slot and starts a second worker.
    const both = Promise.all([pool.analyze(raw, null), pool.analyze(raw, null)]);
    expect(pool.liveWorkers()).toBe(2);
    expect((await both).map((r) => r.code)).toEqual(['271828', '271828']);
    await expect.poll(() => pool.liveWorkers(), { timeout: 5000, interval: 10 }).toBe(1);
    expect((await pool.analyze(raw, null)).code).toBe('271828');
    expect(pool.liveWorkers()).toBe(1);
    await pool.close();
  });

  it('an urgent job passes the queued backlog: at most 16 jobs per worker are ahead of it', async () => {
    const pool = new ParsePool(createLogger('test', true), 1);
    const raw = (n: number) => new TextEncoder().encode(`Subject: ${n}\r\n\r\nbody ${n}\r\n`);
    const finished: string[] = [];
    const backlog = Array.from({ length: 40 }, (_, n) =>
      pool.analyze(raw(n), null, 1).then(() => finished.push(`backlog ${n}`)),
    );
    const urgent = pool.analyze(raw(99), null, 1, true).then(() => finished.push('urgent'));
    // Small mail ahead of it: no reserve worker is started for that (a cold start is longer).
    expect(pool.liveWorkers()).toBe(1);
    await Promise.all([...backlog, urgent]);
    expect(finished.indexOf('urgent')).toBeLessThanOrEqual(16);
    expect(finished.filter((f) => f !== 'urgent')).toEqual(
      Array.from({ length: 40 }, (_, n) => `backlog ${n}`),
    );
    await pool.close();
  });

  it('jobs given one lane share one worker; without a cap they spread over the pool', async () => {
    const pool = new ParsePool(createLogger('test', true), 2);
    const raw = new TextEncoder().encode('Subject: Code\r\n\r\nYour code is 271828.\r\n');
    const laned = Promise.all([pool.analyze(raw, null, 1), pool.analyze(raw, null, 1)]);
    expect(pool.liveWorkers()).toBe(1);
    expect((await laned).map((r) => r.code)).toEqual(['271828', '271828']);
    const spread = Promise.all([pool.analyze(raw, null), pool.analyze(raw, null)]);
    expect(pool.liveWorkers()).toBe(2);
    await spread;
    await pool.close();
  });

  it('large mail parses in one lane, one at a time: the other workers neither start nor grow for it', async () => {
    // Spread over every idle worker in turn, each 10 MiB mail left ~60 MB behind in a worker
    // of its own: 540 MB peak for 24 of them on 4 workers, 330 MB in one lane.
    const pool = new ParsePool(createLogger('test', true), 4);
    const small = new TextEncoder().encode('Subject: Code\r\n\r\nYour code is 271828.\r\n');
    expect((await pool.analyze(small, null)).code).toBe('271828');
    expect(pool.liveWorkers()).toBe(1);
    const finished: number[] = [];
    const large = [0, 1, 2].map((n) =>
      pool.analyze(plainMessage(600 * 1024), null).then(() => finished.push(n)),
    );
    // The warm worker stays free for what someone waits for: no reserve is started either.
    const urgent = pool.analyze(small, null, Infinity, true);
    expect(pool.liveWorkers()).toBe(2);
    expect((await urgent).code).toBe('271828');
    await Promise.all(large);
    expect(finished).toEqual([0, 1, 2]);
    expect(pool.liveWorkers()).toBe(2);
    await pool.close();
  });

  it('a busy worker is not retired while jobs keep coming', async () => {
    const pool = new ParsePool(createLogger('test', true), 1, 60_000, 200);
    const raw = new TextEncoder().encode('Subject: x\r\n\r\nhello\r\n');
    for (let i = 0; i < 5; i++) await pool.analyze(raw, null);
    expect(pool.liveWorkers()).toBe(1);
    await pool.close();
  });
});
