import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAction, linuxTrayLikelyShown } from '../../../src-main/electron/close-behaviour.ts';
import { openLogFile } from '../../../src-main/electron/log-file.ts';
import {
  autostartEntry,
  loginItem,
  startedAtLogin,
} from '../../../src-main/electron/login-item.ts';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = makeTempDir('ephemera-desktop-');
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) removeTempDir(dir);
});

describe('the log file', () => {
  it('rotates at the size limit and keeps three old files', () => {
    const dir = tempDir();
    const log = openLogFile(path.join(dir, 'logs'), 'ephemera.log', { maxBytes: 100, keep: 3 });
    for (let i = 0; i < 30; i++) log.write(`line ${String(i).padStart(2, '0')} ${'x'.repeat(20)}`);
    const files = fs.readdirSync(path.join(dir, 'logs')).sort();
    expect(files).toEqual(['ephemera.log', 'ephemera.log.1', 'ephemera.log.2', 'ephemera.log.3']);
    for (const file of files) {
      expect(fs.statSync(path.join(dir, 'logs', file)).size).toBeLessThanOrEqual(100);
    }
    expect(fs.readFileSync(log.path, 'utf8')).toContain('line 29');
    // The newest rotated file holds the lines just before the current ones.
    expect(fs.readFileSync(`${log.path}.1`, 'utf8')).toMatch(/line 2[0-9]/);
  });

  it('continues an existing file and never throws when it cannot write', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'ephemera.log'), 'before\n');
    openLogFile(dir).write('after');
    expect(fs.readFileSync(path.join(dir, 'ephemera.log'), 'utf8')).toBe('before\nafter\n');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const blocked = path.join(dir, 'file-not-folder');
    fs.writeFileSync(blocked, '');
    const log = openLogFile(blocked);
    expect(() => log.write('x')).not.toThrow();
    expect(() => log.write('y')).not.toThrow();
    expect(stderr).toHaveBeenCalledOnce();
    stderr.mockRestore();
  });
});

describe('closing the window', () => {
  it('hides where something brings it back, quits elsewhere', () => {
    expect(closeAction('darwin', false)).toBe('hide');
    expect(closeAction('win32', true)).toBe('hide');
    expect(closeAction('linux', true)).toBe('hide');
    expect(closeAction('linux', false)).toBe('quit');
    expect(closeAction('win32', false)).toBe('quit');
  });

  it('guesses a Linux tray: GNOME needs an AppIndicator extension, other desktops have one', () => {
    const none = () => false;
    expect(linuxTrayLikelyShown({ XDG_CURRENT_DESKTOP: 'KDE' }, none)).toBe(true);
    expect(linuxTrayLikelyShown({ XDG_CURRENT_DESKTOP: 'XFCE' }, none)).toBe(true);
    expect(linuxTrayLikelyShown({ XDG_CURRENT_DESKTOP: 'GNOME', HOME: '/h' }, none)).toBe(false);
    const ubuntu = (file: string) =>
      file === '/usr/share/gnome-shell/extensions/ubuntu-appindicators@ubuntu.com';
    expect(linuxTrayLikelyShown({ XDG_CURRENT_DESKTOP: 'ubuntu:GNOME', HOME: '/h' }, ubuntu)).toBe(
      true,
    );
    const user = (file: string) =>
      file === '/h/.local/share/gnome-shell/extensions/appindicatorsupport@rgcjonas.gmail.com';
    expect(linuxTrayLikelyShown({ XDG_CURRENT_DESKTOP: 'GNOME', HOME: '/h' }, user)).toBe(true);
    expect(linuxTrayLikelyShown({ XDG_CURRENT_DESKTOP: 'GNOME', EPHEMERA_TRAY: '1' }, none)).toBe(
      true,
    );
    expect(linuxTrayLikelyShown({ XDG_CURRENT_DESKTOP: 'KDE', EPHEMERA_TRAY: '0' }, none)).toBe(
      false,
    );
  });
});

describe('start at login', () => {
  const electronApp = () => {
    let on = false;
    return {
      getLoginItemSettings: () => ({ openAtLogin: on }) as never,
      setLoginItemSettings: vi.fn((s: { openAtLogin?: boolean }) => {
        on = s.openAtLogin ?? false;
      }),
    };
  };
  const base = { executable: '/opt/Ephemera/ephemera', env: {}, configDir: '/cfg' };

  it('is not offered in development runs (it would start a bare Electron)', () => {
    const app = electronApp();
    expect(loginItem({ ...base, app, platform: 'win32', packaged: false })).toBeNull();
  });

  it('uses Electron on Windows and macOS', () => {
    const app = electronApp();
    const item = loginItem({ ...base, app, platform: 'darwin', packaged: true });
    expect(item?.get()).toBe(false);
    item?.set(true);
    expect(app.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: true });
    expect(item?.get()).toBe(true);
  });

  it('Windows: the login entry carries --hidden, and is read back with the same arguments', () => {
    let entry: { openAtLogin?: boolean; args?: string[] } = {};
    const app = {
      getLoginItemSettings: vi.fn((q?: { args?: string[] }) => ({
        openAtLogin: entry.openAtLogin === true && q?.args?.join() === entry.args?.join(),
      })) as never,
      setLoginItemSettings: vi.fn((s: { openAtLogin?: boolean; args?: string[] }) => {
        entry = s;
      }),
    };
    const item = loginItem({ ...base, app, platform: 'win32', packaged: true });
    item?.set(true);
    expect(app.setLoginItemSettings).toHaveBeenCalledWith({
      openAtLogin: true,
      args: ['--hidden'],
    });
    expect(item?.get()).toBe(true);
  });

  it('knows a start at login: --hidden, or macOS wasOpenedAtLogin', () => {
    const app = (was: boolean) => ({
      getLoginItemSettings: () => ({ openAtLogin: true, wasOpenedAtLogin: was }) as never,
    });
    expect(startedAtLogin(['/opt/e', '--hidden'], 'linux', app(false))).toBe(true);
    expect(startedAtLogin(['/opt/e', '--port', '9'], 'win32', app(true))).toBe(false);
    expect(startedAtLogin(['/A.app/x'], 'darwin', app(true))).toBe(true);
    expect(startedAtLogin(['/A.app/x'], 'darwin', app(false))).toBe(false);
    // argv[0] is the executable, never an argument.
    expect(startedAtLogin(['--hidden'], 'linux', app(false))).toBe(false);
  });

  it('writes and removes an XDG autostart entry on Linux, starting the AppImage', () => {
    const configDir = tempDir();
    const item = loginItem({
      ...base,
      app: electronApp(),
      platform: 'linux',
      packaged: true,
      env: { APPIMAGE: '/home/me/Apps/Ephemera 1.0.AppImage' },
      configDir,
    });
    const file = path.join(configDir, 'autostart', 'ephemera.desktop');
    expect(item?.get()).toBe(false);
    item?.set(true);
    expect(item?.get()).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toContain(
      'Exec="/home/me/Apps/Ephemera 1.0.AppImage" --hidden\n',
    );
    item?.set(false);
    expect(fs.existsSync(file)).toBe(false);
    expect(item?.get()).toBe(false);
  });

  it('follows the AppImage to its new name after an update, only when the entry is on', () => {
    const configDir = tempDir();
    const item = loginItem({
      ...base,
      app: electronApp(),
      platform: 'linux',
      packaged: true,
      env: { APPIMAGE: '/home/me/Apps/Ephemera-1.0.0-linux-x86_64.AppImage' },
      configDir,
    });
    const file = path.join(configDir, 'autostart', 'ephemera.desktop');
    item?.follow?.('/home/me/Apps/Ephemera-1.1.0-linux-x86_64.AppImage');
    expect(fs.existsSync(file)).toBe(false);
    item?.set(true);
    expect(fs.readFileSync(file, 'utf8')).toContain(
      'Ephemera-1.1.0-linux-x86_64.AppImage" --hidden',
    );
    item?.follow?.('/home/me/Apps/Ephemera-1.2.0-linux-x86_64.AppImage');
    expect(fs.readFileSync(file, 'utf8')).toContain(
      'Ephemera-1.2.0-linux-x86_64.AppImage" --hidden',
    );
  });

  it('quotes and escapes the path as the Desktop Entry spec wants', () => {
    expect(autostartEntry('/opt/a "b" $c 100%')).toContain(
      'Exec="/opt/a \\\\"b\\\\" \\\\$c 100%%"',
    );
  });
});
