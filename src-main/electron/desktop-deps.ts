import type {
  App,
  BrowserWindow,
  BrowserWindowConstructorOptions,
  Clipboard,
  IpcMain,
  Menu,
  MenuItemConstructorOptions,
  Session,
} from 'electron';
import type { AppController } from '../app/app-controller.ts';
import type { PortTakenHandler } from '../app/compose.ts';
import type { AppConfig } from '../app/config.ts';
import type { Logger } from '../core/logger.ts';
import type { AppMeta } from './app.ipc.ts';
import type { DesktopPaths } from './desktop-paths.ts';
import type { LogFile } from './log-file.ts';
import type { LoginItem } from './login-item.ts';
import type { CodeNotifierDeps } from './notifications.ts';
import type { AppTrayDeps } from './tray.ts';
import type { UpdateController } from './update-controller.ts';
import type { SaveDialog } from './save-files.ipc.ts';

export type DesktopController = Pick<
  AppController,
  | 'start'
  | 'stop'
  | 'services'
  | 'status'
  | 'settings'
  | 'updateSettings'
  | 'onChange'
  | 'codeNotifications'
>;

/** Electron's modules and the app's services, as the shell uses them (faked in unit tests). */
export interface DesktopDeps {
  app: Pick<
    App,
    'requestSingleInstanceLock' | 'on' | 'whenReady' | 'quit' | 'exit' | 'setAppUserModelId'
  >;
  /** The command line, variables and defaults; read after the single-instance lock. */
  loadConfig(): AppConfig;
  /** The services' handle; `onPortTaken` goes to startApp (a taken port gets a free one). */
  createController(config: AppConfig, onPortTaken: PortTakenHandler): DesktopController;
  createWindow(options: BrowserWindowConstructorOptions): BrowserWindow;
  createTray: AppTrayDeps['createTray'];
  buildMenu(template: MenuItemConstructorOptions[]): Menu;
  setApplicationMenu(menu: Menu): void;
  createNotification: CodeNotifierDeps['create'];
  notificationsSupported(): boolean;
  clipboard: Pick<Clipboard, 'writeText'>;
  openExternal(url: string): Promise<void>;
  /** shell.openPath: resolves to an error message, '' when it worked. */
  openPath(path: string): Promise<string>;
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  session(): Pick<
    Session,
    'webRequest' | 'setPermissionRequestHandler' | 'setPermissionCheckHandler'
  >;
  /** protocol.handle (after `ready`). */
  handleProtocol(scheme: string, handler: (request: Request) => Promise<Response>): void;
  /** powerMonitor 'shutdown' (Linux, macOS; after `ready`): the event may delay the shutdown. */
  onShutdown(listener: (event: { preventDefault(): void } | undefined) => void): void;
  /** The OS theme is dark (nativeTheme.shouldUseDarkColors). */
  dark(): boolean;
  showError(title: string, message: string): void;
  saveDialog: SaveDialog;
  paths: DesktopPaths;
  meta: AppMeta;
  platform: NodeJS.Platform;
  /** app.isPackaged: no reload or developer tools in the menu. */
  packaged: boolean;
  /** Linux only: whether a tray icon would be visible (close-behaviour.ts). */
  trayLikelyShown(): boolean;
  loginItem: LoginItem | null;
  /** The log file in the OS logs folder (log-file.ts). */
  openLog(): LogFile;
  /** Whether an Ephemera answers on this HTTP port (port-fallback.ts). */
  probeEphemera(port: number): Promise<boolean>;
  /** process.stdout: the "listening" lines scripts read, as in headless mode. */
  stdout(line: string): void;
  logger: Logger;
  /** `process.once` for the signals a terminal sends (`npm start`, then Ctrl+C). */
  onSignal(signal: 'SIGINT' | 'SIGTERM', handler: () => void): void;
  /** Started by the OS at login (login-item.ts): the window stays hidden in the tray. */
  startedAtLogin?(): boolean;
  /** Settings → Updates (main.ts makes one; none in tests that do not need it). */
  updates?: Pick<
    UpdateController,
    'state' | 'check' | 'apply' | 'setEnabled' | 'onChange' | 'stop'
  >;
  now?(): number;
  setTimer?(fn: () => void, ms: number): () => void;
}
