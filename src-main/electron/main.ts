import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  ipcMain,
  Menu,
  Notification,
  session,
  shell,
  Tray,
} from 'electron';
import { AppController } from '../app/app-controller.ts';
import { appRoot } from '../app/app-paths.ts';
import { ConfigError, loadConfig } from '../app/config.ts';
import { createLogger } from '../app/logger.ts';
import { desktopArgs } from './desktop-args.ts';
import { desktopPaths } from './desktop-paths.ts';
import { runDesktop } from './desktop.ts';

/**
 * The Electron main entry (bundled to dist/main/electron.mjs, package.json "main"). It only
 * hands Electron's modules to runDesktop, which the unit tests drive with fakes.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(desktopArgs(process.argv, process.defaultApp === true));
  } catch (err) {
    dialog.showErrorBox('Ephemera cannot start', err instanceof Error ? err.message : String(err));
    app.exit(err instanceof ConfigError ? 2 : 1);
    return;
  }
  const logger = createLogger('desktop');
  await runDesktop({
    app,
    createWindow: (options) => new BrowserWindow(options),
    createTray: (icon) => new Tray(icon),
    buildMenu: (template) => Menu.buildFromTemplate(template),
    createNotification: (options) => new Notification(options),
    notificationsSupported: () => Notification.isSupported(),
    clipboard,
    openExternal: (url) => shell.openExternal(url),
    ipcMain,
    session: () => session.defaultSession,
    showError: (title, message) => dialog.showErrorBox(title, message),
    controller: new AppController({ config }),
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
    logger,
    onSignal: (signal, handler) => process.once(signal, handler),
  });
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Ephemera failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  app.exit(1);
});
