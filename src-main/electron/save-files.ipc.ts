import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAIL_LIMITS } from '../../src-shared/mail/limits.ts';
import type { RawSource } from '../../src-shared/mail/raw-source.ts';
import { AppError } from '../core/app-error.ts';
import type { RunningApp } from '../app/compose.ts';
import { attachmentFileName, rawFileName } from '../api/mail-file-name.ts';
import { mediaFileName } from '../api/media-file-name.ts';
import type { IpcHandlers } from './ipc-register.ts';

/** Electron's save dialog, as the save handlers use it (faked in tests). */
export interface SaveDialog {
  ask(options: {
    title: string;
    defaultPath: string;
    filters: { name: string; extensions: string[] }[];
  }): Promise<{ canceled: boolean; filePath?: string }>;
  /** The user's Downloads folder, where the dialog opens. */
  downloadsDir(): string;
}

export interface SaveFilesIpcDeps {
  services(): Promise<Pick<RunningApp, 'mail' | 'video'>>;
  saveDialog: SaveDialog;
}

type SaveChannels = 'video:save' | 'mail:save-raw' | 'mail:save-attachment' | 'mail:raw-source';

/**
 * Files saved where the person chooses in the native save dialog (desktop only): a task's
 * video, and a mail's raw message and attachments (the same RawMail calls as GET …/raw and
 * …/attachments/{n}), plus the raw message's head for "Show source". Everything that can be
 * refused is refused before the dialog opens.
 */
export function saveFilesIpcHandlers(deps: SaveFilesIpcDeps): Pick<IpcHandlers, SaveChannels> {
  const raws = async () => (await deps.services()).mail.raw;
  const ask = async (title: string, name: string, kind: string, extension: string) => {
    const choice = await deps.saveDialog.ask({
      title,
      defaultPath: path.join(deps.saveDialog.downloadsDir(), name),
      filters: extension
        ? [{ name: kind, extensions: [extension] }]
        : [{ name: 'All files', extensions: ['*'] }],
    });
    return choice.canceled || !choice.filePath ? null : choice.filePath;
  };

  return {
    'video:save': async ({ taskId }) => {
      const { video } = await deps.services();
      // Refuses a task that is not completed (409) or gone (410) before any dialog opens.
      const file = video.mediaFile(taskId, 'download');
      const name = mediaFileName(file, 'download');
      const target = await ask('Save video', name, 'Video', path.extname(name).slice(1) || 'mp4');
      if (target === null) return 'cancelled';
      try {
        // The 180 s may run out while the dialog is open: the file is gone then.
        await fs.promises.copyFile(file.path, target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !fs.existsSync(file.path)) {
          throw new AppError('TASK_GONE', 'The video expired before it was saved. Grab it again.');
        }
        throw new AppError('SAVE_FAILED', `Cannot save to ${target}: ${(err as Error).message}`);
      }
      return 'saved';
    },
    'mail:save-raw': async ({ email, id }) => {
      const raw = await raws();
      // MAIL_NOT_FOUND (and the mailbox checks) before the dialog; nothing is read yet.
      const first = raw.raw(email, id);
      first.stream.destroy();
      const target = await ask('Save email', rawFileName(id, first.subject), 'Email', 'eml');
      if (target === null) return 'cancelled';
      // Read again: the mail may have been deleted while the dialog was open. Streamed piece
      // by piece from SQLite, so a large message never sits in memory whole.
      await writeFile(target, raw.raw(email, id).stream);
      return 'saved';
    },
    'mail:save-attachment': async ({ email, id, index }) => {
      // Parsed out of the raw message in a parse worker; holds this one attachment only.
      const file = await (await raws()).attachment(email, id, index);
      const name = attachmentFileName(file.filename, index);
      const target = await ask('Save attachment', name, 'Attachment', path.extname(name).slice(1));
      if (target === null) return 'cancelled';
      await writeFile(target, file.content);
      return 'saved';
    },
    'mail:raw-source': async ({ email, id }) => {
      const { bytes, stream } = (await raws()).raw(email, id);
      return readSource(stream, bytes);
    },
  };
}

/** Writes to `target`; a failure leaves no partial file and says why as a typed error. */
async function writeFile(target: string, content: Readable | Uint8Array): Promise<void> {
  try {
    if (content instanceof Uint8Array) await fs.promises.writeFile(target, content);
    else await pipeline(content, fs.createWriteStream(target));
  } catch (err) {
    await fs.promises.rm(target, { force: true }).catch(() => undefined);
    if (err instanceof AppError) throw err;
    if (!(content instanceof Uint8Array) && content.errored) {
      // The reading side failed: the raw message was deleted while it was being written.
      throw new AppError('MAIL_NOT_FOUND', 'The mail was deleted before it was saved.');
    }
    throw new AppError('SAVE_FAILED', `Cannot save to ${target}: ${(err as Error).message}`);
  }
}

/** The first MAIL_LIMITS.rawSourceBytes of the stream as text; the rest is never read. */
async function readSource(stream: Readable, bytes: number): Promise<RawSource> {
  const pieces: Buffer[] = [];
  let read = 0;
  try {
    for await (const piece of stream) {
      const buffer = piece as Buffer;
      pieces.push(buffer.subarray(0, MAIL_LIMITS.rawSourceBytes - read));
      read += Math.min(buffer.length, MAIL_LIMITS.rawSourceBytes - read);
      if (read >= MAIL_LIMITS.rawSourceBytes) break;
    }
  } finally {
    stream.destroy();
  }
  return {
    text: new TextDecoder('utf-8').decode(Buffer.concat(pieces)),
    bytes,
    truncated: bytes > read,
  };
}
