import fs from 'node:fs';
import type os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../src-main/core/app-error.ts';
import { RebindError, type Listeners } from '../../../src-main/net/listeners.ts';
import { firstLanAddress } from '../../../src-main/settings/lan-address.ts';
import {
  SettingsService,
  type SettingsServiceDeps,
} from '../../../src-main/settings/settings-service.ts';
import type { SettingsFile } from '../../../src-main/settings/settings-file.ts';
import type {
  LockableSetting,
  ServerSettingsPatch,
} from '../../../src-shared/api/server-settings.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../../src-shared/settings/schemas.ts';
import { deferred } from '../../helpers/deferred.ts';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir.ts';

const HTTP_PORT = 8787;
const SMTP_PORT = 2525;

function iface(
  address: string,
  family: 'IPv4' | 'IPv6',
  internal = false,
): os.NetworkInterfaceInfo {
  return { address, family, internal } as os.NetworkInterfaceInfo;
}

/** Loopback, a link-local address and IPv6 first: the LAN address is eth0's 192.168.1.20. */
const LAN: NodeJS.Dict<os.NetworkInterfaceInfo[]> = {
  lo: [iface('127.0.0.1', 'IPv4', true), iface('::1', 'IPv6', true)],
  eth1: [iface('169.254.10.20', 'IPv4')],
  eth0: [iface('fe80::1', 'IPv6'), iface('192.168.1.20', 'IPv4')],
  wlan0: [iface('10.0.0.5', 'IPv4')],
};

/** Listeners as SettingsService sees them: a host, two ports, and a rebind that may fail. */
class FakeListeners {
  host: string;
  readonly httpPort = HTTP_PORT;
  readonly smtpPort = SMTP_PORT;
  readonly rebind = vi.fn((host: string): Promise<void> => {
    this.host = host;
    return Promise.resolve();
  });

  constructor(host: string) {
    this.host = host;
  }
}

function memoryFile(initial: Partial<Settings> = {}) {
  let stored: Settings = { ...DEFAULT_SETTINGS, ...initial };
  const file = {
    read: vi.fn(() => ({ ...stored })),
    write: vi.fn((settings: Settings) => {
      stored = { ...settings };
    }),
    get stored() {
      return stored;
    },
  };
  return file satisfies SettingsFile;
}

function memoryDomains(initial: string[] = ['ephemera.test']) {
  const domains = [...initial];
  return {
    list: vi.fn(() => [...domains]),
    add: vi.fn((domain: string) => {
      if (!domains.includes(domain)) domains.push(domain);
      return domain;
    }),
    delete: vi.fn((domain: string) => {
      const at = domains.indexOf(domain);
      if (at >= 0) domains.splice(at, 1);
      return at >= 0;
    }),
  };
}

interface SetupOptions {
  host?: string;
  listenHost?: string;
  dataDir?: string;
  settingsDir?: string;
  proxy?: string | null;
  configDomains?: string[];
  locked?: LockableSetting[];
  stored?: Partial<Settings>;
  file?: SettingsFile;
  domains?: string[];
  interfaces?: NodeJS.Dict<os.NetworkInterfaceInfo[]>;
}

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) removeTempDir(dir);
  dirs = [];
});

function tempDir(): string {
  const dir = makeTempDir('ephemera-settings-service-');
  dirs.push(dir);
  return dir;
}

function setup(options: SetupOptions = {}) {
  const host = options.host ?? '127.0.0.1';
  const listeners = new FakeListeners(options.listenHost ?? host);
  const file = memoryFile(options.stored);
  const domains = memoryDomains(options.domains);
  const setProxy = vi.fn();
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const dataDir = options.dataDir ?? path.join(tempDir(), 'data');
  const deps: SettingsServiceDeps = {
    config: {
      host,
      dataDir,
      proxy: options.proxy ?? null,
      domains: options.configDomains ?? [],
      ...(options.locked ? { locked: options.locked } : {}),
      ...(options.settingsDir ? { settingsDir: options.settingsDir } : {}),
    },
    file: options.file ?? file,
    listeners: listeners as unknown as Listeners,
    setProxy,
    domains,
    version: '1.2.3',
    initialApiKey: 'eph_first',
    networkInterfaces: () => options.interfaces ?? LAN,
    logger,
  };
  const service = new SettingsService(deps);
  const changes = vi.fn();
  service.onChange(changes);
  return { service, listeners, file, domains, setProxy, logger, changes, dataDir };
}

/** The rejection of `promise` (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const outcome = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(outcome).toBeInstanceOf(AppError);
  return outcome as AppError;
}

describe('firstLanAddress', () => {
  it('takes the first IPv4 address of a non-internal interface, skipping link-local', () => {
    expect(firstLanAddress(LAN)).toBe('192.168.1.20');
  });

  it('accepts the numeric family of Node 18.0–18.3', () => {
    const old = { eth0: [{ address: '192.168.7.7', family: 4, internal: false }] };
    expect(firstLanAddress(old as unknown as NodeJS.Dict<os.NetworkInterfaceInfo[]>)).toBe(
      '192.168.7.7',
    );
  });

  it('is null without a LAN address', () => {
    expect(firstLanAddress({})).toBeNull();
    expect(firstLanAddress({ lo: [iface('127.0.0.1', 'IPv4', true)], none: undefined })).toBeNull();
    expect(
      firstLanAddress({
        eth0: [
          iface('fe80::1', 'IPv6'),
          iface('2001:db8::5', 'IPv6'),
          iface('169.254.1.1', 'IPv4'),
        ],
      }),
    ).toBeNull();
  });
});

describe('SettingsService.startHost', () => {
  it('is every interface when LAN sharing is stored, else the configured host', () => {
    const on = { ...DEFAULT_SETTINGS, lanSharing: true };
    expect(SettingsService.startHost({ host: '127.0.0.1' }, on)).toBe('0.0.0.0');
    expect(SettingsService.startHost({ host: '127.0.0.1' }, DEFAULT_SETTINGS)).toBe('127.0.0.1');
    expect(SettingsService.startHost({ host: '::1' }, DEFAULT_SETTINGS)).toBe('::1');
  });
});

describe('SettingsService status and info', () => {
  it('on loopback: a local URL, no LAN URL', () => {
    const { service } = setup();
    expect(service.status()).toEqual({
      localUrl: `http://127.0.0.1:${HTTP_PORT}`,
      lanUrl: null,
      lanSharing: false,
      smtpHost: '127.0.0.1',
      smtpPort: SMTP_PORT,
      initialApiKey: 'eph_first',
    });
  });

  it('on every interface: loopback for this machine, the LAN address for phones', () => {
    const { service } = setup({ listenHost: '0.0.0.0' });
    expect(service.status()).toEqual({
      localUrl: `http://127.0.0.1:${HTTP_PORT}`,
      lanUrl: `http://192.168.1.20:${HTTP_PORT}`,
      lanSharing: true,
      smtpHost: '0.0.0.0',
      smtpPort: SMTP_PORT,
      initialApiKey: 'eph_first',
    });
  });

  it('sharing on "::" without any LAN address: sharing, but no LAN URL', () => {
    const { service } = setup({ listenHost: '::', interfaces: { lo: LAN.lo } });
    expect(service.status()).toMatchObject({
      localUrl: `http://127.0.0.1:${HTTP_PORT}`,
      lanUrl: null,
      lanSharing: true,
    });
  });

  it('brackets an IPv6 host in the local URL', () => {
    const { service } = setup({ host: '::1' });
    expect(service.status().localUrl).toBe(`http://[::1]:${HTTP_PORT}`);
    expect(service.status().smtpHost).toBe('::1');
  });

  it('uses the real interfaces when none are given', () => {
    const service = new SettingsService({
      config: { host: '0.0.0.0', dataDir: tempDir(), proxy: null, domains: [] },
      file: memoryFile(),
      listeners: new FakeListeners('0.0.0.0') as unknown as Listeners,
      setProxy: vi.fn(),
      domains: memoryDomains(),
      version: '1.2.3',
      initialApiKey: null,
      logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    });
    const { lanUrl, initialApiKey } = service.status();
    expect(lanUrl === null || lanUrl.endsWith(`:${HTTP_PORT}`)).toBe(true);
    expect(initialApiKey).toBeNull();
  });

  it('info: version, URLs, SMTP port and the domains', () => {
    const { service } = setup({ listenHost: '0.0.0.0', domains: ['a.test', 'b.test'] });
    expect(service.info()).toEqual({
      version: '1.2.3',
      http_url: `http://127.0.0.1:${HTTP_PORT}`,
      lan_url: `http://192.168.1.20:${HTTP_PORT}`,
      lan_enabled: true,
      smtp_port: SMTP_PORT,
      domains: ['a.test', 'b.test'],
      // No MX knowledge given: the first entry.
      default_domain: 'a.test',
    });
  });
});

describe('SettingsService.read', () => {
  it('reports the running state when nothing is stored', () => {
    const { service, dataDir, file } = setup({ proxy: 'http://127.0.0.1:3128' });
    expect(service.read()).toEqual({
      lan_enabled: false,
      lan_url: null,
      http_port: HTTP_PORT,
      smtp_port: SMTP_PORT,
      domains: ['ephemera.test'],
      domains_locked: false,
      proxy: 'http://127.0.0.1:3128',
      proxy_password_set: false,
      data_dir: dataDir,
      code_notifications: true,
      allowed_hosts: [],
      auto_updates: true,
      locked: [],
      restart_required: false,
    });
    expect(file.read).toHaveBeenCalledOnce();
    expect(service.codeNotifications).toBe(true);
  });

  it('reports values stored for the next start, with restart_required', () => {
    const next = tempDir();
    const { service } = setup({
      stored: { httpPort: 9000, smtpPort: 2600, dataDir: next, codeNotifications: false },
    });
    expect(service.read()).toMatchObject({
      http_port: 9000,
      smtp_port: 2600,
      data_dir: next,
      code_notifications: false,
      restart_required: true,
    });
    expect(service.codeNotifications).toBe(false);
  });

  it('locked mirrors the flags, and a flag hides the stored value it overrides', () => {
    const { service, dataDir } = setup({
      locked: ['http_port', 'data_dir'],
      stored: { httpPort: 9000, smtpPort: 2600, dataDir: tempDir() },
    });
    expect(service.read()).toMatchObject({
      locked: ['http_port', 'data_dir'],
      http_port: HTTP_PORT,
      smtp_port: 2600,
      data_dir: dataDir,
      restart_required: true,
    });
  });

  it('is not restart_required when every stored value is overridden by a flag', () => {
    const { service } = setup({
      locked: ['http_port', 'smtp_port', 'proxy', 'data_dir'],
      stored: { httpPort: 9000, smtpPort: 2600, dataDir: tempDir() },
    });
    expect(service.read()).toMatchObject({
      http_port: HTTP_PORT,
      smtp_port: SMTP_PORT,
      restart_required: false,
    });
  });

  it('domains_locked when --domain gave the pool', () => {
    expect(setup({ configDomains: ['flag.test'] }).service.read().domains_locked).toBe(true);
    expect(setup().service.read().domains_locked).toBe(false);
  });

  it('lan_url is null while sharing is off and the LAN URL while on', async () => {
    const { service } = setup();
    expect(service.read()).toMatchObject({ lan_enabled: false, lan_url: null });
    await service.update({ lan_enabled: true });
    expect(service.read()).toMatchObject({
      lan_enabled: true,
      lan_url: `http://192.168.1.20:${HTTP_PORT}`,
    });
  });
});

describe('SettingsService.update: LAN sharing', () => {
  it('turning it on rebinds to 0.0.0.0, saves it and tells the listeners', async () => {
    const { service, listeners, file, changes } = setup();

    const settings = await service.update({ lan_enabled: true });

    expect(listeners.rebind).toHaveBeenCalledExactlyOnceWith('0.0.0.0');
    expect(settings).toMatchObject({
      lan_enabled: true,
      lan_url: `http://192.168.1.20:${HTTP_PORT}`,
      restart_required: false,
    });
    expect(file.stored.lanSharing).toBe(true);
    expect(file.write).toHaveBeenCalledOnce();
    expect(changes).toHaveBeenCalledOnce();
  });

  it('turning it off goes back to the configured host', async () => {
    const { service, listeners, file } = setup({
      stored: { lanSharing: true },
      listenHost: '0.0.0.0',
    });

    const settings = await service.update({ lan_enabled: false });

    expect(listeners.rebind).toHaveBeenCalledExactlyOnceWith('127.0.0.1');
    expect(settings).toMatchObject({ lan_enabled: false, lan_url: null });
    expect(file.stored.lanSharing).toBe(false);
  });

  it('turning it off goes back to a specific --host', async () => {
    const { service, listeners } = setup({ host: '192.168.1.20', listenHost: '0.0.0.0' });
    await service.update({ lan_enabled: false });
    expect(listeners.rebind).toHaveBeenCalledExactlyOnceWith('192.168.1.20');
  });

  it('with --host 0.0.0.0, off means loopback', async () => {
    const { service, listeners } = setup({ host: '0.0.0.0' });
    expect(service.read().lan_enabled).toBe(true);
    await service.update({ lan_enabled: false });
    expect(listeners.rebind).toHaveBeenCalledExactlyOnceWith('127.0.0.1');
    expect(service.read().lan_enabled).toBe(false);
  });

  it('a failed rebind is LAN_UNAVAILABLE, and nothing else of the change is applied or saved', async () => {
    const { service, listeners, file, domains, setProxy, changes } = setup({
      domains: ['a.test'],
    });
    listeners.rebind.mockRejectedValueOnce(new RebindError('Another program uses 8787.'));
    const before = service.read();

    const error = await rejection(
      service.update({
        lan_enabled: true,
        proxy: 'http://127.0.0.1:3128',
        domains: ['b.test'],
        http_port: 9000,
        smtp_port: 2600,
        code_notifications: false,
      }),
    );

    expect(error.code).toBe('LAN_UNAVAILABLE');
    expect(error.status).toBe(409);
    expect(error.message).toBe('Another program uses 8787.');
    expect(setProxy).not.toHaveBeenCalled();
    expect(domains.add).not.toHaveBeenCalled();
    expect(domains.delete).not.toHaveBeenCalled();
    expect(file.write).not.toHaveBeenCalled();
    expect(changes).not.toHaveBeenCalled();
    expect(service.read()).toEqual(before);
    expect(service.codeNotifications).toBe(true);
  });

  it('passes other rebind failures through as they are', async () => {
    const { service, listeners, file } = setup();
    const odd = new Error('odd');
    listeners.rebind.mockRejectedValueOnce(odd);

    const outcome = await service.update({ lan_enabled: true }).then(
      () => null,
      (err: unknown) => err,
    );

    expect(outcome).toBe(odd);
    expect(file.write).not.toHaveBeenCalled();
  });
});

describe('SettingsService.update: locks and validation', () => {
  const lockedPatches: [LockableSetting, ServerSettingsPatch, string][] = [
    ['http_port', { http_port: 9000 }, '--port or EPHEMERA_PORT'],
    ['smtp_port', { smtp_port: 2600 }, '--smtp-port or EPHEMERA_SMTP_PORT'],
    ['proxy', { proxy: null }, '--proxy or EPHEMERA_PROXY'],
    ['data_dir', { data_dir: '/anywhere' }, '--data-dir or EPHEMERA_DATA_DIR'],
  ];

  it.each(lockedPatches)('%s set by a flag is SETTING_LOCKED', async (field, patch, source) => {
    const { service, file, setProxy, listeners, changes } = setup({ locked: [field] });

    const error = await rejection(service.update({ lan_enabled: true, ...patch }));

    expect(error.code).toBe('SETTING_LOCKED');
    expect(error.status).toBe(409);
    expect(error.message).toContain(field);
    expect(error.message).toContain(source);
    expect(listeners.rebind).not.toHaveBeenCalled();
    expect(setProxy).not.toHaveBeenCalled();
    expect(file.write).not.toHaveBeenCalled();
    expect(changes).not.toHaveBeenCalled();
  });

  it('other settings stay open while some are locked', async () => {
    const { service } = setup({ locked: ['http_port', 'proxy'] });
    await expect(
      service.update({ smtp_port: 2600, code_notifications: false }),
    ).resolves.toMatchObject({
      smtp_port: 2600,
      code_notifications: false,
      locked: ['http_port', 'proxy'],
    });
  });

  it('domains given by --domain are SETTING_LOCKED', async () => {
    const { service, domains, file } = setup({ configDomains: ['flag.test'] });

    const error = await rejection(service.update({ domains: ['other.test'] }));

    expect(error.code).toBe('SETTING_LOCKED');
    expect(error.message).toContain('--domain or EPHEMERA_DOMAINS');
    expect(domains.add).not.toHaveBeenCalled();
    expect(file.write).not.toHaveBeenCalled();
  });

  it('an invalid domain is SETTINGS_INVALID and nothing is applied', async () => {
    const { service, domains, listeners, setProxy, file, changes } = setup();

    const error = await rejection(
      service.update({
        lan_enabled: true,
        proxy: 'http://127.0.0.1:3128',
        domains: ['good.test', 'not a domain'],
      }),
    );

    expect(error.code).toBe('SETTINGS_INVALID');
    expect(error.status).toBe(400);
    expect(error.message).toContain('"not a domain"');
    expect(listeners.rebind).not.toHaveBeenCalled();
    expect(setProxy).not.toHaveBeenCalled();
    expect(domains.add).not.toHaveBeenCalled();
    expect(file.write).not.toHaveBeenCalled();
    expect(changes).not.toHaveBeenCalled();
  });

  it.each([['x'], ['localhost'], ['mail.']])(
    'a single-label domain (%s) is SETTINGS_INVALID naming it',
    async (value) => {
      const { service, domains } = setup();
      const error = await rejection(service.update({ domains: ['good.test', value] }));
      expect(error.code).toBe('SETTINGS_INVALID');
      expect(error.message).toContain(`"${value}"`);
      expect(domains.add).not.toHaveBeenCalled();
    },
  );

  it.each([['localhost'], ['LOCALHOST'], ['127.0.0.1'], ['[::1]']])(
    'a loopback name (%s) as an extra host name is SETTINGS_INVALID: it is always allowed',
    async (value) => {
      const { service, file } = setup();
      const error = await rejection(service.update({ allowed_hosts: ['proxy.example', value] }));
      expect(error.code).toBe('SETTINGS_INVALID');
      expect(error.message).toContain('always allowed');
      expect(file.write).not.toHaveBeenCalled();
    },
  );

  it.each<[string, ServerSettingsPatch, Partial<Settings>]>([
    ['both given equal', { http_port: 5000, smtp_port: 5000 }, {}],
    ['HTTP on the running SMTP port', { http_port: SMTP_PORT }, {}],
    ['SMTP on the running HTTP port', { smtp_port: HTTP_PORT }, {}],
    ['SMTP on the stored HTTP port', { smtp_port: 9000 }, { httpPort: 9000 }],
    ['HTTP on the stored SMTP port', { http_port: 2600 }, { smtpPort: 2600 }],
  ])('two equal ports (%s) are SETTINGS_INVALID', async (_name, patch, stored) => {
    const { service, file, listeners } = setup({ stored });

    const error = await rejection(service.update({ lan_enabled: true, ...patch }));

    expect(error.code).toBe('SETTINGS_INVALID');
    expect(error.message).toBe('HTTP and SMTP need two different ports.');
    expect(listeners.rebind).not.toHaveBeenCalled();
    expect(file.write).not.toHaveBeenCalled();
  });

  it('swapping the two ports in one change is fine', async () => {
    const { service } = setup();
    await expect(
      service.update({ http_port: SMTP_PORT, smtp_port: HTTP_PORT }),
    ).resolves.toMatchObject({
      http_port: SMTP_PORT,
      smtp_port: HTTP_PORT,
      restart_required: true,
    });
  });

  // The check compares the ports the next start will use: a flag's port, not a stale stored one.
  it('refuses an SMTP port equal to the HTTP port a flag locked', async () => {
    const { service } = setup({ locked: ['http_port'], stored: { httpPort: 9000 } });
    const error = await rejection(service.update({ smtp_port: HTTP_PORT }));
    expect(error.code).toBe('SETTINGS_INVALID');
  });

  it('accepts an SMTP port equal to a stored HTTP port a flag overrides', async () => {
    const { service } = setup({ locked: ['http_port'], stored: { httpPort: 9000 } });
    await expect(service.update({ smtp_port: 9000 })).resolves.toMatchObject({
      http_port: HTTP_PORT,
      smtp_port: 9000,
    });
  });
});

describe('SettingsService.update: applied at once', () => {
  it('the proxy goes to setProxy, is reported and saved', async () => {
    const { service, setProxy, file, changes } = setup();

    const settings = await service.update({ proxy: 'socks5://127.0.0.1:1080' });

    expect(setProxy).toHaveBeenCalledExactlyOnceWith('socks5://127.0.0.1:1080');
    expect(settings.proxy).toBe('socks5://127.0.0.1:1080');
    expect(settings.restart_required).toBe(false);
    expect(file.stored.proxy).toBe('socks5://127.0.0.1:1080');
    expect(changes).toHaveBeenCalledOnce();

    await service.update({ proxy: null });

    expect(setProxy).toHaveBeenLastCalledWith(null);
    expect(service.read().proxy).toBeNull();
    expect(file.stored.proxy).toBeNull();
  });

  it('domains are replaced exactly: normalized, deduplicated, added and removed', async () => {
    const { service, domains } = setup({ domains: ['a.test', 'b.test'] });

    const settings = await service.update({ domains: [' B.Test. ', 'c.test', 'C.TEST'] });

    expect(domains.add.mock.calls).toEqual([['c.test']]);
    expect(domains.delete.mock.calls).toEqual([['a.test']]);
    expect(settings.domains).toEqual(['b.test', 'c.test']);
    expect(service.info().domains).toEqual(['b.test', 'c.test']);
  });

  it('an empty list removes every domain', async () => {
    const { service, domains } = setup({ domains: ['a.test', 'b.test'] });
    const settings = await service.update({ domains: [] });
    expect(domains.add).not.toHaveBeenCalled();
    expect(settings.domains).toEqual([]);
  });

  it('code notifications are saved and read back', async () => {
    const { service, file } = setup();
    const settings = await service.update({ code_notifications: false });
    expect(settings.code_notifications).toBe(false);
    expect(service.codeNotifications).toBe(false);
    expect(file.stored.codeNotifications).toBe(false);
    expect(settings.restart_required).toBe(false);
  });

  it('an empty change saves the same settings and still notifies', async () => {
    const { service, file, changes } = setup({ stored: { proxy: 'http://127.0.0.1:3128' } });
    await service.update({});
    expect(file.write).toHaveBeenCalledExactlyOnceWith({
      ...DEFAULT_SETTINGS,
      proxy: 'http://127.0.0.1:3128',
    });
    expect(changes).toHaveBeenCalledOnce();
  });

  it('keeps the stored fields a change does not name', async () => {
    const { service, file } = setup({ stored: { httpPort: 9000, lanSharing: true } });
    await service.update({ code_notifications: false });
    expect(file.stored).toEqual({
      ...DEFAULT_SETTINGS,
      httpPort: 9000,
      lanSharing: true,
      codeNotifications: false,
    });
  });
});

describe('SettingsService.update: saved for the next start', () => {
  it('ports are stored and need a restart; back to the bound port, they do not', async () => {
    const { service, file } = setup();

    const changed = await service.update({ http_port: 9000 });

    expect(changed).toMatchObject({
      http_port: 9000,
      smtp_port: SMTP_PORT,
      restart_required: true,
    });
    expect(file.stored.httpPort).toBe(9000);

    const back = await service.update({ http_port: HTTP_PORT });

    expect(back).toMatchObject({ http_port: HTTP_PORT, restart_required: false });
    expect(file.stored.httpPort).toBe(HTTP_PORT);
  });

  it('the SMTP port too', async () => {
    const { service, file } = setup();
    expect(await service.update({ smtp_port: 2600 })).toMatchObject({
      smtp_port: 2600,
      restart_required: true,
    });
    expect(file.stored.smtpPort).toBe(2600);
    expect((await service.update({ smtp_port: SMTP_PORT })).restart_required).toBe(false);
  });

  it('a new data folder is created, stored as an absolute path, and needs a restart', async () => {
    const { service, file } = setup();
    const target = path.join(tempDir(), 'nested', 'new-data');

    const settings = await service.update({ data_dir: target });

    expect(fs.statSync(target).isDirectory()).toBe(true);
    expect(file.stored.dataDir).toBe(target);
    expect(settings).toMatchObject({ data_dir: target, restart_required: true });
  });

  it('a relative data folder is resolved', async () => {
    const { service, file } = setup();
    const target = path.join(tempDir(), 'relative');

    await service.update({ data_dir: path.relative(process.cwd(), target) });

    expect(file.stored.dataDir).toBe(target);
  });

  it('the folder Ephemera starts with is stored as null', async () => {
    const { service, file, dataDir } = setup({ stored: { dataDir: tempDir() } });
    expect(service.read().restart_required).toBe(true);

    const settings = await service.update({ data_dir: `${dataDir}${path.sep}.${path.sep}` });

    expect(file.stored.dataDir).toBeNull();
    expect(settings).toMatchObject({ data_dir: dataDir, restart_required: false });
  });

  it('with a separate settings folder, that folder is the one stored as null', async () => {
    const launch = tempDir();
    const { service, file } = setup({ settingsDir: launch, dataDir: tempDir() });

    await service.update({ data_dir: launch });

    expect(file.stored.dataDir).toBeNull();
  });

  // Started from launch folder L and running from a stored folder D: choosing L again stores null,
  // which the next start reads as "use L", so the answer must say L and ask for a restart.
  it('choosing the launch folder again while running from a stored one needs a restart', async () => {
    const launch = tempDir();
    const moved = tempDir();
    const { service } = setup({
      settingsDir: launch,
      dataDir: moved,
      stored: { dataDir: moved },
    });
    expect(service.read()).toMatchObject({ data_dir: moved, restart_required: false });

    const settings = await service.update({ data_dir: launch });

    expect(settings).toMatchObject({ data_dir: launch, restart_required: true });
  });

  it('a folder that cannot be created is SETTINGS_INVALID and nothing is applied', async () => {
    const { service, file, setProxy } = setup();
    const plainFile = path.join(tempDir(), 'a-file');
    fs.writeFileSync(plainFile, 'not a folder');

    const error = await rejection(
      service.update({ proxy: 'http://127.0.0.1:3128', data_dir: path.join(plainFile, 'data') }),
    );

    expect(error.code).toBe('SETTINGS_INVALID');
    expect(error.message).toContain(
      `Cannot use ${path.join(plainFile, 'data')} as the data folder`,
    );
    expect(setProxy).not.toHaveBeenCalled();
    expect(file.write).not.toHaveBeenCalled();
  });

  it.skipIf(process.platform === 'win32' || process.getuid?.() === 0)(
    'a folder that is not writable is SETTINGS_INVALID',
    async () => {
      const { service } = setup();
      const readOnly = tempDir();
      fs.chmodSync(readOnly, 0o500);
      try {
        const error = await rejection(service.update({ data_dir: readOnly }));
        expect(error.code).toBe('SETTINGS_INVALID');
      } finally {
        fs.chmodSync(readOnly, 0o700);
      }
    },
  );
});

describe('SettingsService.update: saving and listeners', () => {
  it('a settings file that cannot be written: the change still applies, the error is logged', async () => {
    const failing: SettingsFile = {
      read: () => ({ ...DEFAULT_SETTINGS }),
      write: () => {
        throw new Error('disk full');
      },
    };
    const { service, logger, setProxy, listeners, changes } = setup({ file: failing });

    const settings = await service.update({ lan_enabled: true, proxy: 'http://127.0.0.1:3128' });

    expect(listeners.rebind).toHaveBeenCalledWith('0.0.0.0');
    expect(setProxy).toHaveBeenCalledWith('http://127.0.0.1:3128');
    expect(settings).toMatchObject({ lan_enabled: true, proxy: 'http://127.0.0.1:3128' });
    expect(logger.error).toHaveBeenCalledExactlyOnceWith(
      'cannot save the settings',
      expect.objectContaining({ message: 'disk full' }),
    );
    expect(changes).toHaveBeenCalledOnce();
  });

  it('the stored value stays in memory when the file cannot be written', async () => {
    const failing: SettingsFile = {
      read: () => ({ ...DEFAULT_SETTINGS }),
      write: () => {
        throw new Error('read-only');
      },
    };
    const { service } = setup({ file: failing });
    await service.update({ http_port: 9000, code_notifications: false });
    expect(service.read()).toMatchObject({ http_port: 9000, restart_required: true });
    expect(service.codeNotifications).toBe(false);
  });

  it('onChange hears each applied change, not a refused one, and can stop', async () => {
    const { service, changes } = setup();
    const other = vi.fn();
    const stop = service.onChange(other);

    await service.update({ code_notifications: false });
    await service.update({ http_port: SMTP_PORT }).catch(() => undefined);
    expect(changes).toHaveBeenCalledOnce();
    expect(other).toHaveBeenCalledOnce();

    stop();
    await service.update({ code_notifications: true });
    expect(changes).toHaveBeenCalledTimes(2);
    expect(other).toHaveBeenCalledOnce();
  });

  it('a change listener that throws is logged and the others still hear', async () => {
    const { service, changes, logger } = setup();
    const boom = new Error('listener broke');
    service.onChange(() => {
      throw boom;
    });
    const last = vi.fn();
    service.onChange(last);

    await expect(service.update({ code_notifications: false })).resolves.toBeDefined();

    expect(changes).toHaveBeenCalledOnce();
    expect(last).toHaveBeenCalledOnce();
    expect(logger.error).toHaveBeenCalledExactlyOnceWith('a settings listener failed', boom);
  });

  it('a listener sees the change applied', async () => {
    const { service } = setup();
    const seen: boolean[] = [];
    service.onChange(() => seen.push(service.read().lan_enabled));
    await service.update({ lan_enabled: true });
    expect(seen).toEqual([true]);
  });
});

describe('SettingsService.update: one at a time', () => {
  it('a second change waits for the rebind of the first', async () => {
    const { service, listeners, setProxy, file } = setup();
    const events: string[] = [];
    const release = deferred();
    const rebindStarted = deferred();
    listeners.rebind.mockImplementationOnce(async (host: string) => {
      events.push(`rebind ${host}`);
      rebindStarted.resolve();
      await release.promise;
      listeners.host = host;
      events.push('rebound');
    });
    setProxy.mockImplementation((proxy: string | null) => events.push(`proxy ${proxy}`));

    const first = service.update({ lan_enabled: true });
    const second = service.update({ proxy: 'http://127.0.0.1:3128' });
    await rebindStarted.promise;

    expect(events).toEqual(['rebind 0.0.0.0']);
    expect(setProxy).not.toHaveBeenCalled();
    expect(file.write).not.toHaveBeenCalled();

    release.resolve();
    const [afterFirst, afterSecond] = await Promise.all([first, second]);

    expect(events).toEqual(['rebind 0.0.0.0', 'rebound', 'proxy http://127.0.0.1:3128']);
    expect(afterFirst).toMatchObject({ lan_enabled: true, proxy: null });
    expect(afterSecond).toMatchObject({ lan_enabled: true, proxy: 'http://127.0.0.1:3128' });
    expect(file.stored).toMatchObject({ lanSharing: true, proxy: 'http://127.0.0.1:3128' });
    expect(file.write).toHaveBeenCalledTimes(2);
  });

  it('a second change checks against what the first applied', async () => {
    const { service } = setup();
    const first = service.update({ http_port: 9000 });
    const second = service.update({ smtp_port: 9000 });

    await expect(first).resolves.toMatchObject({ http_port: 9000 });
    const error = await rejection(second);
    expect(error.code).toBe('SETTINGS_INVALID');
  });

  it('a refused change does not block the next one', async () => {
    const { service, listeners } = setup();
    listeners.rebind.mockRejectedValueOnce(new RebindError('busy'));

    const first = service.update({ lan_enabled: true });
    const second = service.update({ code_notifications: false });

    expect((await rejection(first)).code).toBe('LAN_UNAVAILABLE');
    await expect(second).resolves.toMatchObject({ lan_enabled: false, code_notifications: false });
  });
});
