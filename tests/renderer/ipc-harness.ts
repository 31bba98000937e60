import { EventEmitter } from 'node:events';
import path from 'node:path';
import type { IpcRenderer } from 'electron';
import type { Dispatcher } from 'undici';
import { AppController } from '../../src-main/app/app-controller.ts';
import { startApp } from '../../src-main/app/compose.ts';
import type { MxResolver } from '../../src-main/mail/access/mx-check.ts';
import { toAppInfo } from '../../src-main/electron/app.ipc.ts';
import { desktopIpc } from '../../src-main/electron/ipc-handlers.ts';
import { registerIpcHandlers, trustedSenderCheck } from '../../src-main/electron/ipc-register.ts';
import type { SaveDialog } from '../../src-main/electron/save-files.ipc.ts';
import { MailWatch } from '../../src-main/electron/mail-watch.ts';
import { createEphemeraApi } from '../../src-main/electron/preload/preload-api.ts';
import { isSameOrigin } from '../../src-main/electron/window-options.ts';
import type { AppInfo } from '../../src-shared/ipc/app-schemas.ts';
import type { IpcEventChannel, IpcEventPayload } from '../../src-shared/ipc/desktop-contract.ts';
import type { IpcResult } from '../../src-shared/ipc/result.ts';
import { createIpcApi } from '../../src-renderer/api/ipc-transport.ts';
import type { EphemeraApi } from '../../src-renderer/api/types.ts';
import { simDispatcher } from '../fixtures/platform-sim/sim-dispatcher.ts';
import { PlatformSim } from '../fixtures/platform-sim/sim-server.ts';
import { DESKTOP_STUBS } from '../helpers/desktop-stubs.ts';
import { FakeIpcMain, FakeWebContents } from '../helpers/fake-electron.ts';
import { simRegistry } from '../helpers/test-app.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';

/** The LAN address the fake network interfaces report. */
export const LAN_ADDRESS = '192.168.1.20';

/** What the injected MX resolver answers for this domain (and nothing for any other). */
export const MX_DOMAIN = 'mail.example.org';
export const MX_RECORDS = [
  { exchange: 'mx2.example.org', priority: 20 },
  { exchange: 'mx1.example.org', priority: 10 },
];

/** The version both the services and the desktop shell report. */
export const TEST_VERSION = '0.1.0-ipc-test';

const quietLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The renderer side of Electron's IPC as the preload sees it: `invoke` reaches the (fake)
 * ipcMain as a request from the app window's top frame on the app's origin, and what main
 * `webContents.send`s comes back as `(event, payload)`. Both directions go through the
 * structured clone algorithm, as Electron's do.
 */
class FakeIpcRenderer extends EventEmitter {
  constructor(
    private readonly ipcMain: FakeIpcMain,
    private readonly contents: FakeWebContents,
    private readonly origin: () => string,
  ) {
    super();
  }

  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    return Promise.resolve()
      .then(() =>
        this.ipcMain.invoke(
          channel,
          this.contents.invokeEvent(`${this.origin()}/`),
          structuredClone(args[0]),
        ),
      )
      .then((result) => structuredClone(result));
  }

  /** main's `webContents.send(channel, payload)`. */
  push<E extends IpcEventChannel>(channel: E, payload: IpcEventPayload<E>): void {
    // Electron's IpcRendererEvent comes first; the preload drops it.
    this.emit(channel, {}, structuredClone(payload));
  }

  asIpcRenderer(): Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'> {
    return this as unknown as Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>;
  }
}

export interface IpcHarness {
  /** The renderer's api over IPC, as the desktop window's UI uses it. */
  api: EphemeraApi;
  /** The AppInfo the window started with (`app:info` through the bridge). */
  first: AppInfo;
  controller: AppController;
  sim: PlatformSim;
  watches: MailWatch;
  /** Where the fake save dialog writes. */
  savePath: string;
  saveAsks: Parameters<SaveDialog['ask']>[0][];
  mxLookups: string[];
  close(): Promise<void>;
}

/**
 * The desktop's IPC path minus Electron: the real services (startApp through AppController,
 * platform simulator behind them), the real IPC handlers registered on a fake ipcMain, the real
 * preload's `window.ephemera` over a fake ipcRenderer, and the renderer's IPC transport on top.
 * Live mail reaches the page the way desktop.ts sends it: MailWatch → `mail:received`.
 */
export async function startIpcHarness(): Promise<IpcHarness> {
  const sim = await new PlatformSim().start();
  const dispatcher: Dispatcher = simDispatcher(sim.port);
  const dataDir = makeTempDir('ephemera-ipc-data-');
  const saveDir = makeTempDir('ephemera-ipc-save-');
  const savePath = path.join(saveDir, 'saved-video.mp4');
  const saveAsks: Parameters<SaveDialog['ask']>[0][] = [];
  const mxLookups: string[] = [];
  const resolveMx: MxResolver = async (domain) => {
    mxLookups.push(domain);
    return domain === MX_DOMAIN ? MX_RECORDS.map((r) => ({ ...r })) : [];
  };

  const controller = new AppController({
    config: {
      host: '127.0.0.1',
      port: 0,
      smtpPort: 0,
      dataDir,
      domains: [],
      headless: false,
      proxy: null,
    },
    start: (config) =>
      startApp(config, {
        quiet: true,
        version: TEST_VERSION,
        resolveMx,
        networkInterfaces: () => ({
          eth0: [
            {
              address: LAN_ADDRESS,
              netmask: '255.255.255.0',
              family: 'IPv4',
              mac: '02:00:00:00:00:01',
              internal: false,
              cidr: `${LAN_ADDRESS}/24`,
            },
          ],
        }),
        registry: simRegistry(),
        dispatcher,
        retry: { attempts: 2, baseDelayMs: 10 },
      }),
    logger: quietLogger,
  });

  const contents = new FakeWebContents();
  const ipcMain = new FakeIpcMain();
  const origin = () => new URL(controller.status().localUrl).origin;
  const renderer = new FakeIpcRenderer(ipcMain, contents, origin);
  const meta = { version: TEST_VERSION, platform: process.platform };

  // As runDesktop: watches follow the running hub, changes are pushed as app:changed.
  const watches = new MailWatch((mail) => renderer.push('mail:received', mail));
  controller.onChange((change) => {
    watches.attach(change.app.mail.hub);
    renderer.push('app:changed', toAppInfo(change.status, meta));
  });

  let unregister: (() => void) | null = null;
  const close = async () => {
    unregister?.();
    watches.clear();
    await controller.stop();
    await dispatcher.close();
    await sim.stop();
    removeTempDir(dataDir);
    removeTempDir(saveDir);
  };

  try {
    await controller.start();
    const services = () => controller.services();
    const saveDialog: SaveDialog = {
      ask: async (options) => {
        saveAsks.push(options);
        return { canceled: false, filePath: savePath };
      },
      downloadsDir: () => saveDir,
    };
    unregister = registerIpcHandlers(
      ipcMain.asIpcMain(),
      desktopIpc({
        controller,
        services,
        meta,
        ...DESKTOP_STUBS,
        saveDialog,
        watches,
      }),
      {
        isTrustedSender: trustedSenderCheck(
          () => contents.id,
          (url) => isSameOrigin(url, origin()),
        ),
        logger: quietLogger,
      },
    );

    // What connectApi() does inside Electron, with the real preload's bridge.
    const bridge = createEphemeraApi(renderer.asIpcRenderer());
    const info: IpcResult<AppInfo> = await bridge.invoke('app:info');
    if (!info.ok) throw new Error(`app:info failed: ${info.error.code} ${info.error.message}`);
    return {
      api: createIpcApi(bridge, info.value),
      first: info.value,
      controller,
      sim,
      watches,
      savePath,
      saveAsks,
      mxLookups,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
