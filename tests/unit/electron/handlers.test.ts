import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../src-main/core/app-error.ts';
import type { RunningApp } from '../../../src-main/app/compose.ts';
import { AppController } from '../../../src-main/app/app-controller.ts';
import { appIpcHandlers } from '../../../src-main/electron/app.ipc.ts';
import { settingsIpcHandlers } from '../../../src-main/electron/settings.ipc.ts';
import { dispatchIpc, type IpcHandler } from '../../../src-main/electron/ipc-register.ts';
import { mailIpcHandlers } from '../../../src-main/electron/mail.ipc.ts';
import { videoIpcHandlers } from '../../../src-main/electron/video.ipc.ts';
import type { IpcInvokeChannel } from '../../../src-shared/ipc/contract.ts';
import { fakeRunningApp } from '../../helpers/fake-electron.ts';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir.ts';

/** Runs a handler the way ipc-register does (schema first), from a trusted sender. */
function call<C extends IpcInvokeChannel>(channel: C, handler: IpcHandler<C>, request?: unknown) {
  const event = { sender: { id: 1 }, senderFrame: { url: 'x', parent: null } } as never;
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  return dispatchIpc(channel, handler, event, request, { isTrustedSender: () => true, logger });
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

describe('video handlers call VideoService like the REST routes', () => {
  const setup = () => {
    const video = fakeVideo();
    const handlers = videoIpcHandlers({
      services: () => Promise.resolve({ video } as unknown as RunningApp),
      saveDialog: { ask: vi.fn(), downloadsDir: () => '/home/me/Downloads' },
    });
    return { video, handlers };
  };

  it('video:create finds the link in the share text and its platform', async () => {
    const { video, handlers } = setup();
    const result = await call('video:create', handlers['video:create'], {
      text: '3.05 复制打开抖音，看看【作品】 https://v.douyin.com/i5xNsWVx/ 04/11 a@b.cn :0pm',
    });
    expect(result.ok).toBe(true);
    expect(video.create).toHaveBeenCalledWith('douyin', 'https://v.douyin.com/i5xNsWVx/');
  });

  it.each([
    ['no link at all', 'nothing to see here'],
    ['an unsupported site', 'https://example.org/video/1'],
    ['an empty text', ''],
    ['a text over 4096 characters', `https://v.douyin.com/i5xNsWVx/ ${'x'.repeat(4100)}`],
  ])('video:create refuses %s with VALIDATION_FAILED', async (_what, text) => {
    const { video, handlers } = setup();
    const result = await call('video:create', handlers['video:create'], { text });
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(video.create).not.toHaveBeenCalled();
  });

  it('video:get holds with waitSeconds, answers at once without', async () => {
    const { video, handlers } = setup();
    await call('video:get', handlers['video:get'], { taskId: 'abc' });
    expect(video.get).toHaveBeenCalledWith('abc');
    await call('video:get', handlers['video:get'], { taskId: 'abc', waitSeconds: 5 });
    expect(video.waitAndGet).toHaveBeenCalledWith('abc', 5);
  });

  it('video:cancel and video:capacity pass through', async () => {
    const { video, handlers } = setup();
    expect(await call('video:cancel', handlers['video:cancel'], { taskId: 'abc' })).toEqual({
      ok: true,
      value: { task_id: 'abc', status: 'cancelled' },
    });
    await call('video:capacity', handlers['video:capacity']);
    expect(video.capacity).toHaveBeenCalledOnce();
  });
});

describe('video:save copies a completed video where the person chooses', () => {
  let dir = '';
  afterEach(() => removeTempDir(dir));

  const setup = (mediaFile: () => unknown, answer: { canceled: boolean; filePath?: string }) => {
    const ask = vi.fn((_options: unknown) => Promise.resolve(answer));
    const handlers = videoIpcHandlers({
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
      reader: { waitList: vi.fn(() => Promise.resolve({ mails: [], more: false })) },
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
    const settings = { info: vi.fn(() => ({ default_domain: 'mail.example.org' })) };
    const handlers = mailIpcHandlers({
      services: () => Promise.resolve({ mail, settings } as unknown as RunningApp),
      watches,
    });
    return { mail, watches, handlers };
  };

  it('leases: generate, batch, lease, extend, reuse', async () => {
    const { mail, handlers } = setup();
    await call('mail:generate', handlers['mail:generate']);
    await call('mail:generate-batch', handlers['mail:generate-batch'], { count: 3 });
    await call('mail:lease', handlers['mail:lease'], { email: 'a@ephemera.localhost' });
    await call('mail:extend', handlers['mail:extend'], { email: 'a@ephemera.localhost' });
    await call('mail:reuse', handlers['mail:reuse'], { email: 'a@ephemera.localhost' });
    expect(mail.leases.generate).toHaveBeenCalledExactlyOnceWith(undefined);
    expect(mail.leases.batch).toHaveBeenCalledWith(3, undefined);
    expect(mail.leases.extend).toHaveBeenCalledWith('a@ephemera.localhost');
  });

  it('generate and batch pass the chosen pool entry on; the default one comes from /api/info', async () => {
    const { mail, handlers } = setup();
    await call('mail:generate', handlers['mail:generate'], { domain: 'mail.example.org' });
    expect(mail.leases.generate).toHaveBeenCalledWith('mail.example.org');
    await call('mail:generate-batch', handlers['mail:generate-batch'], {
      count: 2,
      domain: 'me@gmail.com',
    });
    expect(mail.leases.batch).toHaveBeenCalledWith(2, 'me@gmail.com');
    expect(await call('mail:default-domain', handlers['mail:default-domain'])).toEqual({
      ok: true,
      value: 'mail.example.org',
    });
  });

  it('mail:list uses the REST defaults and refuses out-of-range values like REST', async () => {
    const { mail, handlers } = setup();
    await call('mail:list', handlers['mail:list'], { email: 'a@ephemera.localhost' });
    expect(mail.reader.waitList).toHaveBeenCalledWith(
      'a@ephemera.localhost',
      { afterId: 0, limit: 50 },
      0,
    );
    const tooMany = await call('mail:list', handlers['mail:list'], {
      email: 'a@ephemera.localhost',
      limit: 201,
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

  it('mail:domains lists the pool', async () => {
    const { handlers } = setup();
    expect(await call('mail:domains', handlers['mail:domains'])).toEqual({
      ok: true,
      value: ['ephemera.localhost'],
    });
  });

  it('keys answer in the REST shape; an unknown id is KEY_NOT_FOUND', async () => {
    const { handlers } = setup();
    expect(await call('keys:disable', handlers['keys:disable'], { id: 1 })).toEqual({
      ok: true,
      value: {
        id: 1,
        name: 'first run',
        hint: 'ab12',
        created_at: '2026-11-22T12:00:00.000Z',
        disabled_at: null,
      },
    });
    expect(await call('keys:enable', handlers['keys:enable'], { id: 1 })).toMatchObject({
      ok: true,
      value: { id: 1, disabled_at: null },
    });
    expect(await call('keys:enable', handlers['keys:enable'], { id: 9 })).toMatchObject({
      ok: false,
      error: { code: 'KEY_NOT_FOUND' },
    });
    expect(await call('keys:delete', handlers['keys:delete'], { id: 9 })).toMatchObject({
      ok: false,
      error: { code: 'KEY_NOT_FOUND' },
    });
    expect(await call('keys:create', handlers['keys:create'], { name: '  phone ' })).toMatchObject({
      ok: true,
      value: { id: 2, name: 'phone', key: 'eph_x', created_at: '2026-11-22T12:00:00.000Z' },
    });
    const listed = await call('keys:list', handlers['keys:list']);
    expect(listed).toMatchObject({ ok: true, value: [{ id: 1, hint: 'ab12' }] });
    expect(JSON.stringify(listed)).not.toContain('eph_');
  });

  it('keys:sign-in-code makes a one-time code like POST /api/sign-in-codes; a bad purpose is refused', async () => {
    const { mail, handlers } = setup();
    expect(
      await call('keys:sign-in-code', handlers['keys:sign-in-code'], {
        purpose: 'pair',
        name: ' Pixel ',
      }),
    ).toMatchObject({ ok: true, value: { code: 'Q2m0b8s6N1x4yT7cVv9e_w', name: 'Pixel' } });
    expect(mail.signIn.create).toHaveBeenCalledWith('pair', 'Pixel');
    expect(
      await call('keys:sign-in-code', handlers['keys:sign-in-code'], { purpose: 'admin' }),
    ).toMatchObject({ ok: false });
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
      ...settingsIpcHandlers({ controller, services }),
    };
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
    expect(
      await call('settings:update', handlers['settings:update'], { code_notifications: false }),
    ).toMatchObject({ ok: true, value: { code_notifications: false, lan_enabled: false } });
    expect(await call('settings:get', handlers['settings:get'])).toMatchObject({
      ok: true,
      value: { code_notifications: false, http_port: 8787, smtp_port: 2525 },
    });
    // The same checks as PATCH /api/settings: unknown keys and bad values never reach the app.
    expect(
      await call('settings:update', handlers['settings:update'], { lanSharing: true }),
    ).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(
      await call('settings:update', handlers['settings:update'], { http_port: 2525 }),
    ).toMatchObject({ ok: false, error: { code: 'SETTINGS_INVALID' } });
    expect(
      await call('settings:check-mx', handlers['settings:check-mx'], { domain: 'example.org' }),
    ).toEqual({
      ok: true,
      value: { domain: 'example.org', records: [], error: null, problem: null },
    });
    await call('app:copy-text', handlers['app:copy-text'], { text: '482913' });
    expect(writeText).toHaveBeenCalledWith('482913');
    expect(app.listeners.rebinds).toEqual([]);
    await controller.stop();
  });
});
