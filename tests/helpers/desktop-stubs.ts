import type { IpcHandlerDeps } from '../../src-main/electron/ipc-handlers.ts';

/**
 * The desktop pieces a test of the IPC handlers does not look at: no clipboard, tray, login
 * item, folders, links or updates. Tests add the services, watches and save dialog they use.
 */
export const DESKTOP_STUBS = {
  clipboard: { writeText: () => Promise.resolve() },
  portChanges: () => [],
  loginItem: null,
  openLogsFolder: () => Promise.resolve(),
  openExternal: () => Promise.resolve(),
  updates: null,
} satisfies Partial<IpcHandlerDeps>;
