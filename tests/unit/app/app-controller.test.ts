import { describe, expect, it, vi } from 'vitest';
import {
  AppController,
  ServicesUnavailableError,
  type AppChange,
} from '../../../src-main/app/app-controller.ts';
import type { StartConfig } from '../../../src-main/app/compose.ts';
import { StartupError } from '../../../src-main/core/startup-error.ts';
import { deferred } from '../../helpers/deferred.ts';
import { DESKTOP_CONFIG, fakeRunningApp } from '../../helpers/fake-electron.ts';

const LAN = () =>
  ({
    eth0: [{ address: '192.168.1.20', family: 'IPv4', internal: false }],
  }) as never;

const CONFIG = DESKTOP_CONFIG;

function setup(start?: (config: StartConfig) => Promise<ReturnType<typeof fakeRunningApp>>) {
  const apps: ReturnType<typeof fakeRunningApp>[] = [];
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const controller = new AppController({
    config: CONFIG,
    logger,
    start:
      start ??
      ((c) => {
        const app = fakeRunningApp(
          c.host,
          c.port,
          c.smtpPort,
          { initialApiKey: 'eph_first' },
          { networkInterfaces: LAN },
        );
        apps.push(app);
        return Promise.resolve(app);
      }),
  });
  const changes: AppChange[] = [];
  controller.onChange((change) => changes.push(change));
  return { controller, apps, changes, logger };
}

describe('AppController', () => {
  it('starts the services once and reports where they are', async () => {
    const { controller, apps, changes } = setup();
    const [a, b] = await Promise.all([controller.start(), controller.start()]);
    expect(a).toBe(b);
    expect(apps).toHaveLength(1);
    expect(controller.status()).toEqual({
      localUrl: 'http://127.0.0.1:8787',
      lanUrl: null,
      lanSharing: false,
      smtpHost: '127.0.0.1',
      smtpPort: 2525,
      initialApiKey: 'eph_first',
    });
    expect(changes).toHaveLength(1);
    expect(await controller.services()).toBe(a);
  });

  it('LAN sharing rebinds the same services in place and tells the listeners', async () => {
    const { controller, apps, changes } = setup();
    await controller.start();
    const settings = await controller.updateSettings({ lan_enabled: true });
    expect(settings).toMatchObject({ lan_enabled: true, lan_url: 'http://192.168.1.20:8787' });
    expect(apps).toHaveLength(1);
    expect(apps[0]?.listeners.rebinds).toEqual(['0.0.0.0']);
    expect(apps[0]?.stop).not.toHaveBeenCalled();
    expect(changes.at(-1)?.status).toMatchObject({
      lanSharing: true,
      localUrl: 'http://127.0.0.1:8787',
      lanUrl: 'http://192.168.1.20:8787',
    });
    await controller.updateSettings({ lan_enabled: false });
    expect(apps[0]?.listeners.rebinds).toEqual(['0.0.0.0', '127.0.0.1']);
    expect(controller.status().lanUrl).toBeNull();
  });

  it('code notifications follow the setting', async () => {
    const { controller } = setup();
    expect(controller.codeNotifications).toBe(false);
    await controller.start();
    expect(controller.codeNotifications).toBe(true);
    await controller.updateSettings({ code_notifications: false });
    expect(controller.codeNotifications).toBe(false);
  });

  it('before any start the services are unavailable; during one, callers wait for it', async () => {
    const started = deferred<ReturnType<typeof fakeRunningApp>>();
    const { controller } = setup(() => started.promise);
    await expect(controller.services()).rejects.toBeInstanceOf(ServicesUnavailableError);
    await expect(controller.updateSettings({ lan_enabled: true })).rejects.toThrow(/not started/);
    void controller.start();
    expect(() => controller.status()).toThrow(ServicesUnavailableError);
    const waiting = controller.services();
    const app = fakeRunningApp('127.0.0.1', 8787, 2525);
    started.resolve(app);
    await expect(waiting).resolves.toBe(app);
  });

  it('a start that fails leaves the reason for later callers', async () => {
    const { controller } = setup(() =>
      Promise.reject(new StartupError('HTTP port 8787 is already in use; choose another.')),
    );
    await expect(controller.start()).rejects.toThrow(/already in use/);
    await expect(controller.services()).rejects.toThrow(/already in use/);
  });

  it('stop stops the services, also while they are still starting; then they are unavailable', async () => {
    const started = deferred<ReturnType<typeof fakeRunningApp>>();
    const { controller } = setup(() => started.promise);
    void controller.start();
    const stopping = controller.stop();
    const app = fakeRunningApp('127.0.0.1', 8787, 2525);
    started.resolve(app);
    await stopping;
    expect(app.stop).toHaveBeenCalledOnce();
    await expect(controller.services()).rejects.toThrow(/quitting/);
  });

  it('a listener that throws is logged and does not stop the others', async () => {
    const { controller, changes, logger } = setup();
    controller.onChange(() => {
      throw new Error('boom');
    });
    await controller.start();
    expect(changes).toHaveLength(1);
    expect(logger.error).toHaveBeenCalledWith('a change listener failed', expect.any(Error));
  });
});
