import type { RunningApp } from '../app/compose.ts';
import { parseShareRequest } from '../http/share-request.ts';
import type { IpcHandlers } from './ipc-register.ts';

export interface VideoIpcDeps {
  /** The running services (waits while LAN sharing restarts them). */
  services(): Promise<Pick<RunningApp, 'video'>>;
}

type VideoChannels = 'video:create' | 'video:get' | 'video:cancel' | 'video:capacity';

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
  };
}
