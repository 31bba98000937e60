import path from 'node:path';
import type { BrowserWindow } from 'electron';
import type { RunningApp } from '../app/compose.ts';
import { ConfigError, type AppConfig } from '../app/config.ts';
import { addLogSink } from '../core/logger.ts';
import { appMenuTemplate } from './app-menu.ts';
import { APP_SCHEME, isAppUrl } from './app-origin.ts';
import { contentSecurityPolicy } from '../../src-shared/web/csp.ts';
import { installSessionSecurity } from './csp.ts';
import type { DesktopController, DesktopDeps } from './desktop-deps.ts';
import { lanTray } from './lan-tray.ts';
import { recoverWindow } from './main-window.ts';
import { quitSequence } from './quit-sequence.ts';
import { windowKeeper, type WindowKeeper } from './window-keeper.ts';
import { toAppInfo } from './app.ipc.ts';
import { desktopIpc } from './ipc-handlers.ts';
import { registerIpcHandlers, trustedSenderCheck } from './ipc-register.ts';
import { MailWatch } from './mail-watch.ts';
import { isGpuCrash } from './fatal-errors.ts';
import { createCodeNotifier } from './notifications.ts';
import { OtherEphemeraError, portFallback } from './port-fallback.ts';
import { appProtocolHandler } from './protocol.ts';
import { announce, mediaOrigin } from './start-announce.ts';
import { signInActions } from './sign-in-actions.ts';

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
  const quit = (): void => app.quit();
  let unregisterIpc: (() => void) | null = null;
  let stopNotifying: (() => void) | null = null;
  const tray = lanTray(deps, controller);
  const exit = quitSequence({
    app,
    stop: () => controller.stop(),
    cleanup: () => {
      unregisterIpc?.();
      stopNotifying?.();
      deps.updates?.stop();
      watches.clear();
      tray.destroy();
    },
    timeoutMs: QUIT_TIMEOUT_MS,
    ...(deps.setTimer
      ? { setTimer: (fn: () => void, ms: number) => deps.setTimer?.(fn, ms) ?? (() => undefined) }
      : {}),
    logger,
  });
  const window = windowKeeper({
    deps,
    now,
    quitting: () => exit.quitting(),
    quit,
    trayShown: () => tray.shown(),
    pageGone: () => watches.clear(),
  });
  const watches = new MailWatch((mail) => window.send('mail:received', mail));
  const copy = (text: string): void => {
    deps.clipboard.writeText(text).catch((err: unknown) => logger.error('cannot copy', err));
  };
  const notify = codeNotifier(deps, controller, window, copy);
  const openLogsFolder = async (): Promise<void> => {
    const failure = await deps.openPath(path.dirname(log.path));
    if (failure) throw new Error(failure);
  };

  // A second launch passes its command line here; it is not read: it only shows this window.
  app.on('second-instance', () => window.show());
  // macOS: a click on the Dock icon after the window was closed.
  app.on('activate', () => window.show());
  // Closing the window hides it or quits explicitly (closeAction); never an implicit quit.
  app.on('window-all-closed', () => undefined);
  // The GPU process died: Chromium starts a new one, but the page may stay blank; it is
  // recovered like a crashed page (reload once, then the error page).
  app.on('child-process-gone', (_event, details) => {
    const target = window.alive();
    if (exit.quitting() || !target || !isGpuCrash(details)) return;
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
    stopNotifying ??= change.app.mail.hub.subscribeAll(notify.notify, notify.enabled);
    deps.updates?.setEnabled(change.settings.auto_updates);
    tray.update();
    window.send('app:changed', toAppInfo(change.status, deps.meta, fallback.changes()));
  });

  await app.whenReady();
  window.markReady();
  if (deps.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  deps.setApplicationMenu(
    deps.buildMenu(
      appMenuTemplate(deps.platform, deps.packaged, {
        openLogsFolder: () => {
          openLogsFolder().catch((err: unknown) =>
            logger.error('cannot open the logs folder', err),
          );
        },
        showWindow: window.show,
        quit,
      }),
    ),
  );
  // Previews play from the local server; its port is known only once it listens.
  const policy = () => contentSecurityPolicy(mediaOrigin(config.host));
  deps.handleProtocol(APP_SCHEME, appProtocolHandler(deps.paths.rendererDir, policy));
  installSessionSecurity(deps.session(), isAppUrl, policy);
  unregisterIpc = registerIpcHandlers(
    deps.ipcMain,
    desktopIpc({
      controller,
      services: () => controller.services(),
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
      isTrustedSender: trustedSenderCheck(() => window.alive()?.webContents.id ?? null, isAppUrl),
      logger,
    },
  );
  deps.updates?.onChange((state) => window.send('update:changed', state));
  deps.onShutdown((event) => {
    // Linux and macOS shutting down: delay it for the clean stop (bounded by the watchdog).
    event?.preventDefault();
    quit();
  });

  const ready = controller.start().then(
    (started) => {
      announce(deps, started, fallback.changes());
      tray.markRunning();
      return started;
    },
    (err: unknown) => {
      exit.markStopped();
      tray.destroy();
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
  if (startHidden) window.ensure();
  else window.show();
  const signIn = signInActions({
    services: () => controller.services(),
    openExternal: (url) => deps.openExternal(url),
    copy: (text) => deps.clipboard.writeText(text),
    showError: (title, message) => deps.showError(title, message),
  });
  tray.create({ open: window.show, ...signIn, copy, quit });
  // Hidden with no way back (no tray, not macOS's Dock) would be an app the user cannot reach.
  if (startHidden && deps.platform !== 'darwin' && !tray.shown()) window.show();
  return {
    window: window.alive,
    showWindow: window.show,
    quit,
    allowQuit: exit.allowQuit,
    ready,
  };
}

/** Code notifications: on in settings, supported here, and the window not in front. */
function codeNotifier(
  deps: DesktopDeps,
  controller: DesktopController,
  window: WindowKeeper,
  copy: (text: string) => void,
) {
  const enabled = (): boolean =>
    deps.notificationsSupported() &&
    controller.codeNotifications &&
    !(window.alive()?.isVisible() && window.alive()?.isFocused());
  const notify = createCodeNotifier({
    create: (options) => deps.createNotification(options),
    copy,
    openExternal: (url) => {
      deps.openExternal(url).catch((err: unknown) => deps.logger.error('cannot open link', err));
    },
    enabled,
  });
  return { notify, enabled };
}
