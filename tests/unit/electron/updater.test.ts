import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHECK_EVERY_MS,
  FIRST_CHECK_MS,
  releasesPage,
  startUpdateChecks,
  updateMode,
  type UpdateMode,
  type UpdaterLike,
} from '../../../src-main/electron/updater.ts';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir.ts';

class FakeUpdater extends EventEmitter implements UpdaterLike {
  autoDownload = true;
  autoInstallOnAppQuit = true;
  checks = 0;
  fail: Error | null = null;
  checkForUpdates(): Promise<unknown> {
    this.checks++;
    return this.fail ? Promise.reject(this.fail) : Promise.resolve(null);
  }
}

function setup(mode: UpdateMode, options: { loadFails?: boolean; page?: string | null } = {}) {
  const updater = new FakeUpdater();
  const timers: { fn: () => void; ms: number; repeat: boolean; cancelled: boolean }[] = [];
  const notices: { title: string; body: string; onClick?: () => void }[] = [];
  const opened: string[] = [];
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const load = vi.fn(() =>
    options.loadFails ? Promise.reject(new Error('no app-update.yml')) : Promise.resolve(updater),
  );
  const stop = startUpdateChecks({
    mode,
    load,
    notify: (title, body, onClick) => notices.push({ title, body, onClick }),
    releasesPage:
      options.page === undefined ? 'https://github.com/o/r/releases/latest' : options.page,
    openExternal: (url) => opened.push(url),
    logger,
    schedule: (fn, ms, repeat) => {
      const timer = { fn, ms, repeat, cancelled: false };
      timers.push(timer);
      return () => (timer.cancelled = true);
    },
  });
  const fire = async (at: number) => {
    timers[at]?.fn();
    await vi.waitFor(() => expect(load).toHaveBeenCalled());
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { updater, timers, notices, opened, logger, load, stop, fire };
}

describe('updates', () => {
  it('checks only in packaged builds; installs itself where the format allows', () => {
    expect(updateMode('win32', false, {})).toBe('off');
    expect(updateMode('win32', true, {})).toBe('auto');
    expect(updateMode('linux', true, { APPIMAGE: '/a/Ephemera.AppImage' })).toBe('auto');
    expect(updateMode('linux', true, {})).toBe('notice');
    expect(updateMode('darwin', true, {})).toBe('notice');
    expect(updateMode('win32', true, { EPHEMERA_NO_UPDATES: '1' })).toBe('off');
  });

  it('off: never loads electron-updater nor schedules anything', () => {
    const s = setup('off');
    expect(s.timers).toEqual([]);
    expect(s.load).not.toHaveBeenCalled();
  });

  it('auto: first check after the start, then every 6 hours; downloads and installs at quit', async () => {
    const s = setup('auto');
    expect(s.timers.map((t) => [t.ms, t.repeat])).toEqual([
      [FIRST_CHECK_MS, false],
      [CHECK_EVERY_MS, true],
    ]);
    expect(s.load).not.toHaveBeenCalled();
    await s.fire(0);
    expect(s.updater.checks).toBe(1);
    expect(s.updater).toMatchObject({ autoDownload: true, autoInstallOnAppQuit: true });
    s.updater.emit('update-available', { version: '0.2.0' });
    expect(s.notices).toEqual([]);
    s.updater.emit('update-downloaded', { version: '0.2.0' });
    expect(s.notices[0]?.title).toBe('Ephemera 0.2.0 is ready');
    await s.fire(1);
    expect(s.updater.checks).toBe(2);
    expect(s.load).toHaveBeenCalledOnce();
    s.stop();
    expect(s.timers.every((t) => t.cancelled)).toBe(true);
  });

  it('notice: downloads nothing, tells of the new version, a click opens the releases page', async () => {
    const s = setup('notice');
    await s.fire(0);
    expect(s.updater).toMatchObject({ autoDownload: false, autoInstallOnAppQuit: false });
    s.updater.emit('update-available', { version: '0.2.0' });
    expect(s.notices[0]?.title).toBe('Ephemera 0.2.0 is available');
    s.notices[0]?.onClick?.();
    expect(s.opened).toEqual(['https://github.com/o/r/releases/latest']);
  });

  it('a failing check or a missing updater is a warning, never a crash', async () => {
    const s = setup('auto', { loadFails: true });
    await s.fire(0);
    expect(s.logger.warn).toHaveBeenCalledWith('updates unavailable: no app-update.yml');
    const t = setup('auto');
    t.updater.fail = new Error('offline');
    await t.fire(0);
    await vi.waitFor(() =>
      expect(t.logger.warn).toHaveBeenCalledWith('update check failed: offline'),
    );
    t.updater.emit('error', new Error('bad signature'));
    expect(t.logger.warn).toHaveBeenCalledWith('update check failed: bad signature');
  });
});

describe('releasesPage', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach(removeTempDir));
  const withFile = (text: string | null) => {
    const dir = makeTempDir('ephemera-updates-');
    dirs.push(dir);
    if (text !== null) fs.writeFileSync(path.join(dir, 'app-update.yml'), text);
    return dir;
  };

  it('reads owner and repo of a GitHub publish config', () => {
    expect(
      releasesPage(
        withFile('owner: someone\nrepo: ephemera\nprovider: github\nupdaterCacheDirName: x\n'),
      ),
    ).toBe('https://github.com/someone/ephemera/releases/latest');
    expect(releasesPage(withFile(null))).toBeNull();
    expect(releasesPage(withFile('provider: generic\nurl: https://x/\n'))).toBeNull();
    expect(releasesPage(withFile('owner: a/../b\nrepo: r\nprovider: github\n'))).toBeNull();
  });
});
