import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../core/app-error.ts';
import type { RunningApp } from '../app/compose.ts';
import { mediaFileName } from '../video/media-file-name.ts';
import { parseShareRequest } from '../video/share-request.ts';
import type { IpcHandlers } from './ipc-register.ts';

/** Electron's save dialog, as the save handler uses it (faked in tests). */
export interface SaveDialog {
  ask(options: {
    title: string;
    defaultPath: string;
    filters: { name: string; extensions: string[] }[];
  }): Promise<{ canceled: boolean; filePath?: string }>;
  /** The user's Downloads folder, where the dialog opens. */
  downloadsDir(): string;
}

export interface VideoIpcDeps {
  services(): Promise<Pick<RunningApp, 'video'>>;
  saveDialog: SaveDialog;
}

type VideoChannels =
  | 'video:create'
  | 'video:get'
  | 'video:cancel'
  | 'video:capacity'
  | 'video:save'
  | 'video:diagnostics';

/** The video use cases over IPC: the same VideoService calls and checks as the REST routes. */
export function videoIpcHandlers(deps: VideoIpcDeps): Pick<IpcHandlers, VideoChannels> {
  return {
    'video:create': async ({ text }) => {
      const { video } = await deps.services();
      const share = parseShareRequest({ text });
      return video.create(share.platform, share.url);
    },
    'video:get': async ({ taskId, waitSeconds }) => {
      const { video } = await deps.services();
      return waitSeconds ? video.waitAndGet(taskId, waitSeconds) : video.get(taskId);
    },
    'video:cancel': async ({ taskId }) => (await deps.services()).video.cancel(taskId),
    'video:capacity': async () => (await deps.services()).video.capacity(),
    'video:diagnostics': async ({ taskId }) => (await deps.services()).video.diagnostics(taskId),
    'video:save': async ({ taskId }) => {
      const { video } = await deps.services();
      // Refuses a task that is not completed (409) or gone (410) before any dialog opens.
      const file = video.mediaFile(taskId, 'download');
      const name = mediaFileName(file, 'download');
      const extension = path.extname(name).slice(1) || 'mp4';
      const choice = await deps.saveDialog.ask({
        title: 'Save video',
        defaultPath: path.join(deps.saveDialog.downloadsDir(), name),
        filters: [{ name: 'Video', extensions: [extension] }],
      });
      if (choice.canceled || !choice.filePath) return 'cancelled';
      try {
        // The 180 s may run out while the dialog is open: the file is gone then.
        await fs.promises.copyFile(file.path, choice.filePath);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !fs.existsSync(file.path)) {
          throw new AppError('TASK_GONE', 'The video expired before it was saved. Grab it again.');
        }
        throw new AppError(
          'SAVE_FAILED',
          `Cannot save to ${choice.filePath}: ${(err as Error).message}`,
        );
      }
      return 'saved';
    },
  };
}
