import type { MenuItemConstructorOptions } from 'electron';

export interface AppMenuActions {
  openLogsFolder(): void;
  /** Shows the window (macOS: the app menu's "Show Ephemera" after closing it). */
  showWindow(): void;
  quit(): void;
}

/**
 * The application menu. Edit roles make copy, paste and select-all work in the window (the
 * keyboard shortcuts go through the menu on macOS). View has zoom and full screen; reload and
 * the developer tools only in development (`packaged` false). Help opens the logs folder.
 */
export function appMenuTemplate(
  platform: NodeJS.Platform,
  packaged: boolean,
  actions: AppMenuActions,
): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const view: MenuItemConstructorOptions[] = [
    ...(packaged
      ? []
      : ([
          { role: 'reload' },
          { role: 'forceReload' },
          { role: 'toggleDevTools' },
          { type: 'separator' },
        ] satisfies MenuItemConstructorOptions[])),
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  const quit: MenuItemConstructorOptions = {
    id: 'quit',
    label: 'Quit Ephemera',
    accelerator: 'CmdOrCtrl+Q',
    click: () => actions.quit(),
  };
  return [
    ...(mac
      ? [
          {
            label: 'Ephemera',
            submenu: [
              { role: 'about' },
              { type: 'separator' },
              { role: 'hide' },
              { role: 'hideOthers' },
              { role: 'unhide' },
              { type: 'separator' },
              quit,
            ],
          } satisfies MenuItemConstructorOptions,
        ]
      : [
          {
            label: 'File',
            submenu: [{ role: 'close' }, quit],
          } satisfies MenuItemConstructorOptions,
        ]),
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        ...(mac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
        { role: 'delete' },
        { type: 'separator' },
        { role: 'selectAll' },
      ],
    },
    { label: 'View', submenu: view },
    {
      label: 'Window',
      submenu: [
        { id: 'show', label: 'Show Ephemera', click: () => actions.showWindow() },
        { role: 'minimize' },
        ...(mac ? [{ role: 'zoom' } as const, { role: 'front' } as const] : []),
      ],
    },
    {
      role: 'help',
      submenu: [
        { id: 'open-logs', label: 'Open Logs Folder', click: () => actions.openLogsFolder() },
      ],
    },
  ];
}
