import type { IpcHandlers } from './ipc-register.ts';
import type { LoginItem } from './login-item.ts';

export interface DesktopIpcDeps {
  /** Null where this build cannot start at login (development runs). */
  loginItem: LoginItem | null;
  openLogsFolder(): Promise<void>;
}

type DesktopChannels = 'desktop:login-item' | 'desktop:set-login-item' | 'desktop:open-logs';

/** Things only the desktop app has: start at login, the logs folder. */
export function desktopIpcHandlers(deps: DesktopIpcDeps): Pick<IpcHandlers, DesktopChannels> {
  const state = () => ({
    available: deps.loginItem !== null,
    enabled: deps.loginItem?.get() ?? false,
  });
  return {
    'desktop:login-item': () => state(),
    'desktop:set-login-item': ({ enabled }) => {
      deps.loginItem?.set(enabled);
      return state();
    },
    'desktop:open-logs': async () => {
      await deps.openLogsFolder();
      return null;
    },
  };
}
