import type { IpcRenderer, IpcRendererEvent } from 'electron';
import { isEventChannel, isInvokeChannel } from '../../../src-shared/ipc/channels.ts';
import type {
  IpcEventChannel,
  IpcEventPayload,
  IpcInvokeChannel,
  IpcResponse,
} from '../../../src-shared/ipc/desktop-contract.ts';
import { ipcFail, type IpcResult } from '../../../src-shared/ipc/result.ts';
import type { EphemeraBridge, IpcRequestArgs } from '../../../src-shared/ipc/window-api.ts';

/**
 * `window.ephemera`: invoke and on, for the contract's channels only. The request is the one
 * argument passed on; listeners get the payload alone, never Electron's IpcRendererEvent (it
 * would hand the page `event.sender`, the ipcRenderer itself).
 */
export function createEphemeraApi(
  ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>,
): EphemeraBridge {
  return Object.freeze({
    invoke<C extends IpcInvokeChannel>(
      channel: C,
      ...args: IpcRequestArgs<C>
    ): Promise<IpcResult<IpcResponse<C>>> {
      if (!isInvokeChannel(channel)) {
        return Promise.resolve(
          ipcFail('UNKNOWN_CHANNEL', `"${String(channel)}" is not an Ephemera channel.`),
        );
      }
      return (ipc.invoke(channel, args[0]) as Promise<IpcResult<IpcResponse<C>>>).catch(() =>
        ipcFail('UNAVAILABLE', 'The desktop app is not answering; it may be quitting.'),
      );
    },
    on<E extends IpcEventChannel>(
      channel: E,
      listener: (payload: IpcEventPayload<E>) => void,
    ): () => void {
      if (!isEventChannel(channel)) {
        throw new Error(`"${String(channel)}" is not an Ephemera event channel.`);
      }
      const forward = (_event: IpcRendererEvent, payload: IpcEventPayload<E>): void =>
        listener(payload);
      ipc.on(channel, forward);
      return () => {
        ipc.removeListener(channel, forward);
      };
    },
  });
}
