import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import type { Logger } from '../core/logger.ts';
import { APP_URL, isAppUrl } from './app-origin.ts';
import type { CloseAction } from './close-behaviour.ts';
import { errorPageUrl, rendererRecovery } from './renderer-recovery.ts';
import { lockNavigation, mainWindowOptions } from './window-options.ts';

/** Chromium's "aborted" load error: a navigation replaced by another, not a failure. */
const ERR_ABORTED = -3;

export interface MainWindowDeps {
  createWindow(options: BrowserWindowConstructorOptions): BrowserWindow;
  preload: string;
  /** Omitted on macOS (the app bundle's icon is used). */
  icon?: string;
  /** The OS theme is dark: the window's background before the first paint. */
  dark(): boolean;
  openExternal(url: string): void;
  /** What closing the window does now (the tray may have failed since the start). */
  closeAction(): CloseAction;
  /** The app is quitting: let the window close. */
  quitting(): boolean;
  quit(): void;
  /** The page was replaced (reload, navigation): per-page state (mail watches) is dropped. */
  pageChanged(): void;
  closed(): void;
  /**
   * Show the window once it painted. False for a start at login: the window waits hidden
   * (the tray or the Dock brings it) until something asks for it.
   */
  showWhenReady?: boolean;
  logger: Logger;
  now(): number;
}

/** Recovers a window's page after its GPU process died (desktop.ts), like a crashed page. */
const recoveries = new WeakMap<BrowserWindow, (reason: string) => void>();

export function recoverWindow(win: BrowserWindow, reason: string): void {
  recoveries.get(win)?.(reason);
}

/**
 * The main window: created hidden with the theme's background and shown on `ready-to-show` (no
 * white flash), on app://ephemera/ (served from disk, so it does not wait for the services).
 * Navigation is locked to the app. Closing hides or quits (closeAction). A crashed or failed
 * page is logged and reloaded once, then replaced by an error page with a Retry link. Windows
 * session end quits cleanly.
 */
export function openMainWindow(deps: MainWindowDeps): BrowserWindow {
  const { logger } = deps;
  const win = deps.createWindow(
    mainWindowOptions({
      preload: deps.preload,
      dark: deps.dark(),
      ...(deps.icon ? { icon: deps.icon } : {}),
    }),
  );
  const contents = win.webContents;
  const load = (url: string): void => {
    win.loadURL(url).catch((err: unknown) => {
      // did-fail-load has the details and recovers; this only keeps the rejection handled.
      logger.warn(`loading ${url.slice(0, 60)} failed: ${String(err)}`);
    });
  };
  const recovery = rendererRecovery(
    {
      reload: () => load(APP_URL),
      showErrorPage: (reason) => {
        load(errorPageUrl(APP_URL, reason, deps.dark()));
        // The first load may never have painted (no ready-to-show): show the error anyway.
        win.show();
      },
    },
    () => deps.now(),
  );

  lockNavigation(contents, { isAppUrl, openExternal: (url) => deps.openExternal(url) });
  if (deps.showWhenReady !== false) win.once('ready-to-show', () => win.show());
  win.on('close', (event) => {
    if (deps.quitting()) return;
    if (deps.closeAction() === 'hide') {
      event.preventDefault();
      win.hide();
      return;
    }
    // Nowhere to come back from (no tray): closing the window quits, cleanly.
    event.preventDefault();
    deps.quit();
  });
  win.on('closed', () => deps.closed());
  // Windows logs off or shuts down: stop the services while there is time.
  win.on('query-session-end', () => deps.quit());
  win.on('session-end', () => deps.quit());

  contents.on('did-navigate', () => deps.pageChanged());
  const crashed = (reason: string): void => {
    if (deps.quitting()) return;
    deps.pageChanged();
    logger.error(reason);
    recovery.failed(reason);
  };
  recoveries.set(win, crashed);
  contents.on('render-process-gone', (_event, details) => {
    if (details.reason === 'clean-exit') return;
    crashed(`The page stopped: ${details.reason} (exit code ${details.exitCode}).`);
  });
  // The page hangs (Chromium's hang monitor gave up waiting for it): a frozen window helps
  // nobody, so it is reloaded like a crashed one (and shows the error page if it hangs again).
  win.on('unresponsive', () => crashed('The page stopped responding.'));
  contents.on('did-fail-load', (_event, code, description, url, isMainFrame) => {
    if (!isMainFrame || code === ERR_ABORTED || !isAppUrl(url) || deps.quitting()) return;
    const reason = `The page did not load: ${description} (${code}).`;
    logger.error(`${reason} ${url}`);
    recovery.failed(reason);
  });

  load(APP_URL);
  return win;
}
