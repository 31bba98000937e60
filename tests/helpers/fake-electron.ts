/**
 * Stand-ins for the Electron objects the desktop shell is handed (src-main/electron takes them
 * as parameters), so the shell runs in plain Node: the Electron binary is never needed.
 * Each fake implements only what the shell calls; casts to Electron's types sit here, once.
 */
import { EventEmitter } from 'node:events';
import type { NetworkInterfaceInfo } from 'node:os';
import { vi, type Mock } from 'vitest';
import type {
  BrowserWindow,
  BrowserWindowConstructorOptions,
  HandlerDetails,
  IpcMain,
  IpcMainInvokeEvent,
  Menu,
  MenuItemConstructorOptions,
  Session,
  WindowOpenHandlerResponse,
} from 'electron';
import type { RunningApp, StartConfig } from '../../src-main/app/compose.ts';
import type { Listeners } from '../../src-main/net/listeners.ts';
import type { SettingsFile } from '../../src-main/settings/settings-file.ts';
import { SettingsService } from '../../src-main/settings/settings-service.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../src-shared/settings/schemas.ts';
import type { IpcSenderEvent } from '../../src-main/electron/ipc-register.ts';
import type { MailHub } from '../../src-main/electron/mail-watch.ts';
import type { Mail } from '../../src-shared/mail/schemas.ts';

/** An event object whose preventDefault can be observed. */
export function fakeEvent<T extends object>(fields: T = {} as T) {
  const event = {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}

let nextContentsId = 1;

export class FakeWebContents extends EventEmitter {
  readonly id = nextContentsId++;
  readonly sent: { channel: string; payload: unknown }[] = [];
  openHandler: ((details: HandlerDetails) => WindowOpenHandlerResponse) | null = null;
  destroyed = false;
  /** A page is loading (a window shows itself at ready-to-show then). */
  loading = false;

  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }
  setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse): void {
    this.openHandler = handler;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  isLoading(): boolean {
    return this.loading;
  }
  /** Fires will-navigate (or will-redirect) and says whether it was let through. */
  navigate(url: string, kind: 'will-navigate' | 'will-redirect' = 'will-navigate'): boolean {
    const event = fakeEvent({ url });
    this.emit(kind, event, url);
    return !event.defaultPrevented;
  }
  /** An invoke event as if sent by a frame of this contents. */
  invokeEvent(url: string, topFrame = true): IpcSenderEvent {
    const parent = topFrame ? null : { url: 'app://ephemera/' };
    return { sender: { id: this.id }, senderFrame: { url, parent } } as unknown as IpcSenderEvent;
  }
}

export class FakeWindow extends EventEmitter {
  readonly webContents = new FakeWebContents();
  visible = false;
  focused = false;
  minimized = false;
  destroyed = false;
  readonly loadURL = vi.fn((_url: string) => Promise.resolve());

  constructor(readonly options: BrowserWindowConstructorOptions) {
    super();
    // Electron fires ready-to-show once the page painted: it is no longer loading.
    this.on('ready-to-show', () => (this.webContents.loading = false));
  }
  show(): void {
    this.visible = true;
  }
  hide(): void {
    this.visible = false;
    this.focused = false;
  }
  focus(): void {
    this.focused = true;
  }
  restore(): void {
    this.minimized = false;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isVisible(): boolean {
    return this.visible;
  }
  isFocused(): boolean {
    return this.focused;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** What the user's click on the close button does: true when the window really closed. */
  close(): boolean {
    const event = fakeEvent();
    this.emit('close', event);
    if (event.defaultPrevented) return false;
    this.destroyed = true;
    this.emit('closed');
    return true;
  }
  asWindow(): BrowserWindow {
    return this as unknown as BrowserWindow;
  }
}

export class FakeApp extends EventEmitter {
  hasLock = true;
  quitted = false;
  readonly exit = vi.fn((_code?: number) => undefined);
  readonly setAppUserModelId = vi.fn((_id: string) => undefined);

  requestSingleInstanceLock(): boolean {
    return this.hasLock;
  }
  /** Set to hold `ready` until the test resolves it. */
  readyGate: Promise<void> | null = null;
  whenReady(): Promise<void> {
    return this.readyGate ?? Promise.resolve();
  }
  /** Like Electron: before-quit may be prevented; otherwise the app quits. */
  quit(): void {
    const event = fakeEvent();
    this.emit('before-quit', event);
    if (!event.defaultPrevented) this.quitted = true;
  }
}

export class FakeTray extends EventEmitter {
  tooltip = '';
  menu: MenuItemConstructorOptions[] = [];
  destroyed = false;
  constructor(readonly icon: string) {
    super();
  }
  setToolTip(text: string): void {
    this.tooltip = text;
  }
  setContextMenu(menu: Menu | null): void {
    this.menu = (menu as unknown as { template: MenuItemConstructorOptions[] }).template;
  }
  destroy(): void {
    this.destroyed = true;
  }
  /** Clicks a menu item by id, as Electron would (checkboxes flip first). */
  click(id: string): void {
    const item = this.menu.find((i) => i.id === id);
    if (!item?.click) throw new Error(`no clickable item "${id}"`);
    if (item.type === 'checkbox') item.checked = !item.checked;
    item.click(item as never, undefined, {});
  }
}

/** Menu.buildFromTemplate's stand-in: keeps the template for FakeTray to read. */
export function fakeBuildMenu(template: MenuItemConstructorOptions[]): Menu {
  return { template } as unknown as Menu;
}

export class FakeIpcMain {
  readonly handlers = new Map<string, (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown>();
  handle(
    channel: string,
    listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown,
  ): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  invoke(channel: string, event: IpcSenderEvent, request?: unknown): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return Promise.resolve(handler(event as IpcMainInvokeEvent, request));
  }
  asIpcMain(): Pick<IpcMain, 'handle' | 'removeHandler'> {
    return this;
  }
}

type HeadersListener = Parameters<Session['webRequest']['onHeadersReceived']>[0];
type RequestHandler = Parameters<Session['setPermissionRequestHandler']>[0];
type CheckHandler = Parameters<Session['setPermissionCheckHandler']>[0];

export class FakeSession {
  headersListener: HeadersListener = null;
  requestHandler: RequestHandler = null;
  checkHandler: CheckHandler = null;
  readonly webRequest = {
    onHeadersReceived: (listener: HeadersListener) => {
      this.headersListener = listener;
    },
  };
  setPermissionRequestHandler(handler: RequestHandler): void {
    this.requestHandler = handler;
  }
  setPermissionCheckHandler(handler: CheckHandler): void {
    this.checkHandler = handler;
  }
  asSession(): Pick<
    Session,
    'webRequest' | 'setPermissionRequestHandler' | 'setPermissionCheckHandler'
  > {
    return this as unknown as Pick<
      Session,
      'webRequest' | 'setPermissionRequestHandler' | 'setPermissionCheckHandler'
    >;
  }
}

/** A live hub that records subscriptions and lets a test publish. */
export class FakeHub implements MailHub {
  readonly listeners = new Map<string, Set<(mail: Mail) => void>>();
  readonly everything = new Set<(mail: Mail) => void>();
  /** What each listener on every mailbox says about wanting mail now. */
  readonly wanted = new Map<(mail: Mail) => void, () => boolean>();
  subscribeAll(listener: (mail: Mail) => void, wanted: () => boolean = () => true): () => void {
    this.everything.add(listener);
    this.wanted.set(listener, wanted);
    return () => {
      this.everything.delete(listener);
      this.wanted.delete(listener);
    };
  }
  /** Does any listener on every mailbox want mail now? */
  wantsAll(): boolean {
    return [...this.wanted.values()].some((wanted) => wanted());
  }
  subscribe(email: string, listener: (mail: Mail) => void): () => void {
    const set = this.listeners.get(email) ?? new Set();
    set.add(listener);
    this.listeners.set(email, set);
    return () => set.delete(listener);
  }
  publish(mail: Mail): void {
    for (const listener of this.listeners.get(mail.email) ?? []) listener(mail);
    for (const listener of this.everything) listener(mail);
  }
  count(email: string): number {
    return this.listeners.get(email)?.size ?? 0;
  }
}

/** The config a desktop start gets in the shell's tests (the fake services ignore the folder). */
export const DESKTOP_CONFIG: StartConfig = {
  host: '127.0.0.1',
  port: 8787,
  smtpPort: 2525,
  dataDir: '/data',
  domains: [],
  headless: false,
  proxy: null,
};

/** A RunningApp whose stop() is a mock. */
export type FakeRunningApp = Omit<RunningApp, 'stop'> & { stop: Mock<() => Promise<void>> };

/**
 * Listening sockets that only remember where they are: `rebind` moves them (or fails with the
 * error a test queued), so the real SettingsService runs on top without opening ports.
 */
export class FakeListeners {
  readonly rebinds: string[] = [];
  failNext: Error | null = null;
  constructor(
    public host: string,
    readonly httpPort: number,
    readonly smtpPort: number,
  ) {}
  rebind(host: string): Promise<void> {
    const failure = this.failNext;
    this.failNext = null;
    if (failure) return Promise.reject(failure);
    this.rebinds.push(host);
    this.host = host;
    return Promise.resolve();
  }
  asListeners(): Listeners {
    return this as unknown as Listeners;
  }
}

export interface FakeAppOptions {
  networkInterfaces?: () => NodeJS.Dict<NetworkInterfaceInfo[]>;
  settingsFile?: SettingsFile;
  dataDir?: string;
}

/**
 * A RunningApp whose parts a test fills in, with the real SettingsService over fake listeners
 * and an in-memory settings file; stop() is recorded.
 */
export function fakeRunningApp(
  host: string,
  httpPort: number,
  smtpPort: number,
  parts: Partial<Pick<RunningApp, 'video' | 'mail' | 'initialApiKey'>> = {},
  options: FakeAppOptions = {},
): FakeRunningApp & { listeners: FakeListeners } {
  const listeners = new FakeListeners(host, httpPort, smtpPort);
  const domains = ['ephemera.localhost'];
  const settings = new SettingsService({
    config: { host, dataDir: options.dataDir ?? '/data', proxy: null, domains: [] },
    file: options.settingsFile ?? memorySettings(),
    listeners: listeners.asListeners(),
    setProxy: () => undefined,
    domains: {
      list: () => [...domains],
      add: (d) => (domains.includes(d) ? d : (domains.push(d), d)),
      delete: (d) => {
        const at = domains.indexOf(d);
        if (at >= 0) domains.splice(at, 1);
      },
    },
    version: '0.1.0',
    initialApiKey: parts.initialApiKey ?? null,
    networkInterfaces: options.networkInterfaces ?? (() => ({})),
    logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
  });
  return {
    get httpUrl() {
      const h = listeners.host.includes(':') ? `[${listeners.host}]` : listeners.host;
      return `http://${h}:${httpPort}`;
    },
    get smtpHost() {
      return listeners.host;
    },
    smtpPort,
    video: parts.video ?? ({} as RunningApp['video']),
    scheduler: {} as RunningApp['scheduler'],
    mail: parts.mail ?? ({ hub: new FakeHub() } as unknown as RunningApp['mail']),
    settings,
    checkMx: (domain) => Promise.resolve({ domain, records: [], error: null, problem: null }),
    initialApiKey: parts.initialApiKey ?? null,
    listeners,
    stop: vi.fn(() => Promise.resolve()),
  };
}

/** Settings kept in memory, with every write recorded. */
export function memorySettings(initial: Partial<Settings> = {}): SettingsFile & {
  writes: Settings[];
} {
  let current: Settings = { ...DEFAULT_SETTINGS, ...initial };
  const writes: Settings[] = [];
  return {
    writes,
    read: () => ({ ...current }),
    write: (settings) => {
      current = { ...settings };
      writes.push({ ...settings });
    },
  };
}

/** A message from the mail corpus' shape with a code. */
export function sampleMail(overrides: Partial<Mail> = {}): Mail {
  return {
    id: 1,
    email: 'abc1234567@ephemera.localhost',
    from: 'noreply@example.org',
    from_name: 'Example',
    to: ['abc1234567@ephemera.localhost'],
    subject: 'Your sign-in code',
    text: 'Your code is 482913',
    html: null,
    received_at: '2026-11-22T12:00:00.000Z',
    code: '482913',
    link: null,
    size: 420,
    attachments: [],
    read: false,
    truncated: false,
    parse_error: null,
    ...overrides,
  };
}
