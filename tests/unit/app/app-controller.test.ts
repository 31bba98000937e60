import type os from 'node:os';
import { describe, expect, it, vi } from 'vitest';
import {
  AppController,
  ServicesUnavailableError,
  firstLanAddress,
  type AppChange,
} from '../../../src-main/app/app-controller.ts';
import type { StartConfig } from '../../../src-main/app/compose.ts';
import { StartupError } from '../../../src-main/app/config.ts';
import { fakeRunningApp, memorySettings } from '../../helpers/fake-electron.ts';

const LAN: NodeJS.Dict<os.NetworkInterfaceInfo[]> = {
  lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true } as os.NetworkInterfaceInfo],
  eth0: [
    { address: 'fe80::1', family: 'IPv6', internal: false } as os.NetworkInterfaceInfo,
    { address: '192.168.1.20', family: 'IPv4', internal: false } as os.NetworkInterfaceInfo,
  ],
};

function config(overrides: Partial<StartConfig> = {}): StartConfig {
  return {
    host: '127.0.0.1',
    port: 0,
    smtpPort: 0,
    dataDir: '/data',
    domains: [],
    headless: false,
    proxy: null,
    ...overrides,
  };
}

/** A controller whose services are fakes that take port 0 as 40000/40001. */
function setup(options: { lanSharing?: boolean; host?: string; failOn?: string[] } = {}) {
  const started: StartConfig[] = [];
  const apps: ReturnType<typeof fakeRunningApp>[] = [];
  const settings = memorySettings({ lanSharing: options.lanSharing ?? false });
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const controller = new AppController({
    config: config({ host: options.host ?? '127.0.0.1' }),
    settings,
    logger,
    networkInterfaces: () => LAN,
    start: (c) => {
      started.push(c);
      if (options.failOn?.includes(c.host)) {
        return Promise.reject(new StartupError(`This machine has no address matching --host.`));
      }
      const app = fakeRunningApp(c.host, c.port || 40000, c.smtpPort || 40001, {
        initialApiKey: apps.length === 0 ? 'eph_first' : null,
      });
      apps.push(app);
      return Promise.resolve(app);
    },
  });
  const changes: AppChange[] = [];
  controller.onChange((change) => changes.push(change));
  return { controller, started, apps, settings, changes, logger };
}

describe('AppController', () => {
  it('starts the services on loopback by default and reports where they are', async () => {
    const { controller, started, changes } = setup();
    await controller.start();
    expect(started).toEqual([expect.objectContaining({ host: '127.0.0.1', port: 0, smtpPort: 0 })]);
    expect(controller.status()).toEqual({
      localUrl: 'http://127.0.0.1:40000',
      lanUrl: null,
      lanSharing: false,
      smtpHost: '127.0.0.1',
      smtpPort: 40001,
      initialApiKey: 'eph_first',
    });
    expect(changes).toHaveLength(1);
    await controller.stop();
  });

  it('LAN sharing on: restarts on 0.0.0.0 with the same ports, saves it, gives the LAN URL', async () => {
    const { controller, started, apps, settings, changes } = setup();
    await controller.start();
    const status = await controller.setLanSharing(true);
    expect(apps[0]?.stop).toHaveBeenCalledOnce();
    expect(started[1]).toMatchObject({ host: '0.0.0.0', port: 40000, smtpPort: 40001 });
    expect(status).toMatchObject({
      lanSharing: true,
      localUrl: 'http://127.0.0.1:40000',
      lanUrl: 'http://192.168.1.20:40000',
      smtpHost: '0.0.0.0',
      // The first run's key survives the restart (only the first start reports it).
      initialApiKey: 'eph_first',
    });
    expect(settings.writes.at(-1)).toMatchObject({ lanSharing: true });
    expect(changes.at(-1)?.app).toBe(apps[1]);
    await controller.setLanSharing(false);
    expect(started[2]).toMatchObject({ host: '127.0.0.1', port: 40000 });
    expect(controller.status().lanUrl).toBeNull();
    await controller.stop();
    expect(apps[2]?.stop).toHaveBeenCalledOnce();
  });

  it('starts shared when the saved setting says so', async () => {
    const { controller, started } = setup({ lanSharing: true });
    await controller.start();
    expect(started[0]?.host).toBe('0.0.0.0');
    expect(controller.status().lanSharing).toBe(true);
    await controller.stop();
  });

  it('a setting that does not change the binding restarts nothing', async () => {
    const { controller, started } = setup();
    await controller.start();
    await controller.updateSettings({ lanSharing: false, codeNotifications: false });
    expect(started).toHaveLength(1);
    expect(controller.settings).toEqual({ lanSharing: false, codeNotifications: false });
    await controller.stop();
  });

  it('a failed switch goes back to the previous binding, keeps the setting, and says why', async () => {
    const { controller, started, settings } = setup({ failOn: ['0.0.0.0'] });
    await controller.start();
    await expect(controller.setLanSharing(true)).rejects.toThrow(StartupError);
    expect(started.map((c) => c.host)).toEqual(['127.0.0.1', '0.0.0.0', '127.0.0.1']);
    expect(controller.status().lanSharing).toBe(false);
    expect(settings.writes).toEqual([]);
    await expect(controller.services()).resolves.toBeDefined();
    await controller.stop();
  });

  it('services() waits for a switch in progress, then gives the new services', async () => {
    const { controller, apps } = setup();
    await controller.start();
    const switching = controller.setLanSharing(true);
    const services = controller.services();
    await switching;
    expect(await services).toBe(apps[1]);
    await controller.stop();
  });

  it('after stop, services() is unavailable', async () => {
    const { controller } = setup();
    await controller.start();
    await controller.stop();
    await expect(controller.services()).rejects.toThrow(ServicesUnavailableError);
  });

  it('a start that fails leaves the reason for later callers', async () => {
    const { controller } = setup({ failOn: ['127.0.0.1'] });
    await expect(controller.start()).rejects.toThrow(/no address/);
    await expect(controller.services()).rejects.toThrow(/no address/);
  });
});

describe('firstLanAddress', () => {
  it('skips internal, IPv6 and link-local addresses', () => {
    expect(firstLanAddress(LAN)).toBe('192.168.1.20');
    expect(
      firstLanAddress({
        wlan0: [{ address: '169.254.3.4', family: 'IPv4', internal: false } as never],
        lo: LAN.lo,
      }),
    ).toBeNull();
  });
});
