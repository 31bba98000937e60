import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src-main/app/config.ts';
import { desktopArgs } from '../../../src-main/electron/desktop-args.ts';
import { desktopPaths, trayIconName } from '../../../src-main/electron/desktop-paths.ts';

describe('desktopArgs', () => {
  it("keeps Ephemera's own options, with or without =value, after electron and its app folder", () => {
    expect(desktopArgs(['/x/electron', '/app', '--port', '9000', '--smtp-port=2600'])).toEqual([
      '--port',
      '9000',
      '--smtp-port=2600',
    ]);
    expect(
      desktopArgs([
        '/opt/Ephemera/ephemera',
        '--data-dir',
        '/d',
        '--domain',
        'a.org',
        '--headless',
      ]),
    ).toEqual(['--data-dir', '/d', '--domain', 'a.org', '--headless']);
  });

  it('drops what launchers, the OS and Chromium add', () => {
    expect(
      desktopArgs([
        '/opt/Ephemera/ephemera',
        '--ozone-platform-hint=auto',
        '--enable-wayland-ime',
        '--lang=de',
        '-NSDocumentRevisionsDebugMode',
        'YES',
        '-psn_0_12345',
        '--no-sandbox',
        '--inspect=9229',
        '/home/me/Downloads/report.pdf',
        '%U',
        'https://example.org/x',
        '--unknown-flag',
        '--port',
        '1',
      ]),
    ).toEqual(['--port', '1']);
  });

  it('takes the value of its own option even when it looks like a flag, and stops at --', () => {
    expect(desktopArgs(['/x', '--proxy', '--lang=de', '--', '--port', '1'])).toEqual([
      '--proxy',
      '--lang=de',
    ]);
  });

  it('passes its own option with a bad value on, for loadConfig to explain', () => {
    const args = desktopArgs(['/x', '--port', 'abc', '--lang=de']);
    expect(args).toEqual(['--port', 'abc']);
    expect(() => loadConfig(args, {})).toThrow(ConfigError);
  });

  it('gives loadConfig nothing it refuses, whatever else is on the line', () => {
    const config = loadConfig(
      desktopArgs(['/x', '.', '--enable-wayland-ime', '-NSFoo', 'YES', '%U', '--port=9100']),
      {},
    );
    expect(config.port).toBe(9100);
  });

  it('the headless command line stays strict', () => {
    expect(() => loadConfig(['--lang=de'], {})).toThrow(ConfigError);
    expect(() => loadConfig(['/some/file'], {})).toThrow(ConfigError);
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
