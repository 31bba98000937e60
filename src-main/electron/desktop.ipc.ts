import { AppError } from '../core/app-error.ts';
import type { IpcHandlers } from './ipc-register.ts';
import type { LoginItem } from './login-item.ts';
import { isWebUrl } from './window-options.ts';

export interface DesktopIpcDeps {
  /** Null where this build cannot start at login (development runs). */
  loginItem: LoginItem | null;
  openLogsFolder(): Promise<void>;
  /** shell.openExternal: the system browser. */
  openExternal(url: string): Promise<void>;
}

type DesktopChannels =
  'desktop:login-item' | 'desktop:set-login-item' | 'desktop:open-logs' | 'desktop:open-link';

/** Things only the desktop app has: start at login, the logs folder, the system browser. */
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
    // A mail's link opens in the system browser only: shell.openExternal would also run
    // file:, smb: or custom-scheme URLs, so anything but a well-formed http(s) URL is refused.
    'desktop:open-link': async ({ url }) => {
      if (!isWebUrl(url)) throw new AppError('VALIDATION_FAILED', 'Only http(s) links open.');
      await deps.openExternal(url);
      return null;
    },
  };
}
