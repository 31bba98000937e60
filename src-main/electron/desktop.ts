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
import type { IpcEventChannel, IpcEventPayload } from '../../src-shared/ipc/contract.ts';
import type { AppController } from '../app/app-controller.ts';
import type { Logger } from '../app/logger.ts';
import { appIpcHandlers, toAppInfo, type AppMeta } from './app.ipc.ts';
import { installSessionSecurity } from './csp.ts';
import type { DesktopPaths } from './desktop-paths.ts';
import { registerIpcHandlers, trustedSenderCheck } from './ipc-register.ts';
import { mailIpcHandlers } from './mail.ipc.ts';
import { MailWatch } from './mail-watch.ts';
import { createCodeNotifier, type CodeNotifierDeps } from './notifications.ts';
import { createAppTray, type AppTray, type AppTrayDeps, type TrayState } from './tray.ts';
import { videoIpcHandlers, type SaveDialog } from './video.ipc.ts';
import { isSameOrigin, lockNavigation, mainWindowOptions } from './window-options.ts';

/** Windows groups notifications by this id; it matches electron-builder.yml's appId. */
export const APP_USER_MODEL_ID = 'app.ephemera.desktop';

/** Electron's modules and the app's services, as the shell uses them (faked in unit tests). */
export interface DesktopDeps {
  app: Pick<
    App,
    'requestSingleInstanceLock' | 'on' | 'whenReady' | 'quit' | 'exit' | 'setAppUserModelId'
  >;
  createWindow(options: BrowserWindowConstructorOptions): BrowserWindow;
  createTray: AppTrayDeps['createTray'];
  buildMenu(template: MenuItemConstructorOptions[]): Menu;
  createNotification: CodeNotifierDeps['create'];
  notificationsSupported(): boolean;
  clipboard: Pick<Clipboard, 'writeText'>;
  openExternal(url: string): Promise<void>;
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  session(): Pick<
    Session,
    'webRequest' | 'setPermissionRequestHandler' | 'setPermissionCheckHandler'
  >;
  showError(title: string, message: string): void;
  controller: Pick<
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
  saveDialog: SaveDialog;
  paths: DesktopPaths;
  meta: AppMeta;
  platform: NodeJS.Platform;
  logger: Logger;
  /** `process.once` for the signals a terminal sends (`npm start`, then Ctrl+C). */
  onSignal(signal: 'SIGINT' | 'SIGTERM', handler: () => void): void;
}

/** The running shell, for the entry point and tests. */
export interface Desktop {
  window(): BrowserWindow | null;
  /** Shows, restores and focuses the window (creating it again if it was destroyed). */
  showWindow(): void;
  quit(): void;
}

/**
 * The desktop app: one instance, one window, a tray icon, the services started through the
 * composition root (AppController → startApp) and stopped before Electron quits. Resolves to
 * null when another instance already runs (it is focused instead) or the services cannot start.
 */
export async function runDesktop(deps: DesktopDeps): Promise<Desktop | null> {
  const { app, controller, logger } = deps;
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }

  let win: BrowserWindow | null = null;
  let tray: AppTray | null = null;
  let appOrigin = '';
  let started = false;
  let quitting = false;
  let stopping = false;
  let stopped = false;
  let lanBusy = false;
  let unregisterIpc: (() => void) | null = null;

  const isAppUrl = (url: string): boolean => appOrigin !== '' && isSameOrigin(url, appOrigin);
  const alive = (): BrowserWindow | null => (win && !win.isDestroyed() ? win : null);
  const send = <E extends IpcEventChannel>(channel: E, payload: IpcEventPayload<E>): void => {
    alive()?.webContents.send(channel, payload);
  };
  const trayState = (): TrayState => {
    const status = controller.status();
    return { lanSharing: status.lanSharing, lanUrl: status.lanUrl, busy: lanBusy };
  };

  const copy = (text: string): void => {
    deps.clipboard.writeText(text).catch((err: unknown) => logger.error('cannot copy', err));
  };
  const notify = createCodeNotifier({
    create: (options) => deps.createNotification(options),
    copy,
    enabled: () =>
      deps.notificationsSupported() &&
      controller.codeNotifications &&
      !(alive()?.isVisible() && alive()?.isFocused()),
  });
  const watches = new MailWatch((mail) => send('mail:received', mail));
  let stopNotifying: (() => void) | null = null;

  const createWindow = (): BrowserWindow => {
    const created = deps.createWindow(
      mainWindowOptions({
        preload: deps.paths.preload,
        ...(deps.platform === 'darwin' ? {} : { icon: deps.paths.windowIcon }),
      }),
    );
    lockNavigation(created.webContents, {
      isAppUrl,
      openExternal: (url) => {
        deps.openExternal(url).catch((err: unknown) => logger.error(`cannot open ${url}`, err));
      },
    });
    created.on('close', (event) => {
      // Closing the window keeps the services and the tray; Quit (tray, menu, Cmd+Q) ends both.
      if (!quitting) {
        event.preventDefault();
        created.hide();
      }
    });
    created.once('ready-to-show', () => created.show());
    // A reload starts a new page: it watches again what it needs.
    created.webContents.on('did-navigate', () => watches.clear());
    created.on('closed', () => {
      if (win === created) win = null;
      watches.clear();
    });
    loadApp(created);
    return created;
  };
  const loadApp = (target: BrowserWindow): void => {
    target
      .loadURL(`${appOrigin}/`)
      .catch((err: unknown) => logger.error('cannot load the app', err));
  };
  const showWindow = (): void => {
    if (!started || quitting) return;
    const target = alive() ?? (win = createWindow());
    if (target.isMinimized()) target.restore();
    target.show();
    target.focus();
  };
  const quit = (): void => app.quit();

  const setLanSharing = (on: boolean): void => {
    lanBusy = true;
    tray?.update(trayState());
    controller
      .updateSettings({ lan_enabled: on })
      .catch((err: unknown) => {
        deps.showError('Share on LAN', err instanceof Error ? err.message : String(err));
      })
      .finally(() => {
        lanBusy = false;
        tray?.update(trayState());
      });
  };

  app.on('second-instance', () => showWindow());
  app.on('activate', () => showWindow());
  // Keep running in the tray when the window is gone.
  app.on('window-all-closed', () => undefined);
  app.on('before-quit', (event) => {
    quitting = true;
    if (stopped) return;
    event.preventDefault();
    if (stopping) return;
    stopping = true;
    controller
      .stop()
      .catch((err: unknown) => logger.error('stopping the services failed', err))
      .finally(() => {
        stopped = true;
        unregisterIpc?.();
        stopNotifying?.();
        watches.clear();
        tray?.destroy();
        tray = null;
        app.quit();
      });
  });
  deps.onSignal('SIGINT', quit);
  deps.onSignal('SIGTERM', quit);

  controller.onChange((change) => {
    watches.attach(change.app.mail.hub);
    // Every mailbox, watched by the window or not (a phone script may have made it).
    stopNotifying ??= change.app.mail.hub.subscribeAll(notify);
    const origin = new URL(change.status.localUrl).origin;
    if (origin !== appOrigin) {
      const moved = appOrigin !== '';
      appOrigin = origin;
      const current = alive();
      if (moved && current) loadApp(current);
    }
    tray?.update(trayState());
    send('app:changed', toAppInfo(change.status, deps.meta));
  });

  await app.whenReady();
  if (deps.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  try {
    await controller.start();
  } catch (err) {
    deps.showError('Ephemera cannot start', err instanceof Error ? err.message : String(err));
    stopped = true;
    app.exit(1);
    return null;
  }
  started = true;

  installSessionSecurity(deps.session(), isAppUrl);
  const services = () => controller.services();
  unregisterIpc = registerIpcHandlers(
    deps.ipcMain,
    {
      ...appIpcHandlers({ controller, services, meta: deps.meta, clipboard: deps.clipboard }),
      ...videoIpcHandlers({ services, saveDialog: deps.saveDialog }),
      ...mailIpcHandlers({ services, watches }),
    },
    {
      isTrustedSender: trustedSenderCheck(() => alive()?.webContents.id ?? null, isAppUrl),
      logger,
    },
  );
  showWindow();
  try {
    tray = createAppTray(
      {
        createTray: (icon) => deps.createTray(icon),
        buildMenu: (template) => deps.buildMenu(template),
        icon: deps.paths.trayIcon,
        platform: deps.platform,
      },
      { open: showWindow, setLanSharing, copy, quit },
      trayState(),
    );
  } catch (err) {
    // Some Linux desktops have no tray; the window and a second `npm start` still reach the app.
    logger.warn(`no tray icon: ${err instanceof Error ? err.message : String(err)}`);
  }
  return { window: alive, showWindow, quit };
}
