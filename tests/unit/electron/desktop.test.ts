import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { AppController } from '../../../src-main/app/app-controller.ts';
import type { RunningApp } from '../../../src-main/app/compose.ts';
import { StartupError } from '../../../src-main/app/config.ts';
import { RebindError } from '../../../src-main/app/listeners.ts';
import { runDesktop, type DesktopDeps } from '../../../src-main/electron/desktop.ts';
import { IPC_INVOKE_CHANNELS } from '../../../src-shared/ipc/channels.ts';
import {
  DESKTOP_CONFIG,
  FakeApp,
  FakeHub,
  FakeIpcMain,
  FakeSession,
  FakeTray,
  FakeWebContents,
  FakeWindow,
  fakeBuildMenu,
  fakeRunningApp,
  sampleMail,
} from '../../helpers/fake-electron.ts';

class FakeNotification extends EventEmitter {
  shown = false;
  constructor(readonly options: { title: string; body: string }) {
    super();
  }
  show(): void {
    this.shown = true;
  }
}

const LAN = {
  eth0: [{ address: '192.168.1.20', family: 'IPv4', internal: false }],
} as never;

async function setup(options: { lock?: boolean; startFails?: boolean } = {}) {
  const app = new FakeApp();
  app.hasLock = options.lock ?? true;
  const windows: FakeWindow[] = [];
  const trays: FakeTray[] = [];
  const notifications: FakeNotification[] = [];
  const services: (ReturnType<typeof fakeRunningApp> & { hub: FakeHub })[] = [];
  const ipc = new FakeIpcMain();
  const session = new FakeSession();
  const errors: [string, string][] = [];
  const signals = new Map<string, () => void>();
  const clipboard = { writeText: vi.fn((_text: string) => Promise.resolve()) };
  const openExternal = vi.fn((_url: string) => Promise.resolve());
  const controller = new AppController({
    config: DESKTOP_CONFIG,
    start: (config) => {
      if (options.startFails) {
        return Promise.reject(
          new StartupError('HTTP port 8787 is already in use; choose another with --port.'),
        );
      }
      const hub = new FakeHub();
      const mail = {
        hub,
        leases: { requireRecorded: (raw: string) => ({ email: raw.trim().toLowerCase() }) },
      } as unknown as RunningApp['mail'];
      const running = Object.assign(
        fakeRunningApp(
          config.host,
          config.port,
          config.smtpPort,
          { mail },
          { networkInterfaces: () => LAN },
        ),
        { hub },
      );
      services.push(running);
      return Promise.resolve(running);
    },
  });
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const deps: DesktopDeps = {
    app: app as unknown as DesktopDeps['app'],
    createWindow: (opts) => {
      const window = new FakeWindow(opts);
      windows.push(window);
      return window.asWindow();
    },
    createTray: (icon) => {
      const tray = new FakeTray(icon);
      trays.push(tray);
      return tray as never;
    },
    buildMenu: fakeBuildMenu,
    createNotification: (opts) => {
      const n = new FakeNotification(opts);
      notifications.push(n);
      return n;
    },
    notificationsSupported: () => true,
    clipboard: clipboard,
    openExternal,
    ipcMain: ipc.asIpcMain(),
    session: () => session.asSession(),
    showError: (title, message) => errors.push([title, message]),
    controller,
    paths: {
      preload: '/app/dist/preload/preload.cjs',
      windowIcon: '/app/resources/icon.png',
      trayIcon: '/app/resources/tray/tray-linux.png',
    },
    meta: { version: '0.1.0', platform: 'linux' },
    platform: 'linux',
    logger,
    onSignal: (signal, handler) => signals.set(signal, handler),
    saveDialog: { ask: vi.fn(), downloadsDir: () => '/home/me/Downloads' },
  };
  const desktop = await runDesktop(deps);
  const window = windows[0];
  const tray = trays[0];
  const invoke = (
    channel: string,
    request?: unknown,
    from: FakeWebContents | undefined = window?.webContents,
  ) =>
    ipc.invoke(
      channel,
      (from ?? new FakeWebContents()).invokeEvent('http://127.0.0.1:8787/'),
      request,
    );
  return {
    app,
    desktop,
    windows,
    window,
    tray,
    trays,
    notifications,
    services,
    ipc,
    session,
    errors,
    signals,
    clipboard,
    openExternal,
    controller,
    invoke,
  };
}

describe('desktop shell', () => {
  it('quits at once when another instance holds the lock, starting nothing', async () => {
    const s = await setup({ lock: false });
    expect(s.desktop).toBeNull();
    expect(s.app.quitted).toBe(true);
    expect(s.windows).toHaveLength(0);
    expect(s.services).toHaveLength(0);
  });

  it('a second instance focuses the existing window instead of opening another', async () => {
    const s = await setup();
    s.window?.hide();
    if (s.window) s.window.minimized = true;
    s.app.emit('second-instance', {}, ['electron', '.'], '/');
    expect(s.windows).toHaveLength(1);
    expect(s.window).toMatchObject({ visible: true, focused: true, minimized: false });
  });

  it('starts the services first, then one hardened window on the app URL, the tray and the IPC', async () => {
    const s = await setup();
    expect(s.services).toHaveLength(1);
    expect(s.windows).toHaveLength(1);
    expect(s.window?.options.webPreferences).toMatchObject({
      preload: '/app/dist/preload/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    });
    expect(s.window?.loadURL).toHaveBeenCalledWith('http://127.0.0.1:8787/');
    expect(s.tray?.icon).toBe('/app/resources/tray/tray-linux.png');
    expect([...s.ipc.handlers.keys()].sort()).toEqual([...IPC_INVOKE_CHANNELS].sort());
    expect(s.session.headersListener).not.toBeNull();
    // Navigation is locked to the app's origin.
    expect(s.window?.webContents.navigate('http://127.0.0.1:8787/x')).toBe(true);
    expect(s.window?.webContents.navigate('https://evil.example/')).toBe(false);
    s.window?.webContents.openHandler?.({ url: 'https://example.org/' } as never);
    expect(s.openExternal).toHaveBeenCalledWith('https://example.org/');
  });

  it('answers the window over IPC, and refuses other senders', async () => {
    const s = await setup();
    expect(await s.invoke('app:info')).toMatchObject({
      ok: true,
      value: { localUrl: 'http://127.0.0.1:8787', lanSharing: false, version: '0.1.0' },
    });
    expect(await s.invoke('app:info', undefined, new FakeWebContents())).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN_SENDER' },
    });
  });

  it('closing the window hides it; the services keep running', async () => {
    const s = await setup();
    s.window?.emit('ready-to-show');
    expect(s.window?.visible).toBe(true);
    expect(s.window?.close()).toBe(false);
    expect(s.window?.visible).toBe(false);
    expect(s.services[0]?.stop).not.toHaveBeenCalled();
    s.tray?.click('open');
    expect(s.window?.visible).toBe(true);
  });

  it('Quit stops the services before Electron quits, then lets the window close', async () => {
    const s = await setup();
    s.tray?.click('quit');
    expect(s.app.quitted).toBe(false);
    await vi.waitFor(() => expect(s.app.quitted).toBe(true));
    expect(s.services[0]?.stop).toHaveBeenCalledOnce();
    expect(s.ipc.handlers.size).toBe(0);
    expect(s.tray?.destroyed).toBe(true);
    expect(s.window?.close()).toBe(true);
    await expect(s.controller.services()).rejects.toThrow(/quitting/);
  });

  it('SIGTERM from the terminal quits the same way', async () => {
    const s = await setup();
    s.signals.get('SIGTERM')?.();
    await vi.waitFor(() => expect(s.app.quitted).toBe(true));
    expect(s.services[0]?.stop).toHaveBeenCalledOnce();
    expect([...s.signals.keys()].sort()).toEqual(['SIGINT', 'SIGTERM']);
  });

  it('tells why the services cannot start, and exits', async () => {
    const s = await setup({ startFails: true });
    expect(s.desktop).toBeNull();
    expect(s.errors).toEqual([
      ['Ephemera cannot start', expect.stringContaining('already in use') as string],
    ]);
    expect(s.app.exit).toHaveBeenCalledWith(1);
    expect(s.windows).toHaveLength(0);
  });

  it('pushes watched mail to the window and notifies a code while the window is away', async () => {
    const s = await setup();
    const email = 'abc1234567@ephemera.localhost';
    expect(await s.invoke('mail:watch', { email })).toEqual({ ok: true, value: null });
    s.window?.hide();
    s.services[0]?.hub.publish(sampleMail({ email }));
    expect(s.window?.webContents.sent).toEqual([
      { channel: 'mail:received', payload: expect.objectContaining({ code: '482913' }) as unknown },
    ]);
    expect(s.notifications).toHaveLength(1);
    s.notifications[0]?.emit('click');
    expect(s.clipboard.writeText).toHaveBeenCalledWith('482913');

    // Looking at the window: the mail shows there, no notification.
    s.window?.show();
    s.window?.focus();
    s.services[0]?.hub.publish(sampleMail({ email, id: 2 }));
    expect(s.notifications).toHaveLength(1);
  });

  it('notifies a code from a mailbox the window does not watch (a phone script made it)', async () => {
    const s = await setup();
    s.window?.hide();
    s.services[0]?.hub.publish(sampleMail({ email: 'phone0001@ephemera.localhost' }));
    expect(s.notifications).toHaveLength(1);
    expect(s.notifications[0]?.options.body).toContain('phone0001@ephemera.localhost');
    expect(s.window?.webContents.sent).toEqual([]);
    // No code, no notification.
    s.services[0]?.hub.publish(sampleMail({ id: 2, code: null }));
    expect(s.notifications).toHaveLength(1);
  });

  it('Share on LAN from the tray rebinds in place, tells the window, and keeps the watches', async () => {
    const s = await setup();
    const email = 'abc1234567@ephemera.localhost';
    await s.invoke('mail:watch', { email });
    s.tray?.click('lan');
    await vi.waitFor(() => expect(s.services[0]?.listeners.rebinds).toEqual(['0.0.0.0']));
    await vi.waitFor(() => expect(s.tray?.menu.find((i) => i.id === 'lan')?.enabled).toBe(true));
    expect(s.services).toHaveLength(1);
    expect(s.services[0]?.stop).not.toHaveBeenCalled();
    expect(s.tray?.menu.find((i) => i.id === 'lan-url')?.label).toBe(
      'Copy http://192.168.1.20:8787',
    );
    const changed = s.window?.webContents.sent.filter((m) => m.channel === 'app:changed');
    expect(changed?.at(-1)?.payload).toMatchObject({
      lanSharing: true,
      lanUrl: 'http://192.168.1.20:8787',
      localUrl: 'http://127.0.0.1:8787',
    });
    // The window's origin did not move: no reload.
    expect(s.window?.loadURL).toHaveBeenCalledTimes(1);
    s.services[0]?.hub.publish(sampleMail({ email }));
    expect(s.window?.webContents.sent.filter((m) => m.channel === 'mail:received')).toHaveLength(1);
    expect(s.controller.settings().lan_enabled).toBe(true);
  });

  it('a LAN switch that cannot bind shows why and leaves sharing off', async () => {
    const s = await setup();
    const listeners = s.services[0]?.listeners;
    if (listeners) {
      listeners.failNext = new RebindError('Another program already uses one of the ports.');
    }
    s.tray?.click('lan');
    await vi.waitFor(() => expect(s.errors).toHaveLength(1));
    expect(s.errors[0]).toEqual(['Share on LAN', 'Another program already uses one of the ports.']);
    expect(s.controller.status().lanSharing).toBe(false);
    await vi.waitFor(() => expect(s.tray?.menu.find((i) => i.id === 'lan')?.enabled).toBe(true));
  });
});
