import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { WORKER_HEAP_MB } from '../../src-main/mail/parse/parse-worker-file.ts';
import { workerBuild } from '../../scripts/build-options.mjs';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';

/**
 * The installers unpack the parse worker alone from the asar archive, away from node_modules:
 * the bundle must run with nothing but Node around it. Built here into a folder outside the
 * project, where a bare import could not resolve.
 */
describe('parse worker bundle', () => {
  let dir = '';
  afterEach(() => removeTempDir(dir));

  it('parses a GBK mail with its code, with no node_modules in reach', async () => {
    dir = makeTempDir();
    await build({ ...workerBuild, outdir: dir, sourcemap: false, logLevel: 'silent' });
    const file = path.join(dir, 'parse-worker.mjs');
    expect(fs.readFileSync(file, 'utf8')).not.toMatch(/from ["'](?!node:)[^"'.][^"']*["']/);

    const worker = new Worker(file);
    try {
      // 你好 in GBK: the charset tables must be inside the bundle too.
      const hello = Buffer.from([0xc4, 0xe3, 0xba, 0xc3]);
      const body = Buffer.concat([hello, Buffer.from(' Your verification code is 615283.')]);
      const raw = Buffer.from(
        'From: Service <no-reply@example.cn>\r\n' +
          `Subject: =?GBK?B?${hello.toString('base64')}?=\r\n` +
          'Content-Type: text/plain; charset=GBK\r\nContent-Transfer-Encoding: base64\r\n\r\n' +
          `${body.toString('base64')}\r\n`,
      );
      const reply = firstReply(worker);
      worker.postMessage({ id: 7, raw: new Uint8Array(raw), from: null });
      expect(await reply).toMatchObject({
        id: 7,
        ok: true,
        result: { from: 'no-reply@example.cn', subject: '你好', code: '615283' },
      });
    } finally {
      await worker.terminate();
    }
  });

  it('parses the heaviest 10 MiB mails within the heap the pool gives a worker', async () => {
    dir = makeTempDir();
    await build({ ...workerBuild, outdir: dir, sourcemap: false, logLevel: 'silent' });
    const MiB = 1024 * 1024;
    const head = (type: string): string =>
      `From: a@example.org\r\nTo: x@example.com\r\nSubject: big\r\nContent-Type: ${type}; charset=utf-8\r\n\r\n`;
    const fill = (line: string): string =>
      line.repeat(Math.floor((9.5 * MiB) / Buffer.byteLength(line)));
    const mails = {
      // Rendered to text by html-text/, every element a node.
      html:
        head('text/html') +
        fill(
          '<div><span style="color:red">word</span> <a href="https://x.example/a">link</a></div>\r\n',
        ),
      // Two bytes a character once decoded.
      cjk:
        head('text/plain') +
        fill('验证码是 654321，请在十分钟内输入。这是一段很长的中文文本。\r\n'),
    };
    for (const [name, text] of Object.entries(mails)) {
      const worker = new Worker(path.join(dir, 'parse-worker.mjs'), {
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      });
      try {
        const reply = firstReply(worker);
        worker.postMessage({
          id: 1,
          kind: 'analyze',
          raw: new Uint8Array(Buffer.from(text)),
          from: null,
        });
        expect(await reply, name).toMatchObject({ id: 1, ok: true });
      } finally {
        await worker.terminate();
      }
    }
  });
});

/** The worker's first answer to a job (its "ready" message, sent once loaded, is skipped). */
function firstReply(worker: Worker): Promise<unknown> {
  return new Promise((resolve, reject) => {
    worker.on('message', (message: { ready?: boolean }) => {
      if (!message.ready) resolve(message);
    });
    worker.once('error', reject);
  });
}
