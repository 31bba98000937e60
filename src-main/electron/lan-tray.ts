import type { DesktopController, DesktopDeps } from './desktop-deps.ts';
import { createAppTray, type AppTray, type TrayActions, type TrayState } from './tray.ts';

/**
 * The tray icon and the LAN switch it shows: whether the services run, and whether a switch
 * is under way (the item is disabled until it ends).
 */
export interface LanTray {
  /** Creates the icon; false where the system has no tray (closing the window then quits). */
  create: (actions: Omit<TrayActions, 'setLanSharing'>) => boolean;
  /** Redraws the menu from the controller's state now. */
  update: () => void;
  /** The services are up: the LAN item becomes usable. */
  markRunning: () => void;
  /** Switches LAN sharing (rebinding in place); a failure is shown, the item re-enabled. */
  setLanSharing: (on: boolean) => void;
  /** A tray icon the person can see (Linux desktops may hide it). */
  shown: () => boolean;
  destroy: () => void;
}

export function lanTray(
  deps: Pick<
    DesktopDeps,
    'createTray' | 'buildMenu' | 'paths' | 'platform' | 'showError' | 'trayLikelyShown' | 'logger'
  >,
  controller: Pick<DesktopController, 'status' | 'updateSettings'>,
): LanTray {
  let tray: AppTray | null = null;
  let running = false;
  let lanBusy = false;
  const state = (): TrayState => {
    const status = running ? controller.status() : null;
    return {
      lanSharing: status?.lanSharing ?? false,
      lanUrl: status?.lanUrl ?? null,
      busy: lanBusy || !running,
    };
  };
  const update = (): void => tray?.update(state());
  const setLanSharing = (on: boolean): void => {
    lanBusy = true;
    update();
    controller
      .updateSettings({ lan_enabled: on })
      .catch((err: unknown) => {
        deps.showError('Share on LAN', err instanceof Error ? err.message : String(err));
      })
      .finally(() => {
        lanBusy = false;
        update();
      });
  };
  return {
    create(actions) {
      try {
        tray = createAppTray(
          {
            createTray: (icon) => deps.createTray(icon),
            buildMenu: (template) => deps.buildMenu(template),
            icon: deps.paths.trayIcon,
            platform: deps.platform,
          },
          { ...actions, setLanSharing },
          state(),
        );
        return true;
      } catch (err) {
        // No tray here: closing the window then quits (closeAction).
        deps.logger.warn(`no tray icon: ${err instanceof Error ? err.message : String(err)}`);
        return false;
      }
    },
    update,
    markRunning() {
      running = true;
      update();
    },
    setLanSharing,
    shown: () => tray !== null && (deps.platform !== 'linux' || deps.trayLikelyShown()),
    destroy() {
      tray?.destroy();
      tray = null;
    },
  };
}
