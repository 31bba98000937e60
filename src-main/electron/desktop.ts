import path from 'node:path';
import type { BrowserWindow } from 'electron';
import type { IpcEventChannel, IpcEventPayload } from '../../src-shared/ipc/desktop-contract.ts';
import type { RunningApp } from '../app/compose.ts';
import { ConfigError, type AppConfig } from '../app/config.ts';
import { addLogSink } from '../core/logger.ts';
import { appMenuTemplate } from './app-menu.ts';
import { APP_SCHEME, isAppUrl } from './app-origin.ts';
import { closeAction } from './close-behaviour.ts';
import { contentSecurityPolicy } from '../../src-shared/web/csp.ts';
import { installSessionSecurity } from './csp.ts';
import type { DesktopDeps } from './desktop-deps.ts';
import { toAppInfo } from './app.ipc.ts';
import { desktopIpc } from './ipc-handlers.ts';
import { registerIpcHandlers, trustedSenderCheck } from './ipc-register.ts';
import { MailWatch } from './mail-watch.ts';
import { isGpuCrash } from './fatal-errors.ts';
import { openMainWindow, recoverWindow } from './main-window.ts';
import { createCodeNotifier } from './notifications.ts';
import { OtherEphemeraError, portFallback } from './port-fallback.ts';
import { appProtocolHandler } from './protocol.ts';
import { quitWatchdog } from './quit-watchdog.ts';
import { announce, mediaOrigin } from './start-announce.ts';
import { signInActions } from './sign-in-actions.ts';
import { createAppTray, type AppTray, type TrayState } from './tray.ts';

export type { DesktopController, DesktopDeps } from './desktop-deps.ts';

/** Windows groups notifications by this id; it matches electron-builder.yml's appId. */
export const APP_USER_MODEL_ID = 'app.ephemera.desktop';

/** How long Quit may take before the app exits anyway. */
export const QUIT_TIMEOUT_MS = 3000;

/** The running shell, for the entry point and tests. */
export interface Desktop {
  window(): BrowserWindow | null;
  /** Shows, restores and focuses the window (creating it again if it was destroyed). */
  showWindow(): void;
  quit(): void;
  /** Lets the window close for an update's quit (closing otherwise hides it to the tray). */
  allowQuit(): void;
  /** Resolves once the services are up (or the start failed). */
  ready: Promise<RunningApp | null>;
}

/**
 * The desktop app. Order matters for a quick, single start: the single-instance lock first
 * (a second launch only focuses the first), then the command line, then at `ready` the window
 * (served from disk, shown at `ready-to-show`) while the services start beside it. Resolves to
 * null when another instance runs or the command line is wrong.
 */
export async function runDesktop(deps: DesktopDeps): Promise<Desktop | null> {
  const { app, logger } = deps;
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  let config: AppConfig;
  try {
    config = deps.loadConfig();
  } catch (err) {
    deps.showError('Ephemera cannot start', err instanceof Error ? err.message : String(err));
    app.exit(err instanceof ConfigError ? 2 : 1);
    return null;
  }
  const log = deps.openLog();
  addLogSink((line) => log.write(line));
  const now = (): number => (deps.now ? deps.now() : Date.now());

  const fallback = portFallback((port) => deps.probeEphemera(port));
  const controller = deps.createController(config, (service, port) =>
    fallback.onPortTaken(service, port),
  );
  let win: BrowserWindow | null = null;
  let tray: AppTray | null = null;
  let running = false;
  let quitting = false;
  let stopped = false;
  let lanBusy = false;
  let unregisterIpc: (() => void) | null = null;

  const alive = (): BrowserWindow | null => (win && !win.isDestroyed() ? win : null);
  const send = <E extends IpcEventChannel>(channel: E, payload: IpcEventPayload<E>): void => {
    alive()?.webContents.send(channel, payload);
  };
  const trayState = (): TrayState => {
    const status = running ? controller.status() : null;
    return {
      lanSharing: status?.lanSharing ?? false,
      lanUrl: status?.lanUrl ?? null,
      busy: lanBusy || !running,
    };
  };
  const copy = (text: string): void => {
    deps.clipboard.writeText(text).catch((err: unknown) => logger.error('cannot copy', err));
  };
  /** Would a code be notified now: notifications on, and the window not in front. */
  const notifying = (): boolean =>
    deps.notificationsSupported() &&
    controller.codeNotifications &&
    !(alive()?.isVisible() && alive()?.isFocused());
  const notify = createCodeNotifier({
    create: (options) => deps.createNotification(options),
    copy,
    openExternal: (url) => {
      deps.openExternal(url).catch((err: unknown) => logger.error('cannot open link', err));
    },
    enabled: notifying,
  });
  const watches = new MailWatch((mail) => send('mail:received', mail));
  let stopNotifying: (() => void) | null = null;
  const trayShown = (): boolean =>
    tray !== null && (deps.platform !== 'linux' || deps.trayLikelyShown());

  const quit = (): void => app.quit();
  /** Windows that painted once: showing them again cannot flash white. */
  const painted = new WeakSet<BrowserWindow>();
  let isReady = false;
  /** Windows something asked to see: they show themselves once painted. */
  const wanted = new WeakSet<BrowserWindow>();
  /** The window, created hidden (it shows once painted if wanted) if there is none. */
  const ensureWindow = (): BrowserWindow => {
    const existing = alive();
    if (existing) return existing;
    const created = openMainWindow({
      createWindow: (options) => deps.createWindow(options),
      preload: deps.paths.preload,
      ...(deps.platform === 'darwin' ? {} : { icon: deps.paths.windowIcon }),
      dark: () => deps.dark(),
      openExternal: (url) => {
        deps.openExternal(url).catch((err: unknown) => logger.error(`cannot open ${url}`, err));
      },
      closeAction: () => closeAction(deps.platform, trayShown()),
      quitting: () => quitting,
      quit,
      pageChanged: () => watches.clear(),
      closed: () => {
        win = null;
        watches.clear();
      },
      showWhenReady: false,
      logger,
      now,
    });
    // Once per window (a window still loading shows itself here: no white flash); every later
    // show of a painted window is immediate.
    created.once('ready-to-show', () => {
      painted.add(created);
      if (wanted.has(created)) created.show();
    });
    win = created;
    return created;
  };
  const showWindow = (): void => {
    // A second launch can arrive before `ready`; the window is created at `ready` anyway.
    if (quitting || !isReady) return;
    const target = ensureWindow();
    wanted.add(target);
    if (target.isMinimized()) target.restore();
    if (painted.has(target) || !target.webContents.isLoading()) target.show();
    target.focus();
  };
  const openLogsFolder = async (): Promise<void> => {
    const failure = await deps.openPath(path.dirname(log.path));
    if (failure) throw new Error(failure);
  };

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

  const signIn = signInActions({
    services: () => controller.services(),
    openExternal: (url) => deps.openExternal(url),
    copy: (text) => deps.clipboard.writeText(text),
    showError: (title, message) => deps.showError(title, message),
  });

  // A second launch passes its command line here; it is not read: it only shows this window.
  app.on('second-instance', () => showWindow());
  // macOS: a click on the Dock icon after the window was closed.
  app.on('activate', () => showWindow());
  // Closing the window hides it or quits explicitly (closeAction); never an implicit quit.
  app.on('window-all-closed', () => undefined);
  const watchdog = quitWatchdog({
    stop: () => controller.stop(),
    cleanup: () => {
      unregisterIpc?.();
      stopNotifying?.();
      deps.updates?.stop();
      watches.clear();
      tray?.destroy();
      tray = null;
    },
    exit: (code) => app.exit(code),
    timeoutMs: QUIT_TIMEOUT_MS,
    ...(deps.setTimer
      ? { setTimer: (fn: () => void, ms: number) => deps.setTimer?.(fn, ms) ?? (() => undefined) }
      : {}),
    logger,
  });
  app.on('before-quit', (event) => {
    quitting = true;
    if (stopped) return;
    event.preventDefault();
    void watchdog.begin().then(() => {
      stopped = true;
      app.quit();
    });
  });
  // The GPU process died: Chromium starts a new one, but the page may stay blank; it is
  // recovered like a crashed page (reload once, then the error page).
  app.on('child-process-gone', (_event, details) => {
    const target = alive();
    if (quitting || !target || !isGpuCrash(details)) return;
    recoverWindow(
      target,
      `The GPU process stopped: ${details.reason} (exit code ${details.exitCode}).`,
    );
  });
  deps.onSignal('SIGINT', quit);
  deps.onSignal('SIGTERM', quit);

  controller.onChange((change) => {
    watches.attach(change.app.mail.hub);
    // Every mailbox, watched by the window or not (a phone script may have made it).
    stopNotifying ??= change.app.mail.hub.subscribeAll(notify, notifying);
    deps.updates?.setEnabled(change.settings.auto_updates);
    tray?.update(trayState());
    send('app:changed', toAppInfo(change.status, deps.meta, fallback.changes()));
  });

  await app.whenReady();
  isReady = true;
  if (deps.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  deps.setApplicationMenu(
    deps.buildMenu(
      appMenuTemplate(deps.platform, deps.packaged, {
        openLogsFolder: () => {
          openLogsFolder().catch((err: unknown) =>
            logger.error('cannot open the logs folder', err),
          );
        },
        showWindow,
        quit,
      }),
    ),
  );
  // Previews play from the local server; its port is known only once it listens.
  const policy = () => contentSecurityPolicy(mediaOrigin(config.host));
  deps.handleProtocol(APP_SCHEME, appProtocolHandler(deps.paths.rendererDir, policy));
  installSessionSecurity(deps.session(), isAppUrl, policy);
  const services = () => controller.services();
  unregisterIpc = registerIpcHandlers(
    deps.ipcMain,
    desktopIpc({
      controller,
      services,
      meta: deps.meta,
      clipboard: deps.clipboard,
      portChanges: () => fallback.changes(),
      loginItem: deps.loginItem,
      openLogsFolder,
      openExternal: (url) => deps.openExternal(url),
      saveDialog: deps.saveDialog,
      updates: deps.updates ?? null,
      watches,
    }),
    {
      isTrustedSender: trustedSenderCheck(() => alive()?.webContents.id ?? null, isAppUrl),
      logger,
    },
  );
  deps.updates?.onChange((state) => send('update:changed', state));
  deps.onShutdown((event) => {
    // Linux and macOS shutting down: delay it for the clean stop (bounded by the watchdog).
    event?.preventDefault();
    quit();
  });

  const ready = controller.start().then(
    (started) => {
      running = true;
      announce(deps, started, fallback.changes());
      tray?.update(trayState());
      return started;
    },
    (err: unknown) => {
      stopped = true;
      tray?.destroy();
      tray = null;
      const message = err instanceof Error ? err.message : String(err);
      logger.error(`the services did not start: ${message}`);
      if (err instanceof OtherEphemeraError) {
        deps.showError('Ephemera is already running', message);
        app.exit(0);
      } else {
        deps.showError('Ephemera cannot start', message);
        app.exit(1);
      }
      return null;
    },
  );
  // Started at login: the window loads hidden and waits for the tray or the Dock.
  const startHidden = deps.startedAtLogin?.() ?? false;
  if (startHidden) ensureWindow();
  else showWindow();
  try {
    tray = createAppTray(
      {
        createTray: (icon) => deps.createTray(icon),
        buildMenu: (template) => deps.buildMenu(template),
        icon: deps.paths.trayIcon,
        platform: deps.platform,
      },
      { open: showWindow, ...signIn, setLanSharing, copy, quit },
      trayState(),
    );
  } catch (err) {
    // No tray here: closing the window then quits (closeAction).
    logger.warn(`no tray icon: ${err instanceof Error ? err.message : String(err)}`);
  }
  // Hidden with no way back (no tray, not macOS's Dock) would be an app the user cannot reach.
  if (startHidden && deps.platform !== 'darwin' && !trayShown()) showWindow();
  const allowQuit = (): void => {
    quitting = true;
  };
  return { window: alive, showWindow, quit, allowQuit, ready };
}
