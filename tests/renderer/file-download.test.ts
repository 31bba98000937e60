import { create as contentDisposition } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition, readTextHead } from '../../src-renderer/api/file-download.ts';

describe('fileNameFromDisposition reads the names the server sends', () => {
  it.each([
    ['发票 11.pdf', { type: 'attachment', fallback: '__ 11.pdf' }],
    ['mail-7.eml', { type: 'attachment' }],
    ['say "hi".txt', { type: 'attachment' }],
    ['100%_sure.txt', { type: 'attachment', fallback: '100__sure.txt' }],
  ] as const)('%s round-trips through content-disposition', (name, options) => {
    expect(fileNameFromDisposition(contentDisposition(name, options))).toBe(name);
  });

  it.each([
    [null, null],
    ['', null],
    ['attachment', null],
    ['attachment; filename=plain.txt', 'plain.txt'],
    ['attachment; filename="a\\\\b.txt"', 'a_b.txt'],
    ['attachment; filename="../../x.sh"', '.._.._x.sh'],
    // Broken percent-encoding in filename*: the plain name is used.
    ['attachment; filename*=UTF-8\'\'%E5%ZZ; filename="ok.bin"', 'ok.bin'],
    // A charset other than UTF-8 is not read.
    ["attachment; filename*=iso-8859-1''caf%E9.txt", null],
    ['attachment; filename=""', null],
  ])('%j → %j', (header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name);
  });
});

describe('readTextHead reads no more of a body than asked', () => {
  it('stops at the limit, cancels the rest and decodes UTF-8', async () => {
    let pulled = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new TextEncoder().encode('é'.repeat(1000)));
      },
      cancel() {
        cancelled = true;
      },
    });
    const head = await readTextHead(new Response(body), 3001);
    expect(head).toMatchObject({ read: 3001, complete: false });
    expect(head.text).toBe(`${'é'.repeat(1500)}\ufffd`);
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThanOrEqual(3);
  });

  it('reads a short body whole', async () => {
    expect(await readTextHead(new Response('Subject: hi\r\n'), 1024)).toEqual({
      text: 'Subject: hi\r\n',
      read: 13,
      complete: true,
    });
  });
});
