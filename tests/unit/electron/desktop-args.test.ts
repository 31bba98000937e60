import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { desktopArgs } from '../../../src-main/electron/desktop-args.ts';
import { desktopPaths, trayIconName } from '../../../src-main/electron/desktop-paths.ts';

describe('desktopArgs', () => {
  it('drops electron and the app folder in development, the executable once packaged', () => {
    expect(desktopArgs(['/x/electron', '/app', '--port', '9000'], true)).toEqual([
      '--port',
      '9000',
    ]);
    expect(desktopArgs(['/opt/Ephemera/ephemera', '--data-dir', '/d'], false)).toEqual([
      '--data-dir',
      '/d',
    ]);
  });

  it('drops macOS process serial numbers and Chromium switches', () => {
    expect(
      desktopArgs(
        [
          '/x',
          '-psn_0_12345',
          '--no-sandbox',
          '--enable-features=X',
          '--inspect=9229',
          '--port',
          '1',
        ],
        false,
      ),
    ).toEqual(['--port', '1']);
  });
});

describe('desktopPaths', () => {
  it('finds the preload bundle and a tray icon per OS', () => {
    const paths = desktopPaths('/app', 'linux');
    expect(paths.preload).toBe(path.join('/app', 'dist', 'preload', 'preload.cjs'));
    expect(paths.trayIcon).toBe(path.join('/app', 'resources', 'tray', 'tray-linux.png'));
    expect(trayIconName('darwin')).toBe('trayTemplate.png');
    expect(trayIconName('win32')).toBe('tray.png');
  });

  it('points at icons that exist in resources/', () => {
    const root = path.resolve(import.meta.dirname, '..', '..', '..');
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const paths = desktopPaths(root, platform);
      expect(fs.existsSync(paths.trayIcon)).toBe(true);
      expect(fs.existsSync(paths.windowIcon)).toBe(true);
    }
  });
});
