import { parseAddress } from '../../src-shared/mail/address.ts';
import type { AppController } from '../app/app-controller.ts';
import type { RunningApp } from '../app/compose.ts';
import { apiIpcHandlers } from './api.ipc.ts';
import { appIpcHandlers, type AppMeta } from './app.ipc.ts';
import { desktopIpcHandlers } from './desktop.ipc.ts';
import type { IpcHandlers } from './ipc-register.ts';
import type { LoginItem } from './login-item.ts';
import type { MailWatch } from './mail-watch.ts';
import type { PortChange } from './port-fallback.ts';
import { saveFilesIpcHandlers, type SaveDialog } from './save-files.ipc.ts';
import { updateIpcHandlers, type UpdatesHandle } from './update.ipc.ts';

export interface IpcHandlerDeps {
  controller: Pick<AppController, 'status' | 'updateSettings'>;
  /** Resolves once the services run. */
  services: () => Promise<RunningApp>;
  meta: AppMeta;
  clipboard: { writeText(text: string): Promise<void> };
  /** Ports another program held at the start (shown as a banner). */
  portChanges: () => PortChange[];
  /** Null where this build cannot start at login (development runs). */
  loginItem: LoginItem | null;
  openLogsFolder: () => Promise<void>;
  /** shell.openExternal: the system browser. */
  openExternal: (url: string) => Promise<void>;
  saveDialog: SaveDialog;
  /** Null where nothing updates (development runs, tests). */
  updates: UpdatesHandle | null;
  watches: Pick<MailWatch, 'watch' | 'unwatch'>;
}

/**
 * Every IPC handler of the desktop: the REST table over `api:call`, and the small contract of
 * what only the desktop has (src-shared/ipc/desktop-contract.ts).
 */
export function desktopIpc(deps: IpcHandlerDeps): IpcHandlers {
  const { services } = deps;
  return {
    ...apiIpcHandlers({ services }),
    ...appIpcHandlers({
      controller: deps.controller,
      services,
      meta: deps.meta,
      clipboard: deps.clipboard,
      portChanges: deps.portChanges,
    }),
    ...desktopIpcHandlers({
      loginItem: deps.loginItem,
      openLogsFolder: deps.openLogsFolder,
      openExternal: deps.openExternal,
    }),
    ...updateIpcHandlers({
      updates: deps.updates,
      updateSettings: (patch) => deps.controller.updateSettings(patch),
      version: deps.meta.version,
    }),
    ...saveFilesIpcHandlers({ services, saveDialog: deps.saveDialog }),
    // Live mail for the window: pushed as `mail:received` (the browser's WebSocket, here).
    'mail:watch': async ({ email }) => {
      const address = (await services()).mail.leases.requireRecorded(email);
      deps.watches.watch(address.email);
      return null;
    },
    'mail:unwatch': ({ email }) => {
      deps.watches.unwatch(parseAddress(email)?.email ?? email);
      return null;
    },
  };
}
