import { describe, expect, it, vi } from 'vitest';
import { IPC_INVOKE_CHANNELS } from '../../../src-shared/ipc/channels.ts';
import type { IpcResult } from '../../../src-shared/ipc/result.ts';
import { AppError } from '../../../src-main/core/app-error.ts';
import { ServicesUnavailableError } from '../../../src-main/app/app-controller.ts';
import type { Logger } from '../../../src-main/core/logger.ts';
import {
  dispatchIpc,
  registerIpcHandlers,
  trustedSenderCheck,
  type IpcHandlers,
} from '../../../src-main/electron/ipc-register.ts';
import { FakeIpcMain, FakeWebContents } from '../../helpers/fake-electron.ts';

const APP = 'http://127.0.0.1:8787';
const isAppUrl = (url: string) => url.startsWith(`${APP}/`);

function quietLogger() {
  return {
    info: vi.fn((_message: string) => undefined),
    warn: vi.fn((_message: string) => undefined),
    error: vi.fn((_message: string, _err?: unknown) => undefined),
  } satisfies Logger;
}

/** Every channel answering a fixed value, except those a test replaces. */
function handlers(overrides: Partial<IpcHandlers> = {}): IpcHandlers {
  const all = Object.fromEntries(IPC_INVOKE_CHANNELS.map((c) => [c, () => null]));
  return { ...all, ...overrides } as unknown as IpcHandlers;
}

function setup(overrides: Partial<IpcHandlers> = {}) {
  const window = new FakeWebContents();
  const ipc = new FakeIpcMain();
  const logger = quietLogger();
  const unregister = registerIpcHandlers(ipc.asIpcMain(), handlers(overrides), {
    isTrustedSender: trustedSenderCheck(() => window.id, isAppUrl),
    logger,
  });
  const invoke = (channel: string, request?: unknown, event = window.invokeEvent(`${APP}/`)) =>
    ipc.invoke(channel, event, request) as Promise<IpcResult<unknown>>;
  return { window, ipc, logger, unregister, invoke };
}

describe('registerIpcHandlers', () => {
  it('registers exactly the contract channels, and removes them again', () => {
    const { ipc, unregister } = setup();
    expect([...ipc.handlers.keys()].sort()).toEqual([...IPC_INVOKE_CHANNELS].sort());
    unregister();
    expect(ipc.handlers.size).toBe(0);
  });

  it('answers {ok: true, value} with what the handler returned', async () => {
    const { invoke } = setup({ 'api:call': () => ['a.example', 'b.example'] });
    expect(await invoke('api:call', { route: 'info' })).toEqual({
      ok: true,
      value: ['a.example', 'b.example'],
    });
  });

  it('passes the parsed request and the sender to the handler', async () => {
    const watch = vi.fn(() => null);
    const { invoke, window } = setup({ 'mail:watch': watch });
    await invoke('mail:watch', { email: 'x@ephemera.localhost' });
    expect(watch).toHaveBeenCalledWith({ email: 'x@ephemera.localhost' }, { senderId: window.id });
  });
});

describe('sender check', () => {
  it('refuses another web contents (a second window, a devtools page)', async () => {
    const handler = vi.fn(() => ['x']);
    const { ipc, logger } = setup({ 'api:call': handler });
    const stranger = new FakeWebContents();
    const result = await ipc.invoke('api:call', stranger.invokeEvent(`${APP}/`), {
      route: 'keyList',
    });
    expect(result).toEqual({
      ok: false,
      error: { code: 'FORBIDDEN_SENDER', message: expect.any(String) as string },
    });
    expect(handler).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledOnce();
  });

  it('refuses a frame inside the app window (a mail shown in an iframe)', async () => {
    const handler = vi.fn(() => null);
    const { invoke, window } = setup({ 'app:copy-text': handler });
    const result = await invoke(
      'app:copy-text',
      { text: 'x' },
      window.invokeEvent(`${APP}/`, false),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses the app window once it shows a page of another origin', async () => {
    const { invoke, window } = setup();
    for (const url of ['https://evil.example/', 'http://127.0.0.1:9999/', 'file:///etc/passwd']) {
      const result = await invoke('app:info', undefined, window.invokeEvent(url));
      expect(result).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    }
  });

  it('refuses everything while no window exists, and a destroyed frame', async () => {
    const check = trustedSenderCheck(() => null, isAppUrl);
    expect(check(new FakeWebContents().invokeEvent(`${APP}/`))).toBe(false);
    const window = new FakeWebContents();
    const withWindow = trustedSenderCheck(() => window.id, isAppUrl);
    const gone = { sender: { id: window.id }, senderFrame: null } as never;
    expect(withWindow(gone)).toBe(false);
    expect(withWindow(window.invokeEvent(`${APP}/`))).toBe(true);
  });
});

describe('request validation', () => {
  it.each([
    ['api:call', undefined],
    ['api:call', { route: 42 }],
    ['api:call', { route: 'no-such-route' }],
    ['api:call', { route: 'taskCreate', extra: true }],
    ['api:call', { route: 'taskGet', params: { token: { nested: true } } }],
    ['video:save', { taskId: '' }],
    ['mail:watch', 'x@ephemera.localhost'],
    ['desktop:set-login-item', { enabled: 'yes' }],
    ['desktop:open-link', { url: 'file:///etc/passwd' }],
    ['app:info', { unexpected: true }],
  ])('%s with %j → VALIDATION_FAILED, handler not called', async (channel, request) => {
    const handler = vi.fn(() => null);
    const { invoke } = setup({ [channel]: handler });
    const result = await invoke(channel, request);
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(handler).not.toHaveBeenCalled();
  });

  it('names the field in the message', async () => {
    const { invoke } = setup();
    const result = await invoke('mail:watch', { email: 7 });
    expect(result).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^email: /) as string },
    });
  });
});

describe('errors become Result errors', () => {
  it('an AppError keeps its code and message', async () => {
    const { invoke } = setup({
      'video:save': () => {
        throw new AppError('TASK_GONE', 'The task does not exist or has expired.');
      },
    });
    expect(await invoke('video:save', { taskId: 'nope' })).toEqual({
      ok: false,
      error: { code: 'TASK_GONE', message: 'The task does not exist or has expired.' },
    });
  });

  it('a rejected promise with an AppError too', async () => {
    const { invoke } = setup({
      'api:call': () => Promise.reject(new AppError('MAIL_NO_DOMAIN', 'No mail domain.')),
    });
    expect(await invoke('api:call', { route: 'mailGenerate' })).toMatchObject({
      ok: false,
      error: { code: 'MAIL_NO_DOMAIN' },
    });
  });

  it('services that are not running → UNAVAILABLE with the reason', async () => {
    const { invoke } = setup({
      'api:call': () => {
        throw new ServicesUnavailableError('Ephemera is quitting.');
      },
    });
    expect(await invoke('api:call', { route: 'capacity' })).toEqual({
      ok: false,
      error: { code: 'UNAVAILABLE', message: 'Ephemera is quitting.' },
    });
  });

  it('anything else → INTERNAL without details, logged with its stack', async () => {
    const { invoke, logger } = setup({
      'update:check': () => {
        throw new TypeError('secret internals at /home/someone');
      },
    });
    const result = await invoke('update:check');
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(JSON.stringify(result)).not.toContain('secret internals');
    expect(logger.error).toHaveBeenCalledOnce();
  });

  it('caps long messages', async () => {
    const window = new FakeWebContents();
    const result = await dispatchIpc(
      'video:save',
      () => {
        throw new AppError('TASK_GONE', 'x'.repeat(5000));
      },
      window.invokeEvent(`${APP}/`),
      { taskId: 'a' },
      { isTrustedSender: () => true, logger: quietLogger() },
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message.length).toBeLessThanOrEqual(500);
  });
});
