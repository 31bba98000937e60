import fs from 'node:fs';
import path from 'node:path';

/**
 * What closing the window does: `hide` keeps Ephemera running where the user can get back to it
 * (the tray icon, the macOS Dock), `quit` ends it where nothing would show it. A running app
 * the user can neither see nor quit must never happen.
 */
export type CloseAction = 'hide' | 'quit';

export function closeAction(platform: NodeJS.Platform, trayShown: boolean): CloseAction {
  // macOS: the Dock icon stays; clicking it (`activate`) shows the window again.
  if (platform === 'darwin') return 'hide';
  return trayShown ? 'hide' : 'quit';
}

/** The gnome-shell extensions that show tray icons (Ubuntu's, and the upstream one). */
const APPINDICATOR_EXTENSIONS = [
  'ubuntu-appindicators@ubuntu.com',
  'appindicatorsupport@rgcjonas.gmail.com',
];

/**
 * Whether a tray icon created on Linux is likely visible. Electron creates it without error
 * even where no panel shows it, so this is a rule, not a measurement: a desktop that is GNOME
 * (XDG_CURRENT_DESKTOP lists GNOME) has no tray unless an AppIndicator extension is installed
 * (system-wide or for the user); every other desktop (KDE, Xfce, Cinnamon, MATE, Budgie,
 * Unity…) has one. EPHEMERA_TRAY=0 or 1 overrides the guess.
 */
export function linuxTrayLikelyShown(
  env: NodeJS.ProcessEnv,
  exists: (file: string) => boolean = fs.existsSync,
  home = env.HOME ?? '',
): boolean {
  if (env.EPHEMERA_TRAY === '0') return false;
  if (env.EPHEMERA_TRAY === '1') return true;
  const desktops = (env.XDG_CURRENT_DESKTOP ?? '').split(':').map((d) => d.toLowerCase());
  if (!desktops.includes('gnome')) return true;
  const dataDirs = [
    env.XDG_DATA_HOME ?? path.join(home, '.local', 'share'),
    ...(env.XDG_DATA_DIRS ?? '/usr/local/share:/usr/share').split(':'),
  ];
  return dataDirs.some((dir) =>
    APPINDICATOR_EXTENSIONS.some((ext) => exists(path.join(dir, 'gnome-shell', 'extensions', ext))),
  );
}
