import path from 'node:path';
import {
  app,
  BrowserWindow,
  clipboard,
  crashReporter,
  dialog,
  ipcMain,
  Menu,
  nativeTheme,
  Notification,
  powerMonitor,
  protocol,
  safeStorage,
  session,
  shell,
  Tray,
} from 'electron';
import { AppController } from '../app/app-controller.ts';
import { appRoot } from '../app/app-paths.ts';
import { loadConfig } from '../app/config.ts';
import { createLogger } from '../core/logger.ts';
import { APP_SCHEME_PRIVILEGES } from './app-origin.ts';
import { linuxTrayLikelyShown } from './close-behaviour.ts';
import { desktopArgs } from './desktop-args.ts';
import { desktopPaths } from './desktop-paths.ts';
import { unsandboxedReason } from './sandbox-notice.ts';
import { CRASH_REPORTER_OPTIONS, installFatalErrorHandlers } from './fatal-errors.ts';
import { runDesktop } from './desktop.ts';
import { safeStorageBox } from './safe-storage-box.ts';
import { openLogFile } from './log-file.ts';
import { loginItem, startedAtLogin } from './login-item.ts';
import { isEphemeraAt } from './port-fallback.ts';
import { UpdateController } from './update-controller.ts';
import {
  buildFacts,
  fileValue,
  readAppUpdateConfig,
  releasesPage,
  updateMode,
  type UpdaterLike,
} from './updater.ts';

/**
 * The Electron main entry (bundled to dist/main/electron.mjs, package.json "main"). It only
 * hands Electron's modules to runDesktop, which the unit tests drive with fakes.
 */

// Must happen before `ready`: the window's pages are app://ephemera/ (app-origin.ts).
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

const logger = createLogger('desktop');

// Before anything can fail: crash dumps stay on this machine, in the logs folder the user can
// open; an uncaught error is logged and explained before the app quits (fatal-errors.ts).
app.setPath('crashDumps', path.join(app.getPath('logs'), 'crashes'));
crashReporter.start(CRASH_REPORTER_OPTIONS);
installFatalErrorHandlers({
  on: (event, listener) => process.on(event, listener),
  logger,
  ask: async (title, message, buttons) => {
    // Before `ready` only the error box can be shown; it has no buttons (it means Quit).
    if (!app.isReady()) {
      dialog.showErrorBox(title, message);
      return buttons.length - 1;
    }
    const answer = await dialog.showMessageBox({
      type: 'error',
      title,
      message: title,
      detail: message,
      buttons: [...buttons],
      defaultId: buttons.length - 1,
      cancelId: buttons.length - 1,
      noLink: true,
    });
    return answer.response;
  },
  openLogsFolder: async () => {
    const failure = await shell.openPath(app.getPath('logs'));
    if (failure) throw new Error(failure);
  },
  quit: () => app.quit(),
});

/** The running shell, once started (the updater lets its window close before installing). */
let shell_: { allowQuit(): void } | null = null;

/** Settings → Updates; electron-updater is loaded at the first check only (updater.ts). */
function createUpdates(appImageMoved: (file: string) => void): UpdateController {
  const feed = readAppUpdateConfig(process.resourcesPath);
  return new UpdateController({
    mode: updateMode(process.platform, app.isPackaged, process.env, buildFacts(appRoot(), feed)),
    current: app.getVersion(),
    load: async () => {
      // CommonJS: Node exposes its module.exports as the default export (autoUpdater is a getter
      // its export scanner does not see).
      const updater = (await import('electron-updater')) as { default?: object };
      return (updater.default as { autoUpdater: UpdaterLike }).autoUpdater;
    },
    notify: (title, body, onClick) => {
      if (!Notification.isSupported()) return;
      const notification = new Notification({ title, body });
      if (onClick) notification.on('click', onClick);
      notification.show();
    },
    downloadPage: releasesPage(feed),
    appImageMoved,
    openExternal: (url) => {
      shell.openExternal(url).catch((err: unknown) => logger.error(`cannot open ${url}`, err));
    },
    noticed: fileValue(path.join(app.getPath('userData'), 'update-noticed.txt')),
    beforeInstall: () => shell_?.allowQuit(),
    logger,
    schedule: (fn, ms, repeat) => {
      const timer = repeat ? setInterval(fn, ms) : setTimeout(fn, ms);
      timer.unref();
      return () => clearTimeout(timer);
    },
    now: () => Date.now(),
  });
}

async function main(): Promise<void> {
  const startAtLogin = loginItem({
    app,
    platform: process.platform,
    packaged: app.isPackaged,
    executable: process.execPath,
    env: process.env,
    configDir: app.getPath('appData'),
  });
  const desktop = await runDesktop({
    app,
    loadConfig: () => loadConfig(desktopArgs(process.argv)),
    createController: (config, onPortTaken) =>
      new AppController({
        config,
        // Imported at the start, after the window was asked for (see app-controller.ts).
        start: async (c) =>
          (await import('../app/compose.ts')).startApp(c, {
            onPortTaken,
            // Mail-source passwords are kept encrypted by the OS keychain.
            mail: { sources: { box: safeStorageBox(safeStorage) } },
          }),
      }),
    createWindow: (options) => new BrowserWindow(options),
    createTray: (icon) => new Tray(icon),
    buildMenu: (template) => Menu.buildFromTemplate(template),
    setApplicationMenu: (menu) => Menu.setApplicationMenu(menu),
    createNotification: (options) => new Notification(options),
    notificationsSupported: () => Notification.isSupported(),
    clipboard,
    openExternal: (url) => shell.openExternal(url),
    openPath: (path) => shell.openPath(path),
    ipcMain,
    session: () => session.defaultSession,
    handleProtocol: (scheme, handler) => protocol.handle(scheme, handler),
    // Electron passes an event it may delay the shutdown with; its typings omit it.
    onShutdown: (listener) =>
      powerMonitor.on('shutdown', (...args: unknown[]) =>
        listener(args[0] as { preventDefault(): void } | undefined),
      ),
    dark: () => nativeTheme.shouldUseDarkColors,
    showError: (title, message) => dialog.showErrorBox(title, message),
    saveDialog: {
      ask: async (options) => {
        const parent = BrowserWindow.getFocusedWindow();
        return parent ? dialog.showSaveDialog(parent, options) : dialog.showSaveDialog(options);
      },
      downloadsDir: () => app.getPath('downloads'),
    },
    paths: desktopPaths(appRoot(), process.platform),
    meta: { version: app.getVersion(), platform: process.platform },
    platform: process.platform,
    packaged: app.isPackaged,
    trayLikelyShown: () => linuxTrayLikelyShown(process.env),
    loginItem: startAtLogin,
    openLog: () => openLogFile(app.getPath('logs')),
    probeEphemera: (port) => isEphemeraAt(port),
    stdout: (line) => process.stdout.write(line),
    logger,
    onSignal: (signal, handler) => process.once(signal, handler),
    startedAtLogin: () => startedAtLogin(process.argv, process.platform, app),
    updates: createUpdates((file) => startAtLogin?.follow?.(file)),
  });
  if (!desktop) return;
  shell_ = desktop;
  const unsandboxed = unsandboxedReason(process.argv, process.env);
  if (unsandboxed) logger.warn(unsandboxed);
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Ephemera failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  app.exit(1);
});
