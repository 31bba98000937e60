import type { BrowserWindow } from 'electron';
import type { IpcEventChannel, IpcEventPayload } from '../../src-shared/ipc/desktop-contract.ts';
import { closeAction } from './close-behaviour.ts';
import type { DesktopDeps } from './desktop-deps.ts';
import { openMainWindow } from './main-window.ts';

export interface WindowKeeperDeps {
  deps: Pick<
    DesktopDeps,
    'createWindow' | 'paths' | 'platform' | 'dark' | 'openExternal' | 'logger'
  >;
  now: () => number;
  /** The app is quitting: closing the window then lets it go. */
  quitting: () => boolean;
  quit: () => void;
  /** A tray icon the person can see (closing the window hides it there). */
  trayShown: () => boolean;
  /** The page went away (navigated, reloaded, closed): its live mail watches end. */
  pageGone: () => void;
}

/** The one app window: made on demand, shown once painted, pushed to while alive. */
export interface WindowKeeper {
  /** The window, unless there is none or it was destroyed. */
  alive: () => BrowserWindow | null;
  /** The window, created hidden (it shows once painted if wanted) if there is none. */
  ensure: () => BrowserWindow;
  /** Shows, restores and focuses the window (after `ready`; never while quitting). */
  show: () => void;
  /** Electron is ready: windows may be made from now on. */
  markReady: () => void;
  send: <E extends IpcEventChannel>(channel: E, payload: IpcEventPayload<E>) => void;
}

export function windowKeeper(keeper: WindowKeeperDeps): WindowKeeper {
  const { deps } = keeper;
  let win: BrowserWindow | null = null;
  let isReady = false;
  /** Windows that painted once: showing them again cannot flash white. */
  const painted = new WeakSet<BrowserWindow>();
  /** Windows something asked to see: they show themselves once painted. */
  const wanted = new WeakSet<BrowserWindow>();

  const alive = (): BrowserWindow | null => (win && !win.isDestroyed() ? win : null);
  const ensure = (): BrowserWindow => {
    const existing = alive();
    if (existing) return existing;
    const created = openMainWindow({
      createWindow: (options) => deps.createWindow(options),
      preload: deps.paths.preload,
      ...(deps.platform === 'darwin' ? {} : { icon: deps.paths.windowIcon }),
      dark: () => deps.dark(),
      openExternal: (url) => {
        deps
          .openExternal(url)
          .catch((err: unknown) => deps.logger.error(`cannot open ${url}`, err));
      },
      closeAction: () => closeAction(deps.platform, keeper.trayShown()),
      quitting: keeper.quitting,
      quit: keeper.quit,
      pageChanged: keeper.pageGone,
      closed: () => {
        win = null;
        keeper.pageGone();
      },
      showWhenReady: false,
      logger: deps.logger,
      now: keeper.now,
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
  return {
    alive,
    ensure,
    show: () => {
      // A second launch can arrive before `ready`; the window is created at `ready` anyway.
      if (keeper.quitting() || !isReady) return;
      const target = ensure();
      wanted.add(target);
      if (target.isMinimized()) target.restore();
      if (painted.has(target) || !target.webContents.isLoading()) target.show();
      target.focus();
    },
    markReady: () => {
      isReady = true;
    },
    send: (channel, payload) => {
      alive()?.webContents.send(channel, payload);
    },
  };
}
