import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../src-main/core/app-error.ts';
import type { RunningApp } from '../../../src-main/app/compose.ts';
import { dispatchIpc, type IpcHandler } from '../../../src-main/electron/ipc-register.ts';
import { saveFilesIpcHandlers } from '../../../src-main/electron/save-files.ipc.ts';
import type { AttachmentFile } from '../../../src-main/mail/parse/extract-attachment.ts';
import type { IpcInvokeChannel } from '../../../src-shared/ipc/desktop-contract.ts';
import { MAIL_LIMITS } from '../../../src-shared/mail/limits.ts';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir.ts';

/** Runs a handler the way ipc-register does (schema first), from a trusted sender. */
function call<C extends IpcInvokeChannel>(channel: C, handler: IpcHandler<C>, request?: unknown) {
  const event = { sender: { id: 1 }, senderFrame: { url: 'x', parent: null } } as never;
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  return dispatchIpc(channel, handler, event, request, { isTrustedSender: () => true, logger });
}

const EMAIL = 'a@ephemera.localhost';
const notFound = () => new AppError('MAIL_NOT_FOUND', 'No mail 9 in this mailbox.');

/** A raw message served in pieces, as RawMail.raw streams it out of SQLite. */
function rawOf(pieces: Buffer[], subject: string | null = null) {
  const bytes = pieces.reduce((n, p) => n + p.length, 0);
  return () => ({ bytes, subject, stream: Readable.from(pieces, { highWaterMark: 1 }) });
}

describe('mail files over IPC: the raw message and attachments through the save dialog', () => {
  let dir = '';
  afterEach(() => removeTempDir(dir));

  const setup = (
    raw: {
      raw?: (email: string, id: number) => unknown;
      attachment?: (...a: unknown[]) => unknown;
    },
    answer: { canceled: boolean; filePath?: string } = { canceled: true },
  ) => {
    const ask = vi.fn((_options: unknown) => Promise.resolve(answer));
    const rawMail = {
      raw: vi.fn(
        raw.raw ??
          (() => {
            throw notFound();
          }),
      ),
      attachment: vi.fn(raw.attachment ?? (() => Promise.reject(notFound()))),
    };
    const handlers = saveFilesIpcHandlers({
      services: () => Promise.resolve({ mail: { raw: rawMail } } as unknown as RunningApp),
      saveDialog: { ask, downloadsDir: () => '/home/me/Downloads' },
    });
    return { ask, rawMail, handlers };
  };

  it('mail:save-raw names the file after the subject, made safe for any file system', async () => {
    dir = makeTempDir();
    const { ask, handlers } = setup(
      { raw: rawOf([Buffer.from('x')], 'Your code: 1/2') },
      { canceled: false, filePath: path.join(dir, 'out.eml') },
    );
    await call('mail:save-raw', handlers['mail:save-raw'], { email: EMAIL, id: 7 });
    expect(ask).toHaveBeenCalledWith(
      expect.objectContaining({
        defaultPath: path.join('/home/me/Downloads', 'Your code_ 1_2.eml'),
      }),
    );
  });

  it('mail:save-raw opens the dialog in Downloads as mail-<id>.eml (no subject) and writes every piece', async () => {
    dir = makeTempDir();
    const target = path.join(dir, 'chosen.eml');
    const pieces = [
      Buffer.from('Subject: hi\r\n\r\n'),
      Buffer.alloc(70_000, 0x61),
      Buffer.from('\r\n'),
    ];
    const { ask, rawMail, handlers } = setup(
      { raw: rawOf(pieces) },
      { canceled: false, filePath: target },
    );
    const result = await call('mail:save-raw', handlers['mail:save-raw'], { email: EMAIL, id: 7 });
    expect(result).toEqual({ ok: true, value: 'saved' });
    expect(ask).toHaveBeenCalledWith({
      title: 'Save email',
      defaultPath: path.join('/home/me/Downloads', 'mail-7.eml'),
      filters: [{ name: 'Email', extensions: ['eml'] }],
    });
    expect(rawMail.raw).toHaveBeenCalledWith(EMAIL, 7);
    expect(fs.readFileSync(target).equals(Buffer.concat(pieces))).toBe(true);
  });

  it('mail:save-raw refuses an unknown mail before any dialog opens', async () => {
    const { ask, handlers } = setup({});
    const result = await call('mail:save-raw', handlers['mail:save-raw'], { email: EMAIL, id: 9 });
    expect(result).toMatchObject({ ok: false, error: { code: 'MAIL_NOT_FOUND' } });
    expect(ask).not.toHaveBeenCalled();
  });

  it('a closed dialog writes nothing', async () => {
    dir = makeTempDir();
    const { handlers } = setup({ raw: rawOf([Buffer.from('x')]) }, { canceled: true });
    const result = await call('mail:save-raw', handlers['mail:save-raw'], { email: EMAIL, id: 1 });
    expect(result).toEqual({ ok: true, value: 'cancelled' });
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('a mail deleted while the dialog was open is MAIL_NOT_FOUND, one deleted mid-write leaves no file', async () => {
    dir = makeTempDir();
    const target = path.join(dir, 'out.eml');
    let calls = 0;
    const deletedMeanwhile = setup(
      {
        raw: () => {
          calls += 1;
          if (calls > 1) throw notFound();
          return rawOf([Buffer.from('x')])();
        },
      },
      { canceled: false, filePath: target },
    );
    expect(
      await call('mail:save-raw', deletedMeanwhile.handlers['mail:save-raw'], {
        email: EMAIL,
        id: 9,
      }),
    ).toMatchObject({ ok: false, error: { code: 'MAIL_NOT_FOUND' } });
    expect(fs.existsSync(target)).toBe(false);

    async function* cut(): AsyncGenerator<Buffer> {
      yield Buffer.alloc(1024, 0x62);
      throw new Error('raw message 3 was removed while it was being sent');
    }
    const midWrite = setup(
      { raw: () => ({ bytes: 4096, subject: null, stream: Readable.from(cut()) }) },
      { canceled: false, filePath: target },
    );
    expect(
      await call('mail:save-raw', midWrite.handlers['mail:save-raw'], { email: EMAIL, id: 3 }),
    ).toMatchObject({ ok: false, error: { code: 'MAIL_NOT_FOUND' } });
    expect(fs.existsSync(target)).toBe(false);
  });

  it('an unwritable target is SAVE_FAILED', async () => {
    dir = makeTempDir();
    const { handlers } = setup(
      { raw: rawOf([Buffer.from('x')]) },
      { canceled: false, filePath: path.join(dir, 'no-such-folder', 'out.eml') },
    );
    expect(
      await call('mail:save-raw', handlers['mail:save-raw'], { email: EMAIL, id: 1 }),
    ).toMatchObject({ ok: false, error: { code: 'SAVE_FAILED' } });
  });

  it('mail:save-attachment offers the sender name made safe, with its extension, and writes the bytes', async () => {
    dir = makeTempDir();
    const target = path.join(dir, 'saved.pdf');
    const file: AttachmentFile = {
      contentType: 'application/pdf',
      filename: '../../etc/re:port.pdf',
      content: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0, 255]),
    };
    const { ask, rawMail, handlers } = setup(
      { attachment: () => Promise.resolve(file) },
      { canceled: false, filePath: target },
    );
    const result = await call('mail:save-attachment', handlers['mail:save-attachment'], {
      email: EMAIL,
      id: 4,
      index: 1,
    });
    expect(result).toEqual({ ok: true, value: 'saved' });
    expect(rawMail.attachment).toHaveBeenCalledWith(EMAIL, 4, 1);
    expect(ask).toHaveBeenCalledWith({
      title: 'Save attachment',
      defaultPath: path.join('/home/me/Downloads', '_.._etc_re_port.pdf'),
      filters: [{ name: 'Attachment', extensions: ['pdf'] }],
    });
    expect([...fs.readFileSync(target)]).toEqual([0x25, 0x50, 0x44, 0x46, 0, 255]);
  });

  it('an attachment without a name is offered as attachment-<n> for any file type', async () => {
    const file: AttachmentFile = { contentType: 'x/y', filename: null, content: new Uint8Array(1) };
    const { ask, handlers } = setup({ attachment: () => Promise.resolve(file) });
    const result = await call('mail:save-attachment', handlers['mail:save-attachment'], {
      email: EMAIL,
      id: 4,
      index: 2,
    });
    expect(result).toEqual({ ok: true, value: 'cancelled' });
    expect(ask).toHaveBeenCalledWith(
      expect.objectContaining({
        defaultPath: path.join('/home/me/Downloads', 'attachment-2'),
        filters: [{ name: 'All files', extensions: ['*'] }],
      }),
    );
  });

  it('mail:save-attachment refuses a missing attachment before the dialog, a bad index by schema', async () => {
    const { ask, rawMail, handlers } = setup({});
    expect(
      await call('mail:save-attachment', handlers['mail:save-attachment'], {
        email: EMAIL,
        id: 4,
        index: 5,
      }),
    ).toMatchObject({ ok: false, error: { code: 'MAIL_NOT_FOUND' } });
    for (const index of [-1, 1.5, 10_000, '0']) {
      expect(
        await call('mail:save-attachment', handlers['mail:save-attachment'], {
          email: EMAIL,
          id: 4,
          index,
        }),
      ).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    }
    expect(rawMail.attachment).toHaveBeenCalledOnce();
    expect(ask).not.toHaveBeenCalled();
  });

  it('mail:raw-source gives the first 256 KiB as text and says the rest was cut', async () => {
    const head = Buffer.from('Subject: caf\xc3\xa9\r\n\r\n', 'latin1');
    const big = [head, Buffer.alloc(300 * 1024, 0x7a), Buffer.alloc(600 * 1024, 0x7a)];
    const { handlers } = setup({ raw: rawOf(big) });
    const result = await call('mail:raw-source', handlers['mail:raw-source'], {
      email: EMAIL,
      id: 2,
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.bytes).toBe(head.length + 900 * 1024);
    expect(result.value.truncated).toBe(true);
    expect(Buffer.byteLength(result.value.text)).toBe(MAIL_LIMITS.rawSourceBytes);
    expect(result.value.text.startsWith('Subject: café\r\n')).toBe(true);

    const small = setup({ raw: rawOf([Buffer.from([0x41, 0xff, 0x42])]) });
    expect(
      await call('mail:raw-source', small.handlers['mail:raw-source'], { email: EMAIL, id: 2 }),
    ).toEqual({ ok: true, value: { text: 'A\ufffdB', bytes: 3, truncated: false } });
  });
});
