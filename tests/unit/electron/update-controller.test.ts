import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { UpdateMode, UpdateState } from '../../../src-shared/ipc/update-schemas.ts';
import {
  CHECK_EVERY_MS,
  FIRST_CHECK_MS,
  UpdateController,
} from '../../../src-main/electron/update-controller.ts';
import type { UpdaterLike } from '../../../src-main/electron/updater.ts';

/** electron-updater's autoUpdater, faked: each check runs what the test queued. */
class FakeUpdater extends EventEmitter implements UpdaterLike {
  autoDownload = true;
  autoInstallOnAppQuit = true;
  checks = 0;
  installs: [boolean | undefined, boolean | undefined][] = [];
  /** What the next check does. */
  next: (u: FakeUpdater) => Promise<unknown> = () => Promise.resolve(null);
  checkForUpdates(): Promise<unknown> {
    this.checks++;
    return this.next(this);
  }
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void {
    this.installs.push([isSilent, isForceRunAfter]);
  }
}

const PAGE = 'https://github.com/o/r/releases/latest';

function setup(mode: UpdateMode, options: { loadFails?: boolean; noticed?: string } = {}) {
  const updater = new FakeUpdater();
  const timers: { fn: () => void; ms: number; repeat: boolean; cancelled: boolean }[] = [];
  const notices: { title: string; body: string; onClick?: () => void }[] = [];
  const opened: string[] = [];
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  let noticed: string | null = options.noticed ?? null;
  const beforeInstall = vi.fn();
  const appImageMoved = vi.fn();
  const load = vi.fn(() =>
    options.loadFails ? Promise.reject(new Error('no app-update.yml')) : Promise.resolve(updater),
  );
  const controller = new UpdateController({
    mode,
    current: '0.1.0',
    load,
    notify: (title, body, onClick) => notices.push({ title, body, onClick }),
    downloadPage: PAGE,
    openExternal: (url) => opened.push(url),
    noticed: { get: () => noticed, set: (v) => (noticed = v) },
    beforeInstall,
    appImageMoved,
    logger,
    schedule: (fn, ms, repeat) => {
      const timer = { fn, ms, repeat, cancelled: false };
      timers.push(timer);
      return () => (timer.cancelled = true);
    },
    now: () => Date.parse('2026-11-26T12:00:00.000Z'),
  });
  const states: UpdateState[] = [];
  controller.onChange((s) => states.push(s));
  return {
    controller,
    updater,
    timers,
    notices,
    opened,
    logger,
    load,
    beforeInstall,
    appImageMoved,
    states,
  };
}

/** A check that finds `version` (and, in install mode, downloads it). */
const finds =
  (version: string, download: boolean) =>
  (u: FakeUpdater): Promise<unknown> => {
    u.emit('checking-for-update');
    u.emit('update-available', { version });
    if (download) {
      u.emit('download-progress', { percent: 42.5 });
      u.emit('update-downloaded', { version });
    }
    return Promise.resolve({ version });
  };

describe('UpdateController (Settings → Updates)', () => {
  it('on: first check 15 s after the start, then every 6 hours; off cancels both', () => {
    const s = setup('install');
    expect(s.controller.state()).toMatchObject({ enabled: false, phase: 'off' });
    s.controller.setEnabled(true);
    expect(s.timers.map((t) => [t.ms, t.repeat])).toEqual([
      [FIRST_CHECK_MS, false],
      [CHECK_EVERY_MS, true],
    ]);
    expect(s.controller.state()).toMatchObject({ enabled: true, phase: 'idle' });
    expect(s.load).not.toHaveBeenCalled();
    s.controller.setEnabled(true);
    expect(s.timers).toHaveLength(2);
    s.controller.setEnabled(false);
    expect(s.timers.every((t) => t.cancelled)).toBe(true);
    expect(s.controller.state()).toMatchObject({ enabled: false, phase: 'off' });
  });

  it('development runs: nothing scheduled, nothing loaded, a check answers the state', async () => {
    const s = setup('none');
    s.controller.setEnabled(true);
    expect(s.timers).toEqual([]);
    expect(await s.controller.check()).toMatchObject({ mode: 'none', phase: 'off' });
    expect(s.load).not.toHaveBeenCalled();
  });

  it('install: downloads in the background, installs at quit, "Restart to update" installs now', async () => {
    const s = setup('install');
    s.updater.next = finds('0.2.0', true);
    const state = await s.controller.check();
    expect(s.updater).toMatchObject({ autoDownload: true, autoInstallOnAppQuit: true });
    expect(state).toMatchObject({
      phase: 'ready',
      current: '0.1.0',
      available: '0.2.0',
      percent: 100,
      checkedAt: '2026-11-26T12:00:00.000Z',
    });
    expect(s.states.map((x) => x.phase)).toContain('downloading');
    expect(s.states.find((x) => x.phase === 'downloading' && x.percent !== null)?.percent).toBe(
      42.5,
    );
    expect(s.notices.map((n) => n.title)).toEqual(['Ephemera 0.2.0 is ready']);
    // A check while ready does not start over.
    await s.controller.check();
    expect(s.updater.checks).toBe(1);
    await s.controller.apply();
    expect(s.beforeInstall).toHaveBeenCalledOnce();
    expect(s.updater.installs).toEqual([[false, true]]);
  });

  it('an AppImage update under a new file name is passed on (the login item follows it)', async () => {
    const s = setup('install');
    s.updater.next = finds('0.2.0', true);
    await s.controller.check();
    expect(s.appImageMoved).not.toHaveBeenCalled();
    s.updater.emit('appimage-filename-updated', '/home/me/Ephemera-0.2.0-linux-x86_64.AppImage');
    expect(s.appImageMoved).toHaveBeenCalledWith('/home/me/Ephemera-0.2.0-linux-x86_64.AppImage');
  });

  it('download-page: downloads nothing; the notice and "Update" open the releases page', async () => {
    const s = setup('download-page');
    s.updater.next = finds('0.2.0', false);
    const state = await s.controller.check();
    expect(s.updater).toMatchObject({ autoDownload: false, autoInstallOnAppQuit: false });
    expect(state).toMatchObject({ phase: 'available', available: '0.2.0', downloadPage: PAGE });
    expect(s.notices[0]?.title).toBe('Ephemera 0.2.0 is available');
    s.notices[0]?.onClick?.();
    await s.controller.apply();
    expect(s.opened).toEqual([PAGE, PAGE]);
    expect(s.updater.installs).toEqual([]);
    expect(s.beforeInstall).not.toHaveBeenCalled();
  });

  it('the "available" notice appears once per version, also across starts', async () => {
    const s = setup('download-page', { noticed: '0.2.0' });
    s.updater.next = finds('0.2.0', false);
    await s.controller.check();
    await s.controller.check();
    expect(s.notices).toEqual([]);
    s.updater.next = finds('0.3.0', false);
    await s.controller.check();
    await s.controller.check();
    expect(s.notices.map((n) => n.title)).toEqual(['Ephemera 0.3.0 is available']);
  });

  it('nothing newer: up-to-date with the time of the check', async () => {
    const s = setup('install');
    s.updater.next = (u) => {
      u.emit('update-not-available');
      return Promise.resolve(null);
    };
    expect(await s.controller.check()).toMatchObject({
      phase: 'up-to-date',
      available: null,
      checkedAt: '2026-11-26T12:00:00.000Z',
    });
    expect(s.notices).toEqual([]);
  });

  it('offline or a bad feed: one log line and the status, no dialog, no notice', async () => {
    const s = setup('install');
    s.updater.next = (u) => {
      const err = new Error('net::ERR_INTERNET_DISCONNECTED\n    at stack line');
      // electron-updater both emits the error and rejects the check.
      u.emit('error', err);
      return Promise.reject(err);
    };
    const state = await s.controller.check();
    expect(state).toMatchObject({ phase: 'error', error: 'net::ERR_INTERNET_DISCONNECTED' });
    expect(s.logger.warn).toHaveBeenCalledOnce();
    expect(s.logger.warn).toHaveBeenCalledWith(
      'update check failed: net::ERR_INTERNET_DISCONNECTED',
    );
    expect(s.logger.error).not.toHaveBeenCalled();
    expect(s.notices).toEqual([]);
    // The next check clears the error.
    s.updater.next = () => Promise.resolve(null);
    expect(await s.controller.check()).toMatchObject({ phase: 'up-to-date', error: null });
  });

  it('electron-updater cannot load (no app-update.yml): the status says so, the next check retries', async () => {
    const s = setup('install', { loadFails: true });
    expect(await s.controller.check()).toMatchObject({
      phase: 'error',
      error: 'no app-update.yml',
    });
    expect(s.logger.warn).toHaveBeenCalledOnce();
    await s.controller.check();
    expect(s.load).toHaveBeenCalledTimes(2);
  });

  it('"Restart to update" with nothing downloaded does nothing', async () => {
    const s = setup('install');
    await s.controller.apply();
    expect(s.updater.installs).toEqual([]);
    expect(s.opened).toEqual([]);
  });
});
