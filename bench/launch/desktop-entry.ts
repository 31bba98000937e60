import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppController } from '../../src-main/app/app-controller.ts';
import { loadConfig, type AppConfig } from '../../src-main/app/config.ts';
import type { PortTakenHandler } from '../../src-main/net/listeners.ts';
import { runDesktop, type DesktopDeps } from '../../src-main/electron/desktop.ts';

/**
 * The desktop start (runDesktop, the real AppController and startApp) with Electron replaced by
 * do-nothing stand-ins, timed from process start: when the window is asked for (Electron would
 * paint it next) and when the services are ready. The code before the first mark is module
 * loading; Electron's own start (~200 ms before `ready` on a desktop) is not included.
 */
const modulesMs = performance.now();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemera-bench-launch-'));
let windowMs = 0;

class Stub extends EventEmitter {
  webContents = Object.assign(new EventEmitter(), {
    id: 1,
    send: () => undefined,
    setWindowOpenHandler: () => undefined,
    isLoading: () => true,
    isDestroyed: () => false,
  });
  loadURL = () => Promise.resolve();
  isDestroyed = () => false;
  isMinimized = () => false;
  isVisible = () => false;
  isFocused = () => false;
  show = () => undefined;
  hide = () => undefined;
  focus = () => undefined;
  restore = () => undefined;
  setToolTip = () => undefined;
  setContextMenu = () => undefined;
  destroy = () => undefined;
}
const app = Object.assign(new EventEmitter(), {
  requestSingleInstanceLock: () => true,
  whenReady: () => Promise.resolve(),
  quit: () => undefined,
  exit: (code?: number) => process.exit(code),
  setAppUserModelId: () => undefined,
});
const deps = {
  app,
  loadConfig: () => loadConfig(['--port', '0', '--smtp-port', '0', '--data-dir', dataDir], {}),
  createController: (config: AppConfig, onPortTaken: PortTakenHandler) =>
    new AppController({
      config,
      // As main.ts does: the services' modules load once the window was asked for.
      start: async (c) =>
        (await import('../../src-main/app/compose.ts')).startApp(c, { onPortTaken, quiet: true }),
    }),
  createWindow: () => {
    windowMs = performance.now();
    return new Stub();
  },
  createTray: () => new Stub(),
  buildMenu: () => ({}),
  setApplicationMenu: () => undefined,
  createNotification: () => new Stub(),
  notificationsSupported: () => false,
  clipboard: { writeText: () => Promise.resolve() },
  openExternal: () => Promise.resolve(),
  openPath: () => Promise.resolve(''),
  ipcMain: { handle: () => undefined, removeHandler: () => undefined },
  session: () => ({
    webRequest: { onHeadersReceived: () => undefined },
    setPermissionRequestHandler: () => undefined,
    setPermissionCheckHandler: () => undefined,
  }),
  handleProtocol: () => undefined,
  onShutdown: () => undefined,
  dark: () => false,
  showError: (title: string, message: string) => process.stderr.write(`${title}: ${message}\n`),
  saveDialog: { ask: () => Promise.resolve({ canceled: true }), downloadsDir: () => dataDir },
  paths: { preload: '', rendererDir: '', windowIcon: '', trayIcon: '' },
  meta: { version: 'bench', platform: process.platform },
  platform: process.platform,
  packaged: true,
  trayLikelyShown: () => true,
  loginItem: null,
  openLog: () => ({ path: path.join(dataDir, 'ephemera.log'), write: () => undefined }),
  probeEphemera: () => Promise.resolve(false),
  stdout: () => undefined,
  logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
  onSignal: () => undefined,
} as unknown as DesktopDeps;

const desktop = await runDesktop(deps);
const running = await desktop?.ready;
const readyMs = performance.now();
process.stdout.write(`${JSON.stringify({ modulesMs, windowMs, readyMs })}\n`);
await running?.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
