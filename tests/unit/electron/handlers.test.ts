import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../src-main/core/app-error.ts';
import type { RunningApp } from '../../../src-main/app/compose.ts';
import { AppController } from '../../../src-main/app/app-controller.ts';
import { appIpcHandlers } from '../../../src-main/electron/app.ipc.ts';
import { apiIpcHandlers } from '../../../src-main/electron/api.ipc.ts';
import { desktopIpc } from '../../../src-main/electron/ipc-handlers.ts';
import { dispatchIpc, type IpcHandler } from '../../../src-main/electron/ipc-register.ts';
import { saveFilesIpcHandlers } from '../../../src-main/electron/save-files.ipc.ts';
import type { IpcInvokeChannel } from '../../../src-shared/ipc/desktop-contract.ts';
import { fakeRunningApp } from '../../helpers/fake-electron.ts';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir.ts';

/** Runs a handler the way ipc-register does (schema first), from a trusted sender. */
function call<C extends IpcInvokeChannel>(channel: C, handler: IpcHandler<C>, request?: unknown) {
  const event = { sender: { id: 1 }, senderFrame: { url: 'x', parent: null } } as never;
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  return dispatchIpc(channel, handler, event, request, { isTrustedSender: () => true, logger });
}

/** One route of the REST table over the generic channel, on these (fake) services. */
function apiCall(
  services: unknown,
  route: string,
  args: { params?: object; query?: object; body?: unknown } = {},
) {
  const handlers = apiIpcHandlers({ services: () => Promise.resolve(services as RunningApp) });
  return call('api:call', handlers['api:call'], { route, ...args });
}

function fakeVideo() {
  return {
    create: vi.fn((platform: string, url: string) => ({ task_id: 't1', platform, url })),
    get: vi.fn((id: string) => ({ task_id: id, status: 'queued' })),
    waitAndGet: vi.fn((id: string, s: number) => Promise.resolve({ task_id: id, waited: s })),
    cancel: vi.fn((id: string) => ({ task_id: id, status: 'cancelled' })),
    capacity: vi.fn(() => ({ total: 10, used: 0, available: 10, server_time: 1 })),
  };
}

const KEY = {
  id: 1,
  name: 'first run',
  hint: 'ab12',
  createdAt: Date.parse('2026-11-22T12:00:00.000Z'),
  disabledAt: null,
};

describe('video routes over IPC call VideoService like REST', () => {
  const setup = () => {
    const video = fakeVideo();
    return { video, api: (route: string, args = {}) => apiCall({ video }, route, args) };
  };

  it('taskCreate finds the link in the share text and its platform', async () => {
    const { video, api } = setup();
    const result = await api('taskCreate', {
      body: {
        text: '3.05 复制打开抖音，看看【作品】 https://v.douyin.com/i5xNsWVx/ 04/11 a@b.cn :0pm',
      },
    });
    expect(result.ok).toBe(true);
    expect(video.create).toHaveBeenCalledWith('douyin', 'https://v.douyin.com/i5xNsWVx/');
  });

  it.each([
    ['no link at all', 'nothing to see here'],
    ['an unsupported site', 'https://example.org/video/1'],
    ['an empty text', ''],
    ['a text over 4096 characters', `https://v.douyin.com/i5xNsWVx/ ${'x'.repeat(4100)}`],
  ])('taskCreate refuses %s with VALIDATION_FAILED', async (_what, text) => {
    const { video, api } = setup();
    const result = await api('taskCreate', { body: { text } });
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(video.create).not.toHaveBeenCalled();
  });

  it('taskGet holds with ?wait=, answers at once without', async () => {
    const { video, api } = setup();
    await api('taskGet', { params: { token: 'abc' } });
    expect(video.get).toHaveBeenCalledWith('abc');
    await api('taskGet', { params: { token: 'abc' }, query: { wait: 5 } });
    expect(video.waitAndGet).toHaveBeenCalledWith('abc', 5);
  });

  it('taskCancel and capacity pass through', async () => {
    const { video, api } = setup();
    expect(await api('taskCancel', { params: { token: 'abc' } })).toEqual({
      ok: true,
      value: { task_id: 'abc', status: 'cancelled' },
    });
    await api('capacity');
    expect(video.capacity).toHaveBeenCalledOnce();
  });

  it('a route that streams has no call (VALIDATION_FAILED); an unknown one fails the schema', async () => {
    const { api } = setup();
    expect(await api('taskDownload', { params: { token: 'abc' } })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    });
    expect(await api('mail:list')).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    });
  });
});

describe('video:save copies a completed video where the person chooses', () => {
  let dir = '';
  afterEach(() => removeTempDir(dir));

  const setup = (mediaFile: () => unknown, answer: { canceled: boolean; filePath?: string }) => {
    const ask = vi.fn((_options: unknown) => Promise.resolve(answer));
    const handlers = saveFilesIpcHandlers({
      services: () => Promise.resolve({ video: { mediaFile } } as unknown as RunningApp),
      saveDialog: { ask, downloadsDir: () => '/home/me/Downloads' },
    });
    return {
      ask,
      save: (taskId: string) => call('video:save', handlers['video:save'], { taskId }),
    };
  };

  it('opens the dialog in Downloads with the title as file name, then writes the same bytes', async () => {
    dir = makeTempDir();
    const source = path.join(dir, 'media.mp4');
    fs.writeFileSync(source, 'video bytes');
    const target = path.join(dir, 'chosen.mp4');
    const { ask, save } = setup(
      () => ({ path: source, contentType: 'video/mp4', title: '猫/狗: 合集', platform: 'douyin' }),
      { canceled: false, filePath: target },
    );
    expect(await save('t1')).toEqual({ ok: true, value: 'saved' });
    expect(ask).toHaveBeenCalledWith({
      title: 'Save video',
      defaultPath: path.join('/home/me/Downloads', '猫 狗 合集.mp4'),
      filters: [{ name: 'Video', extensions: ['mp4'] }],
    });
    expect(fs.readFileSync(target, 'utf8')).toBe('video bytes');
  });

  it('a closed dialog writes nothing', async () => {
    dir = makeTempDir();
    const source = path.join(dir, 'media.mp4');
    fs.writeFileSync(source, 'x');
    const { save } = setup(
      () => ({ path: source, contentType: 'video/mp4', title: null, platform: 'tiktok' }),
      { canceled: true },
    );
    expect(await save('t1')).toEqual({ ok: true, value: 'cancelled' });
    expect(fs.readdirSync(dir)).toEqual(['media.mp4']);
  });

  it('a task that is not ready is refused before any dialog opens', async () => {
    const { ask, save } = setup(
      () => {
        throw new AppError('TASK_NOT_READY', 'The video is not ready yet (task is downloading).');
      },
      { canceled: true },
    );
    expect(await save('t1')).toMatchObject({ ok: false, error: { code: 'TASK_NOT_READY' } });
    expect(ask).not.toHaveBeenCalled();
  });

  it('a video that expired while the dialog was open is TASK_GONE; an unwritable target SAVE_FAILED', async () => {
    dir = makeTempDir();
    const source = path.join(dir, 'gone.mp4');
    const gone = setup(
      () => ({ path: source, contentType: 'video/mp4', title: 't', platform: 'douyin' }),
      { canceled: false, filePath: path.join(dir, 'out.mp4') },
    );
    expect(await gone.save('t1')).toMatchObject({ ok: false, error: { code: 'TASK_GONE' } });
    fs.writeFileSync(source, 'x');
    const blocked = setup(
      () => ({ path: source, contentType: 'video/mp4', title: 't', platform: 'douyin' }),
      { canceled: false, filePath: path.join(dir, 'no-such-folder', 'out.mp4') },
    );
    expect(await blocked.save('t1')).toMatchObject({ ok: false, error: { code: 'SAVE_FAILED' } });
  });
});

describe('mail handlers call the mail services like the REST routes', () => {
  const setup = () => {
    const mail = {
      leases: {
        generate: vi.fn(() => ({ email: 'new@ephemera.localhost' })),
        batch: vi.fn((n: number) => Array.from({ length: n }, () => ({}))),
        lease: vi.fn(),
        extend: vi.fn(),
        reuse: vi.fn(),
        requireRecorded: vi.fn((raw: string) => ({ email: raw.trim().toLowerCase() })),
      },
      reader: {
        waitListed: vi.fn(() => Promise.resolve({ mails: [], bytes: 0, more: false })),
      },
      domains: {
        list: vi.fn(() => ['ephemera.localhost']),
        add: vi.fn(),
        delete: vi.fn(),
      },
      keys: {
        list: vi.fn(() => [KEY]),
        create: vi.fn((name: string) => ({ ...KEY, id: 2, name, key: 'eph_x' })),
        disable: vi.fn((id: number) => id === 1),
        enable: vi.fn((id: number) => id === 1),
        delete: vi.fn((id: number) => id === 1),
      },
      signIn: {
        create: vi.fn((purpose: string, name?: string) => ({
          code: 'Q2m0b8s6N1x4yT7cVv9e_w',
          purpose,
          name: name ?? 'Browser sign-in',
          expires_at: '2026-11-22T12:10:00.000Z',
        })),
      },
    };
    const watches = { watch: vi.fn(), unwatch: vi.fn() };
    const services = { mail } as unknown as RunningApp;
    const handlers = desktopIpc({
      services: () => Promise.resolve(services),
      meta: { version: '1.2.3', platform: 'linux' },
      updates: null,
      watches,
    } as unknown as Parameters<typeof desktopIpc>[0]);
    const api = (route: string, args = {}) => apiCall(services, route, args);
    return { mail, watches, handlers, api };
  };

  it('leases: generate, batch, lease, extend, reuse', async () => {
    const { mail, api } = setup();
    const mailbox = { params: { email: 'a@ephemera.localhost' } };
    await api('mailGenerate');
    await api('mailGenerateBatch', { query: { count: 3 } });
    await api('mailboxLease', mailbox);
    await api('mailboxExtend', mailbox);
    await api('mailboxReuse', mailbox);
    expect(mail.leases.generate).toHaveBeenCalledExactlyOnceWith(undefined);
    expect(mail.leases.batch).toHaveBeenCalledWith(3, undefined);
    expect(mail.leases.extend).toHaveBeenCalledWith('a@ephemera.localhost');
  });

  it('generate and batch pass the chosen pool entry on', async () => {
    const { mail, api } = setup();
    await api('mailGenerate', { query: { domain: 'mail.example.org' } });
    expect(mail.leases.generate).toHaveBeenCalledWith('mail.example.org');
    await api('mailGenerateBatch', { query: { count: 2, domain: 'me@gmail.com' } });
    expect(mail.leases.batch).toHaveBeenCalledWith(2, 'me@gmail.com');
  });

  it('mailList uses the REST defaults and refuses out-of-range values like REST', async () => {
    const { mail, api } = setup();
    expect(await api('mailList', { params: { email: 'a@ephemera.localhost' } })).toEqual({
      ok: true,
      value: [],
    });
    expect(mail.reader.waitListed).toHaveBeenCalledWith(
      'a@ephemera.localhost',
      { afterId: 0, limit: 50 },
      0,
      expect.any(AbortSignal),
    );
    const tooMany = await api('mailList', {
      params: { email: 'a@ephemera.localhost' },
      query: { limit: 201 },
    });
    expect(tooMany).toMatchObject({ ok: false, error: { code: 'MAIL_BAD_REQUEST' } });
  });

  it('mail:watch watches the normalised address of a recorded mailbox', async () => {
    const { watches, handlers } = setup();
    await call('mail:watch', handlers['mail:watch'], { email: ' A@Ephemera.Localhost ' });
    expect(watches.watch).toHaveBeenCalledWith('a@ephemera.localhost');
    await call('mail:unwatch', handlers['mail:unwatch'], { email: 'A@ephemera.localhost' });
    expect(watches.unwatch).toHaveBeenCalledWith('a@ephemera.localhost');
  });

  it('keys answer in the REST shape; an unknown id is KEY_NOT_FOUND', async () => {
    const { api } = setup();
    expect(await api('keyDisable', { params: { id: 1 } })).toEqual({
      ok: true,
      value: {
        id: 1,
        name: 'first run',
        hint: 'ab12',
        created_at: '2026-11-22T12:00:00.000Z',
        disabled_at: null,
      },
    });
    expect(await api('keyEnable', { params: { id: 1 } })).toMatchObject({
      ok: true,
      value: { id: 1, disabled_at: null },
    });
    expect(await api('keyEnable', { params: { id: 9 } })).toMatchObject({
      ok: false,
      error: { code: 'KEY_NOT_FOUND' },
    });
    expect(await api('keyDelete', { params: { id: 9 } })).toMatchObject({
      ok: false,
      error: { code: 'KEY_NOT_FOUND' },
    });
    expect(await api('keyCreate', { body: { name: '  phone ' } })).toMatchObject({
      ok: true,
      value: { id: 2, name: 'phone', key: 'eph_x', created_at: '2026-11-22T12:00:00.000Z' },
    });
    const listed = await api('keyList');
    // The window holds no key, so none of them is the caller's.
    expect(listed).toMatchObject({
      ok: true,
      value: { keys: [{ id: 1, hint: 'ab12' }], current_key_id: null },
    });
    expect(JSON.stringify(listed)).not.toContain('eph_');
  });

  it('signInCodeCreate makes a one-time code like POST /api/sign-in-codes; a bad purpose is refused', async () => {
    const { mail, api } = setup();
    expect(
      await api('signInCodeCreate', { body: { purpose: 'pair', name: ' Pixel ' } }),
    ).toMatchObject({ ok: true, value: { code: 'Q2m0b8s6N1x4yT7cVv9e_w', name: 'Pixel' } });
    expect(mail.signIn.create).toHaveBeenCalledWith('pair', 'Pixel');
    expect(await api('signInCodeCreate', { body: { purpose: 'admin' } })).toMatchObject({
      ok: false,
    });
    expect(mail.signIn.create).toHaveBeenCalledOnce();
  });
});

describe('app handlers', () => {
  it('report where the services are, change settings, check MX, copy text', async () => {
    let running: ReturnType<typeof fakeRunningApp> | null = null;
    const controller = new AppController({
      config: {
        host: '127.0.0.1',
        port: 0,
        smtpPort: 0,
        dataDir: '/nowhere',
        domains: [],
        headless: false,
        proxy: null,
      },
      start: (config) =>
        Promise.resolve(running ?? (running = fakeRunningApp(config.host, 8787, 2525))),
    });
    await controller.start();
    const app = running as unknown as ReturnType<typeof fakeRunningApp>;
    const writeText = vi.fn(() => Promise.resolve());
    const services = () => controller.services();
    const handlers = {
      ...appIpcHandlers({
        controller,
        services,
        meta: { version: '1.2.3', platform: 'linux' },
        clipboard: { writeText },
        portChanges: () => [{ service: 'smtp', preferred: 25 }],
      }),
      ...apiIpcHandlers({ services }),
    };
    const api = (route: string, args: object = {}) =>
      call('api:call', handlers['api:call'], { route, ...args });
    expect(await call('app:info', handlers['app:info'])).toEqual({
      ok: true,
      value: {
        version: '1.2.3',
        platform: 'linux',
        localUrl: 'http://127.0.0.1:8787',
        lanUrl: null,
        lanSharing: false,
        smtpHost: '127.0.0.1',
        smtpPort: 2525,
        initialApiKey: null,
        portChanges: [{ service: 'smtp', preferred: 25, actual: 2525 }],
      },
    });
    expect(await api('settingsUpdate', { body: { code_notifications: false } })).toMatchObject({
      ok: true,
      value: { code_notifications: false, lan_enabled: false },
    });
    expect(await api('settingsGet')).toMatchObject({
      ok: true,
      value: { code_notifications: false, http_port: 8787, smtp_port: 2525 },
    });
    // The same checks as PATCH /api/settings: unknown keys and bad values never reach the app.
    expect(await api('settingsUpdate', { body: { lanSharing: true } })).toMatchObject({
      ok: false,
      error: { code: 'SETTINGS_INVALID', reason: 'value_invalid' },
    });
    expect(await api('settingsUpdate', { body: { http_port: 2525 } })).toMatchObject({
      ok: false,
      error: { code: 'SETTINGS_INVALID' },
    });
    expect(await api('settingsMx', { query: { domain: 'example.org' } })).toEqual({
      ok: true,
      value: { domain: 'example.org', records: [], error: null, problem: null },
    });
    await call('app:copy-text', handlers['app:copy-text'], { text: '482913' });
    expect(writeText).toHaveBeenCalledWith('482913');
    expect(app.listeners.rebinds).toEqual([]);
    await controller.stop();
  });
});
