import type { Menu, MenuItemConstructorOptions, Tray } from 'electron';

/** What the tray menu shows. */
export interface TrayState {
  lanSharing: boolean;
  lanUrl: string | null;
  /** A LAN switch is in progress: the item is disabled until it ends. */
  busy: boolean;
}

export interface TrayActions {
  open(): void;
  /** Opens the web UI in the default browser, signed in by a one-time link. */
  openInBrowser(): void;
  /** Copies a fresh one-time sign-in link, for another browser on this computer. */
  copySignInLink(): void;
  setLanSharing(on: boolean): void;
  copy(text: string): void;
  quit(): void;
}

/**
 * The tray's menu: open, open in browser, copy a sign-in link, share on LAN (with the address
 * to copy), quit. The two sign-in items are the desktop's way back in for a browser that lost
 * its key (the lockout messages name them, with `npm run cli -- sign-in`).
 */
export function trayMenuTemplate(
  state: TrayState,
  actions: TrayActions,
): MenuItemConstructorOptions[] {
  const items: MenuItemConstructorOptions[] = [
    { id: 'open', label: 'Open Ephemera', click: () => actions.open() },
    {
      id: 'browser',
      label: 'Open in browser',
      // Needs the services running (the link's code is made by them).
      enabled: !state.busy,
      click: () => actions.openInBrowser(),
    },
    {
      id: 'sign-in-link',
      label: 'Copy sign-in link',
      enabled: !state.busy,
      click: () => actions.copySignInLink(),
    },
    { type: 'separator' },
    {
      id: 'lan',
      label: 'Share on LAN',
      type: 'checkbox',
      checked: state.lanSharing,
      enabled: !state.busy,
      // Electron flips `checked` before calling click.
      click: (item) => actions.setLanSharing(item.checked),
    },
  ];
  if (state.lanSharing) {
    const url = state.lanUrl;
    items.push(
      url
        ? { id: 'lan-url', label: `Copy ${url}`, click: () => actions.copy(url) }
        : { id: 'lan-url', label: 'No LAN address found', enabled: false },
    );
  }
  items.push(
    { type: 'separator' },
    { id: 'quit', label: 'Quit Ephemera', click: () => actions.quit() },
  );
  return items;
}

export interface AppTrayDeps {
  createTray(icon: string): Pick<Tray, 'setToolTip' | 'setContextMenu' | 'on' | 'destroy'>;
  buildMenu(template: MenuItemConstructorOptions[]): Menu;
  icon: string;
  platform: NodeJS.Platform;
}

export interface AppTray {
  update(state: TrayState): void;
  destroy(): void;
}

/** Creates the tray icon; on Windows a click on the icon opens the window too. */
export function createAppTray(
  deps: AppTrayDeps,
  actions: TrayActions,
  initial: TrayState,
): AppTray {
  const tray = deps.createTray(deps.icon);
  tray.setToolTip('Ephemera');
  if (deps.platform === 'win32') tray.on('click', () => actions.open());
  const update = (state: TrayState): void => {
    tray.setContextMenu(deps.buildMenu(trayMenuTemplate(state, actions)));
  };
  update(initial);
  return { update, destroy: () => tray.destroy() };
}
