import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { AppController } from '../../../src-main/app/app-controller.ts';
import type { RunningApp } from '../../../src-main/app/compose.ts';
import { ConfigError, type AppConfig } from '../../../src-main/app/config.ts';
import { StartupError } from '../../../src-main/core/startup-error.ts';
import { RebindError } from '../../../src-main/net/listeners.ts';
import {
  QUIT_TIMEOUT_MS,
  runDesktop,
  type DesktopDeps,
} from '../../../src-main/electron/desktop.ts';
import { IPC_INVOKE_CHANNELS } from '../../../src-shared/ipc/channels.ts';
import { UpdateController } from '../../../src-main/electron/update-controller.ts';
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
  fakeEvent,
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
const APP_PAGE = 'app://ephemera/';

interface SetupOptions {
  lock?: boolean;
  startFails?: boolean;
  configError?: boolean;
  platform?: NodeJS.Platform;
  trayThrows?: boolean;
  trayLikelyShown?: boolean;
  packaged?: boolean;
  /** The configured HTTP port is taken; `ephemera` says whether an Ephemera holds it. */
  httpTaken?: { ephemera: boolean };
  smtpTaken?: boolean;
  /** The services start only when the test calls `finishStart`. */
  holdStart?: boolean;
  /** stop() never settles (a stuck connection). */
  stopHangs?: boolean;
  /** Only build the deps (for tests that drive runDesktop themselves). */
  depsOnly?: boolean;
  /** The OS started this run at login. */
  startedAtLogin?: boolean;
  updates?: DesktopDeps['updates'];
}

async function setup(options: SetupOptions = {}) {
  const app = new FakeApp();
  app.hasLock = options.lock ?? true;
  const platform = options.platform ?? 'linux';
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
  const openPath = vi.fn((_path: string) => Promise.resolve(''));
  const stdout: string[] = [];
  const logLines: string[] = [];
  const loadConfig = vi.fn((): AppConfig => {
    if (options.configError) throw new ConfigError('Unknown option --nope');
    return {
      ...DESKTOP_CONFIG,
      domains: [],
      smtpTlsKey: null,
      smtpTlsCert: null,
      mailRetentionHours: 24,
      locked: [],
    };
  });
  const protocols = new Map<string, (request: Request) => Promise<Response>>();
  const menus: unknown[] = [];
  const timers: { fn: () => void; ms: number; cancelled: boolean }[] = [];
  const shutdownListeners: ((event: { preventDefault(): void } | undefined) => void)[] = [];
  const probes: number[] = [];
  let finishStart: () => void = () => undefined;
  const login = { on: false };
  const controllers: AppController[] = [];

  const deps: DesktopDeps = {
    app: app as unknown as DesktopDeps['app'],
    loadConfig,
    createController: (config, onPortTaken) => {
      const controller = new AppController({
        config,
        logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
        start: async (c) => {
          if (options.holdStart) await new Promise<void>((resolve) => (finishStart = resolve));
          if (options.startFails) {
            throw new StartupError('This machine has no address matching --host; check it.');
          }
          let httpPort = c.port;
          let smtpPort = c.smtpPort;
          if (options.httpTaken) {
            await onPortTaken('http', c.port);
            httpPort = 49152;
          }
          if (options.smtpTaken) {
            await onPortTaken('smtp', c.smtpPort);
            smtpPort = 49153;
          }
          const hub = new FakeHub();
          const mail = {
            hub,
            leases: { requireRecorded: (raw: string) => ({ email: raw.trim().toLowerCase() }) },
            signIn: {
              create: (purpose: string) => ({ code: `code-for-${purpose}`, purpose }),
            },
          } as unknown as RunningApp['mail'];
          const running = Object.assign(
            fakeRunningApp(c.host, httpPort, smtpPort, { mail }, { networkInterfaces: () => LAN }),
            { hub },
          );
          if (options.stopHangs)
            running.stop.mockImplementation(() => new Promise(() => undefined));
          services.push(running);
          return running;
        },
      });
      controllers.push(controller);
      return controller;
    },
    createWindow: (opts) => {
      const window = new FakeWindow(opts);
      window.webContents.loading = true;
      windows.push(window);
      return window.asWindow();
    },
    createTray: (icon) => {
      if (options.trayThrows) throw new Error('no StatusNotifier host');
      const tray = new FakeTray(icon);
      trays.push(tray);
      return tray as never;
    },
    buildMenu: fakeBuildMenu,
    setApplicationMenu: (menu) => menus.push(menu),
    createNotification: (opts) => {
      const n = new FakeNotification(opts);
      notifications.push(n);
      return n;
    },
    notificationsSupported: () => true,
    clipboard,
    openExternal,
    openPath,
    ipcMain: ipc.asIpcMain(),
    session: () => session.asSession(),
    handleProtocol: (scheme, handler) => protocols.set(scheme, handler),
    onShutdown: (listener) => shutdownListeners.push(listener),
    dark: () => true,
    showError: (title, message) => errors.push([title, message]),
    paths: {
      preload: '/app/dist/preload/preload.cjs',
      rendererDir: '/app/dist/renderer',
      windowIcon: '/app/resources/icon.png',
      trayIcon: '/app/resources/tray/tray-linux.png',
    },
    meta: { version: '0.1.0', platform },
    platform,
    packaged: options.packaged ?? false,
    trayLikelyShown: () => options.trayLikelyShown ?? true,
    loginItem: { get: () => login.on, set: (on) => (login.on = on) },
    openLog: () => ({ path: '/logs/ephemera.log', write: (line) => logLines.push(line) }),
    probeEphemera: (port) => {
      probes.push(port);
      return Promise.resolve(options.httpTaken?.ephemera ?? false);
    },
    stdout: (line) => stdout.push(line),
    logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    onSignal: (signal, handler) => signals.set(signal, handler),
    saveDialog: { ask: vi.fn(), downloadsDir: () => '/home/me/Downloads' },
    startedAtLogin: () => options.startedAtLogin ?? false,
    ...(options.updates ? { updates: options.updates } : {}),
    now: () => clock.now,
    setTimer: (fn, ms) => {
      const timer = { fn, ms, cancelled: false };
      timers.push(timer);
      return () => (timer.cancelled = true);
    },
  };
  const clock = { now: 1_000_000 };
  if (options.depsOnly) return { deps } as never;
  const desktop = await runDesktop(deps);
  const window = windows[0];
  const tray = trays[0];
  const invoke = (
    channel: string,
    request?: unknown,
    from: FakeWebContents | undefined = window?.webContents,
    url = APP_PAGE,
  ) => ipc.invoke(channel, (from ?? new FakeWebContents()).invokeEvent(url), request);
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
    openPath,
    controller: () => controllers[0] as AppController,
    invoke,
    stdout,
    logLines,
    loadConfig,
    protocols,
    menus,
    timers,
    shutdownListeners,
    probes,
    clock,
    login,
    finishStart: () => finishStart(),
  };
}

type Setup = Awaited<ReturnType<typeof setup>>;
const baseDeps = async (): Promise<DesktopDeps> =>
  ((await setup({ depsOnly: true })) as unknown as { deps: DesktopDeps }).deps;
const ready = async (s: Setup) => {
  await s.desktop?.ready;
};
const loads = (window: FakeWindow | undefined) =>
  window?.loadURL.mock.calls.map(([url]) => url) ?? [];

describe('desktop shell: start-up', () => {
  it('takes the single-instance lock before anything else; a second launch starts nothing', async () => {
    const s = await setup({ lock: false });
    expect(s.desktop).toBeNull();
    expect(s.app.quitted).toBe(true);
    expect(s.loadConfig).not.toHaveBeenCalled();
    expect(s.windows).toHaveLength(0);
    expect(s.services).toHaveLength(0);
  });

  it('a wrong option of its own shows why and exits with 2, after taking the lock', async () => {
    const s = await setup({ configError: true });
    expect(s.desktop).toBeNull();
    expect(s.errors).toEqual([['Ephemera cannot start', 'Unknown option --nope']]);
    expect(s.app.exit).toHaveBeenCalledWith(2);
    expect(s.windows).toHaveLength(0);
  });

  it('a second instance only focuses the existing window; its arguments are not read', async () => {
    const s = await setup();
    await ready(s);
    s.window?.emit('ready-to-show');
    s.window?.hide();
    if (s.window) s.window.minimized = true;
    s.app.emit('second-instance', {}, ['ephemera', '--port', '1', '--data-dir', '/x'], '/');
    expect(s.windows).toHaveLength(1);
    expect(s.window).toMatchObject({ visible: true, focused: true, minimized: false });
    expect(s.loadConfig).toHaveBeenCalledTimes(1);
    expect(s.services).toHaveLength(1);
  });

  it('a second launch before ready creates no window early; ready creates the one window', async () => {
    const app = new FakeApp();
    let release: () => void = () => undefined;
    app.readyGate = new Promise<void>((resolve) => (release = resolve));
    const windows: unknown[] = [];
    const running = runDesktop({
      ...(await baseDeps()),
      app: app as unknown as DesktopDeps['app'],
      createWindow: (opts) => {
        const w = new FakeWindow(opts);
        windows.push(w);
        return w.asWindow();
      },
    });
    await new Promise((resolve) => setImmediate(resolve));
    app.emit('second-instance', {}, [], '/');
    expect(windows).toHaveLength(0);
    release();
    const desktop = await running;
    await desktop?.ready;
    expect(windows).toHaveLength(1);
    desktop?.quit();
  });

  it('opens the window on app://ephemera/ while the services are still starting', async () => {
    const s = await setup({ holdStart: true });
    expect(s.windows).toHaveLength(1);
    expect(loads(s.window)).toEqual([APP_PAGE]);
    expect(s.services).toHaveLength(0);
    // Hidden until painted, on the theme's background: no white flash.
    expect(s.window?.visible).toBe(false);
    expect(s.window?.options.backgroundColor).toBe('#121315');
    s.window?.emit('ready-to-show');
    expect(s.window?.visible).toBe(true);
    // The page's first call waits for the services instead of failing.
    const info = s.invoke('app:info');
    s.finishStart();
    expect(await info).toMatchObject({ ok: true, value: { localUrl: 'http://127.0.0.1:8787' } });
  });

  it('hardens the window and serves the UI through the app: protocol', async () => {
    const s = await setup();
    await ready(s);
    expect(s.window?.options.webPreferences).toMatchObject({
      preload: '/app/dist/preload/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    });
    expect([...s.protocols.keys()]).toEqual(['app']);
    expect(s.tray?.icon).toBe('/app/resources/tray/tray-linux.png');
    expect([...s.ipc.handlers.keys()].sort()).toEqual([...IPC_INVOKE_CHANNELS].sort());
    expect(s.session.headersListener).not.toBeNull();
    expect(s.window?.webContents.navigate('app://ephemera/mail')).toBe(true);
    expect(s.window?.webContents.navigate('http://127.0.0.1:8787/')).toBe(false);
    expect(s.window?.webContents.navigate('https://evil.example/')).toBe(false);
    s.window?.webContents.openHandler?.({ url: 'https://example.org/' } as never);
    expect(s.openExternal).toHaveBeenCalledWith('https://example.org/');
  });

  it('trusts IPC from the window on app://ephemera/ only, not from the HTTP origin', async () => {
    const s = await setup();
    await ready(s);
    expect(await s.invoke('app:info')).toMatchObject({
      ok: true,
      value: { localUrl: 'http://127.0.0.1:8787', lanSharing: false, portChanges: [] },
    });
    // The window navigated (somehow) to a page a local program serves on the port.
    expect(
      await s.invoke('app:info', undefined, s.window?.webContents, 'http://127.0.0.1:8787/'),
    ).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    expect(await s.invoke('app:info', undefined, new FakeWebContents())).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN_SENDER' },
    });
  });

  it('prints the headless "listening" lines on stdout and in the log file', async () => {
    const s = await setup();
    await ready(s);
    expect(s.stdout).toEqual([
      'HTTP listening on http://127.0.0.1:8787\n',
      'SMTP listening on 127.0.0.1:2525\n',
    ]);
    expect(
      s.logLines.some((l) => l.endsWith('[app] HTTP listening on http://127.0.0.1:8787')),
    ).toBe(false);
    expect(s.notifications).toHaveLength(0);
  });

  it('a port another program holds: serves on a free one, says so, keeps the preferred one', async () => {
    const s = await setup({ httpTaken: { ephemera: false }, smtpTaken: true });
    await ready(s);
    expect(s.probes).toEqual([8787]);
    expect(s.errors).toEqual([]);
    expect(s.stdout).toEqual([
      'HTTP listening on http://127.0.0.1:49152\n',
      'SMTP listening on 127.0.0.1:49153\n',
    ]);
    expect(s.notifications.map((n) => [n.options.body, n.shown])).toEqual([
      ['HTTP port 8787 is used by another program; Ephemera uses 49152 for now.', true],
      ['SMTP port 2525 is used by another program; Ephemera uses 49153 for now.', true],
    ]);
    const info = await s.invoke('app:info');
    expect(info).toMatchObject({
      ok: true,
      value: {
        portChanges: [
          { service: 'http', preferred: 8787, actual: 49152 },
          { service: 'smtp', preferred: 2525, actual: 49153 },
        ],
      },
    });
    const changed = s.window?.webContents.sent.filter((m) => m.channel === 'app:changed');
    expect(changed?.at(-1)?.payload).toMatchObject({ portChanges: [{ preferred: 8787 }, {}] });
    // settings.json is not touched: the next start tries 8787 again.
    expect(s.services[0]?.settings.read().locked).toEqual([]);
  });

  it('another Ephemera on the port (another user, a headless run): says so and quits cleanly', async () => {
    const s = await setup({ httpTaken: { ephemera: true } });
    await ready(s);
    expect(s.errors).toEqual([
      ['Ephemera is already running', expect.stringContaining('http://127.0.0.1:8787') as string],
    ]);
    expect(s.app.exit).toHaveBeenCalledWith(0);
  });

  it('services that cannot start: tells why, exits 1', async () => {
    const s = await setup({ startFails: true });
    expect(await s.desktop?.ready).toBeNull();
    expect(s.errors).toEqual([
      ['Ephemera cannot start', expect.stringContaining('no address matching') as string],
    ]);
    expect(s.app.exit).toHaveBeenCalledWith(1);
  });
});

describe('desktop shell: lifecycle', () => {
  it('with a tray, closing the window hides it; the services keep running', async () => {
    const s = await setup();
    await ready(s);
    s.window?.emit('ready-to-show');
    expect(s.window?.close()).toBe(false);
    expect(s.window?.visible).toBe(false);
    expect(s.app.quitted).toBe(false);
    expect(s.services[0]?.stop).not.toHaveBeenCalled();
    s.tray?.click('open');
    expect(s.window?.visible).toBe(true);
  });

  it('Open in browser opens a one-time sign-in link of the running services', async () => {
    const s = await setup();
    await ready(s);
    s.tray?.click('browser');
    await vi.waitFor(() => expect(s.openExternal).toHaveBeenCalled());
    const url = new URL(String(s.openExternal.mock.calls[0]?.[0]));
    expect(url.hash).toBe('#/sign-in?code=code-for-sign-in');
    expect(url.pathname + url.search).toBe('/');
    expect(url.hostname).toBe('127.0.0.1');
  });

  it('Copy sign-in link copies a fresh one-time link of the running services, each click its own; nothing opens', async () => {
    const s = await setup();
    await ready(s);
    s.tray?.click('sign-in-link');
    await vi.waitFor(() => expect(s.clipboard.writeText).toHaveBeenCalledOnce());
    const url = new URL(String(s.clipboard.writeText.mock.calls[0]?.[0]));
    expect(url.hash).toBe('#/sign-in?code=code-for-sign-in');
    expect(url.hostname).toBe('127.0.0.1');
    s.tray?.click('sign-in-link');
    await vi.waitFor(() => expect(s.clipboard.writeText).toHaveBeenCalledTimes(2));
    expect(s.openExternal).not.toHaveBeenCalled();
  });

  it('a sign-in link that cannot be copied says so in an error box', async () => {
    const s = await setup();
    await ready(s);
    s.clipboard.writeText.mockRejectedValueOnce(new Error('no clipboard'));
    s.tray?.click('sign-in-link');
    await vi.waitFor(() => expect(s.errors).toEqual([['Copy sign-in link', 'no clipboard']]));
  });

  it.each([
    ['no tray could be made', { trayThrows: true }],
    ['GNOME without an AppIndicator extension', { trayLikelyShown: false }],
  ] as const)('closing the window quits when %s', async (_name, options) => {
    const s = await setup(options);
    await ready(s);
    expect(s.window?.close()).toBe(false);
    await vi.waitFor(() => expect(s.app.quitted).toBe(true));
    expect(s.services[0]?.stop).toHaveBeenCalledOnce();
  });

  it('macOS: closing hides even without a tray; a Dock click shows it again', async () => {
    const s = await setup({ platform: 'darwin', trayThrows: true });
    await ready(s);
    s.window?.emit('ready-to-show');
    expect(s.window?.close()).toBe(false);
    expect(s.window?.visible).toBe(false);
    expect(s.app.quitted).toBe(false);
    s.app.emit('activate');
    expect(s.window?.visible).toBe(true);
    expect(s.window?.options.icon).toBeUndefined();
  });

  it('Quit stops the services before Electron quits, then lets the window close', async () => {
    const s = await setup();
    await ready(s);
    s.tray?.click('quit');
    expect(s.app.quitted).toBe(false);
    await vi.waitFor(() => expect(s.app.quitted).toBe(true));
    expect(s.services[0]?.stop).toHaveBeenCalledOnce();
    expect(s.ipc.handlers.size).toBe(0);
    expect(s.tray?.destroyed).toBe(true);
    expect(s.window?.close()).toBe(true);
    expect(s.timers[0]).toMatchObject({ ms: QUIT_TIMEOUT_MS, cancelled: true });
    expect(s.app.exit).not.toHaveBeenCalled();
    await expect(s.controller().services()).rejects.toThrow(/quitting/);
  });

  it('a stop that hangs: the app exits anyway after 3 s', async () => {
    const s = await setup({ stopHangs: true });
    await ready(s);
    s.app.quit();
    s.app.quit();
    expect(s.timers).toHaveLength(1);
    expect(s.app.exit).not.toHaveBeenCalled();
    s.timers[0]?.fn();
    expect(s.app.exit).toHaveBeenCalledWith(0);
    expect(s.tray?.destroyed).toBe(true);
  });

  it('SIGTERM, Windows session end and a system shutdown quit the same way', async () => {
    for (const trigger of ['SIGTERM', 'session-end', 'query-session-end', 'shutdown'] as const) {
      const s = await setup();
      await ready(s);
      const event = fakeEvent();
      if (trigger === 'SIGTERM') s.signals.get('SIGTERM')?.();
      else if (trigger === 'shutdown') s.shutdownListeners[0]?.(event);
      else s.window?.emit(trigger, fakeEvent());
      await vi.waitFor(() => expect(s.app.quitted).toBe(true));
      expect(s.services[0]?.stop).toHaveBeenCalledOnce();
      if (trigger === 'shutdown') expect(event.defaultPrevented).toBe(true);
    }
  });

  it('a crashed page reloads once, then shows the error page with Retry', async () => {
    const s = await setup();
    await ready(s);
    const crash = () =>
      s.window?.webContents.emit('render-process-gone', fakeEvent(), {
        reason: 'crashed',
        exitCode: 139,
      });
    crash();
    expect(loads(s.window)).toEqual([APP_PAGE, APP_PAGE]);
    s.clock.now += 5_000;
    crash();
    const errorPage = loads(s.window).at(-1) ?? '';
    expect(errorPage).toMatch(/^data:text\/html/);
    expect(decodeURIComponent(errorPage)).toContain('href="app://ephemera/"');
    expect(decodeURIComponent(errorPage)).toContain('crashed');
    // Much later, a new failure gets a reload again.
    s.clock.now += 120_000;
    s.window?.webContents.emit(
      'did-fail-load',
      fakeEvent(),
      -6,
      'ERR_FILE_NOT_FOUND',
      APP_PAGE,
      true,
    );
    expect(loads(s.window).at(-1)).toBe(APP_PAGE);
  });

  it('a window that painted once shows again at once, even while reloading', async () => {
    const s = await setup();
    await ready(s);
    s.window?.emit('ready-to-show');
    s.window?.hide();
    s.window?.webContents.emit('render-process-gone', fakeEvent(), {
      reason: 'oom',
      exitCode: 1,
    });
    if (s.window) s.window.webContents.loading = true;
    s.app.emit('second-instance', {}, [], '/');
    expect(s.window?.visible).toBe(true);
  });

  it('ignores aborted loads, frames and the error page itself', async () => {
    const s = await setup();
    await ready(s);
    const fail = (code: number, url: string, main: boolean) =>
      s.window?.webContents.emit('did-fail-load', fakeEvent(), code, 'x', url, main);
    fail(-3, APP_PAGE, true);
    fail(-6, APP_PAGE, false);
    fail(-6, 'data:text/html,x', true);
    s.window?.webContents.emit('render-process-gone', fakeEvent(), {
      reason: 'clean-exit',
      exitCode: 0,
    });
    expect(loads(s.window)).toEqual([APP_PAGE]);
  });

  it('start at login and the logs folder over IPC', async () => {
    const s = await setup();
    await ready(s);
    expect(await s.invoke('desktop:login-item')).toEqual({
      ok: true,
      value: { available: true, enabled: false },
    });
    expect(await s.invoke('desktop:set-login-item', { enabled: true })).toEqual({
      ok: true,
      value: { available: true, enabled: true },
    });
    expect(s.login.on).toBe(true);
    expect(await s.invoke('desktop:set-login-item', { enabled: 'yes' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    });
    expect(await s.invoke('desktop:open-logs')).toEqual({ ok: true, value: null });
    expect(s.openPath).toHaveBeenCalledWith('/logs');
  });

  it("opens a mail's link in the system browser over IPC, http(s) only (issue 19)", async () => {
    const s = await setup();
    await ready(s);
    const link = 'https://app.acme.example/confirm?t=Ab12&u=7';
    expect(await s.invoke('desktop:open-link', { url: link })).toEqual({ ok: true, value: null });
    expect(s.openExternal).toHaveBeenCalledWith(link);
    s.openExternal.mockClear();
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'https://',
    ]) {
      expect(await s.invoke('desktop:open-link', { url })).toMatchObject({
        ok: false,
        error: { code: 'VALIDATION_FAILED' },
      });
    }
    expect(s.openExternal).not.toHaveBeenCalled();
  });
});

describe('desktop shell: menu, mail and LAN', () => {
  it('sets its own menu: Edit roles, Help → Open Logs Folder, no devtools once packaged', async () => {
    type Item = {
      role?: string;
      label?: string;
      id?: string;
      submenu?: Item[];
      click?: () => void;
    };
    const items = async (packaged: boolean) => {
      const s = await setup({ packaged });
      await ready(s);
      const menu = (s.menus[0] as { template: Item[] }).template;
      return { s, menu, flat: menu.flatMap((m) => [m, ...(m.submenu ?? [])]) };
    };
    const dev = await items(false);
    expect(dev.flat.some((i) => i.role === 'toggleDevTools')).toBe(true);
    const packaged = await items(true);
    const roles = packaged.flat.map((i) => i.role);
    expect(roles).toEqual(expect.arrayContaining(['copy', 'paste', 'cut', 'selectAll', 'undo']));
    expect(roles).not.toContain('toggleDevTools');
    expect(roles).not.toContain('reload');
    packaged.flat.find((i) => i.id === 'open-logs')?.click?.();
    await vi.waitFor(() => expect(packaged.s.openPath).toHaveBeenCalledWith('/logs'));
  });

  it('pushes watched mail to the window and notifies a code while the window is away', async () => {
    const s = await setup();
    await ready(s);
    const email = 'abc1234567@ephemera.localhost';
    expect(await s.invoke('mail:watch', { email })).toEqual({ ok: true, value: null });
    s.window?.hide();
    // The notifier wants every mailbox's mail only while it would show it (the window away).
    expect(s.services[0]?.hub.wantsAll()).toBe(true);
    s.services[0]?.hub.publish(sampleMail({ email }));
    expect(s.window?.webContents.sent.filter((m) => m.channel === 'mail:received')).toEqual([
      { channel: 'mail:received', payload: expect.objectContaining({ code: '482913' }) as unknown },
    ]);
    expect(s.notifications).toHaveLength(1);
    s.notifications[0]?.emit('click');
    expect(s.clipboard.writeText).toHaveBeenCalledWith('482913');
    s.window?.show();
    s.window?.focus();
    expect(s.services[0]?.hub.wantsAll()).toBe(false);
    s.services[0]?.hub.publish(sampleMail({ email, id: 2 }));
    expect(s.notifications).toHaveLength(1);
  });

  it('notifies a code from a mailbox the window does not watch (a phone script made it)', async () => {
    const s = await setup();
    await ready(s);
    s.window?.hide();
    s.services[0]?.hub.publish(sampleMail({ email: 'phone0001@ephemera.localhost' }));
    expect(s.notifications).toHaveLength(1);
    expect(s.notifications[0]?.options.body).toContain('phone0001@ephemera.localhost');
    s.services[0]?.hub.publish(sampleMail({ id: 2, code: null }));
    expect(s.notifications).toHaveLength(1);
  });

  it('Share on LAN from the tray rebinds in place, tells the window, and keeps the watches', async () => {
    const s = await setup();
    await ready(s);
    const email = 'abc1234567@ephemera.localhost';
    await s.invoke('mail:watch', { email });
    s.tray?.click('lan');
    await vi.waitFor(() => expect(s.services[0]?.listeners.rebinds).toEqual(['0.0.0.0']));
    await vi.waitFor(() => expect(s.tray?.menu.find((i) => i.id === 'lan')?.enabled).toBe(true));
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
    // The window's page does not depend on the listeners: no reload.
    expect(loads(s.window)).toEqual([APP_PAGE]);
    s.services[0]?.hub.publish(sampleMail({ email }));
    expect(s.window?.webContents.sent.filter((m) => m.channel === 'mail:received')).toHaveLength(1);
  });

  it('a LAN switch that cannot bind shows why and leaves sharing off', async () => {
    const s = await setup();
    await ready(s);
    const listeners = s.services[0]?.listeners;
    if (listeners) {
      listeners.failNext = new RebindError('Another program already uses one of the ports.');
    }
    s.tray?.click('lan');
    await vi.waitFor(() => expect(s.errors).toHaveLength(1));
    expect(s.errors[0]).toEqual(['Share on LAN', 'Another program already uses one of the ports.']);
    expect(s.controller().status().lanSharing).toBe(false);
  });

  it('the LAN item waits for the services', async () => {
    const s = await setup({ holdStart: true });
    expect(s.tray?.menu.find((i) => i.id === 'lan')?.enabled).toBe(false);
    s.finishStart();
    await ready(s);
    expect(s.tray?.menu.find((i) => i.id === 'lan')?.enabled).toBe(true);
  });
});

describe('desktop shell: failures leave a trace, a login start stays out of the way', () => {
  it('registers ready-to-show once per window, however often it is shown', async () => {
    const s = await setup();
    await ready(s);
    const before = s.window?.listenerCount('ready-to-show');
    for (let i = 0; i < 5; i++) s.app.emit('second-instance', {}, [], '/');
    expect(s.window?.listenerCount('ready-to-show')).toBe(before);
    s.window?.emit('ready-to-show');
    expect(s.window?.visible).toBe(true);
  });

  it('a page that stops responding is reloaded, then shows the error page', async () => {
    const s = await setup();
    await ready(s);
    s.window?.emit('unresponsive');
    expect(loads(s.window)).toEqual([APP_PAGE, APP_PAGE]);
    s.clock.now += 5_000;
    s.window?.emit('unresponsive');
    expect(decodeURIComponent(loads(s.window).at(-1) ?? '')).toContain('stopped responding');
  });

  it('a GPU process that died is recovered like a crashed page; other processes are not', async () => {
    const s = await setup();
    await ready(s);
    const gone = (type: string, reason: string) =>
      s.app.emit('child-process-gone', fakeEvent(), { type, reason, exitCode: 5 });
    gone('GPU', 'clean-exit');
    gone('Utility', 'crashed');
    expect(loads(s.window)).toEqual([APP_PAGE]);
    gone('GPU', 'crashed');
    expect(loads(s.window)).toEqual([APP_PAGE, APP_PAGE]);
    s.clock.now += 5_000;
    gone('GPU', 'crashed');
    expect(decodeURIComponent(loads(s.window).at(-1) ?? '')).toContain('GPU process stopped');
  });

  it('started at login with a tray: the window loads but stays hidden until the tray opens it', async () => {
    const s = await setup({ startedAtLogin: true });
    await ready(s);
    expect(s.windows).toHaveLength(1);
    s.window?.emit('ready-to-show');
    expect(s.window?.visible).toBe(false);
    s.tray?.click('open');
    expect(s.window?.visible).toBe(true);
  });

  it('started at login on macOS without a tray: hidden (the Dock brings it back)', async () => {
    const s = await setup({ startedAtLogin: true, platform: 'darwin', trayThrows: true });
    await ready(s);
    s.window?.emit('ready-to-show');
    expect(s.window?.visible).toBe(false);
    s.app.emit('activate');
    expect(s.window?.visible).toBe(true);
  });

  it('started at login where no tray shows (Linux): the window shows, never unreachable', async () => {
    const s = await setup({ startedAtLogin: true, trayLikelyShown: false });
    await ready(s);
    s.window?.emit('ready-to-show');
    expect(s.window?.visible).toBe(true);
  });
});

describe('desktop shell: Settings → Updates', () => {
  const updates = () =>
    new UpdateController({
      mode: 'download-page',
      current: '0.1.0',
      load: () => Promise.reject(new Error('not in tests')),
      notify: () => undefined,
      downloadPage: 'https://github.com/o/r/releases/latest',
      openExternal: () => undefined,
      noticed: { get: () => null, set: () => undefined },
      beforeInstall: () => undefined,
      logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
      schedule: () => () => undefined,
      now: () => 0,
    });

  it('follows the stored setting (on by default); the switch saves it and tells the window', async () => {
    const controller = updates();
    const s = await setup({ updates: controller });
    await ready(s);
    expect(controller.state()).toMatchObject({ enabled: true, mode: 'download-page' });
    expect(await s.invoke('update:set-enabled', { enabled: false })).toMatchObject({
      ok: true,
      value: { enabled: false, phase: 'off' },
    });
    expect(s.services[0]?.settings.read().auto_updates).toBe(false);
    const pushed = s.window?.webContents.sent.filter((m) => m.channel === 'update:changed');
    expect(pushed?.at(-1)?.payload).toMatchObject({ enabled: false });
    expect(await s.invoke('update:set-enabled', { enabled: 'yes' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    });
  });

  it('without an updater (development): the state says none', async () => {
    const s = await setup();
    await ready(s);
    expect(await s.invoke('update:state')).toMatchObject({
      ok: true,
      value: { mode: 'none', current: '0.1.0', enabled: false },
    });
  });

  it('the quit of an update lets the hidden window close', async () => {
    const s = await setup();
    await ready(s);
    s.desktop?.allowQuit();
    expect(s.window?.close()).toBe(true);
  });
});
