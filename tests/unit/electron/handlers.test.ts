import { describe, expect, it, vi } from 'vitest';
import type { RunningApp } from '../../../src-main/app/compose.ts';
import { AppController } from '../../../src-main/app/app-controller.ts';
import { appIpcHandlers } from '../../../src-main/electron/app.ipc.ts';
import { dispatchIpc, type IpcHandler } from '../../../src-main/electron/ipc-register.ts';
import { mailIpcHandlers } from '../../../src-main/electron/mail.ipc.ts';
import { videoIpcHandlers } from '../../../src-main/electron/video.ipc.ts';
import type { IpcInvokeChannel } from '../../../src-shared/ipc/contract.ts';
import { fakeRunningApp, memorySettings } from '../../helpers/fake-electron.ts';

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

describe('video handlers call VideoService like the REST routes', () => {
  const setup = () => {
    const video = fakeVideo();
    const handlers = videoIpcHandlers({
      services: () => Promise.resolve({ video } as unknown as RunningApp),
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
      reader: { list: vi.fn(() => []) },
      domains: {
        list: vi.fn(() => ['ephemera.localhost']),
        add: vi.fn(),
        delete: vi.fn(),
      },
      keys: {
        list: vi.fn(() => []),
        create: vi.fn((name: string) => ({ id: 2, name, key: 'eph_x' })),
        disable: vi.fn((id: number) => id === 1),
        delete: vi.fn((id: number) => id === 1),
      },
    };
    const watches = { watch: vi.fn(), unwatch: vi.fn() };
    const handlers = mailIpcHandlers({
      services: () => Promise.resolve({ mail } as unknown as RunningApp),
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
    expect(mail.leases.generate).toHaveBeenCalledOnce();
    expect(mail.leases.batch).toHaveBeenCalledWith(3);
    expect(mail.leases.extend).toHaveBeenCalledWith('a@ephemera.localhost');
  });

  it('mail:list uses the REST defaults and refuses out-of-range values like REST', async () => {
    const { mail, handlers } = setup();
    await call('mail:list', handlers['mail:list'], { email: 'a@ephemera.localhost' });
    expect(mail.reader.list).toHaveBeenCalledWith('a@ephemera.localhost', {
      afterId: 0,
      limit: 50,
    });
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

  it('domains answer the list after a change', async () => {
    const { mail, handlers } = setup();
    const added = await call('mail:add-domain', handlers['mail:add-domain'], {
      domain: 'mail.example.org',
    });
    expect(mail.domains.add).toHaveBeenCalledWith('mail.example.org');
    expect(added).toEqual({ ok: true, value: ['ephemera.localhost'] });
    await call('mail:remove-domain', handlers['mail:remove-domain'], { domain: 'x.example' });
    expect(mail.domains.delete).toHaveBeenCalledWith('x.example');
  });

  it('keys: an unknown id is NOT_FOUND', async () => {
    const { handlers } = setup();
    expect(await call('keys:disable', handlers['keys:disable'], { id: 1 })).toEqual({
      ok: true,
      value: null,
    });
    expect(await call('keys:delete', handlers['keys:delete'], { id: 9 })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await call('keys:create', handlers['keys:create'], { name: '  phone ' })).toMatchObject({
      ok: true,
      value: { name: 'phone' },
    });
  });
});

describe('app handlers', () => {
  it('report where the services are, change settings, copy text', async () => {
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
      start: (config) => Promise.resolve(fakeRunningApp(config.host, 8787, 2525)),
      settings: memorySettings(),
      networkInterfaces: () => ({}),
    });
    await controller.start();
    const writeText = vi.fn(() => Promise.resolve());
    const handlers = appIpcHandlers({
      controller,
      meta: { version: '1.2.3', platform: 'linux' },
      clipboard: { writeText },
    });
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
      },
    });
    expect(
      await call('settings:update', handlers['settings:update'], { codeNotifications: false }),
    ).toEqual({ ok: true, value: { lanSharing: false, codeNotifications: false } });
    await call('app:copy-text', handlers['app:copy-text'], { text: '482913' });
    expect(writeText).toHaveBeenCalledWith('482913');
    await controller.stop();
  });
});
