import fs from 'node:fs';
import path from 'node:path';
import type { App } from 'electron';

/**
 * What the login item starts Ephemera with (Windows' registry entry, the XDG autostart entry):
 * the shell then keeps the window hidden in the tray. desktop-args.ts drops it from the options.
 */
export const LOGIN_ARG = '--hidden';

/**
 * Whether the OS started this run at login: our argument (Windows, Linux) or macOS's
 * `wasOpenedAtLogin` (login items there take no arguments).
 */
export function startedAtLogin(
  argv: readonly string[],
  platform: NodeJS.Platform,
  app: Pick<App, 'getLoginItemSettings'>,
): boolean {
  if (argv.slice(1).includes(LOGIN_ARG)) return true;
  return platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin === true;
}

/** "Start at login": read and set. */
export interface LoginItem {
  get(): boolean;
  set(on: boolean): void;
  /**
   * The app moved (an AppImage update under a new file name): an entry that is on now starts
   * `executable`. Only where the entry names a path of ours (the Linux autostart file).
   */
  follow?(executable: string): void;
}

/**
 * Windows and macOS: Electron's login item settings. Linux has no such API in Electron: there
 * the XDG autostart entry (`~/.config/autostart/ephemera.desktop`) does it, which GNOME, KDE,
 * Xfce and the others read at login. It starts the AppImage (`$APPIMAGE`) or the executable.
 * Returns null where it cannot work (a development run: it would start a bare Electron).
 */
export function loginItem(options: {
  app: Pick<App, 'getLoginItemSettings' | 'setLoginItemSettings'>;
  platform: NodeJS.Platform;
  packaged: boolean;
  executable: string;
  env: NodeJS.ProcessEnv;
  configDir: string;
}): LoginItem | null {
  if (!options.packaged) return null;
  if (options.platform === 'darwin') {
    const { app } = options;
    return {
      get: () => app.getLoginItemSettings().openAtLogin,
      set: (on) => app.setLoginItemSettings({ openAtLogin: on }),
    };
  }
  if (options.platform === 'win32') {
    // Windows matches the entry by its arguments too: ask with the same ones.
    const { app } = options;
    const args = [LOGIN_ARG];
    return {
      get: () => app.getLoginItemSettings({ args }).openAtLogin,
      set: (on) => app.setLoginItemSettings({ openAtLogin: on, args }),
    };
  }
  if (options.platform !== 'linux') return null;
  const file = path.join(options.configDir, 'autostart', 'ephemera.desktop');
  let exec = options.env.APPIMAGE ?? options.executable;
  const write = (): void => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, autostartEntry(exec), { mode: 0o644 });
  };
  return {
    get: () => fs.existsSync(file),
    set: (on) => {
      if (on) write();
      else fs.rmSync(file, { force: true });
    },
    follow: (executable) => {
      exec = executable;
      if (fs.existsSync(file)) write();
    },
  };
}

/**
 * The XDG autostart entry. The path is quoted and escaped as the Desktop Entry spec wants:
 * `"` `` ` `` `$` `\` get a backslash inside the quotes, then backslashes double (the string
 * rule applies first when read) and `%` becomes `%%` (field codes).
 */
export function autostartEntry(exec: string): string {
  const inner = exec.replace(/(["`$\\])/g, '\\$1');
  const quoted = `"${inner}"`.replace(/\\/g, '\\\\').replace(/%/g, '%%');
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Ephemera',
    'Comment=Start Ephemera at login',
    `Exec=${quoted} ${LOGIN_ARG}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}
