import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../src-main/core/app-error.ts';
import type { RunningApp } from '../../../src-main/app/compose.ts';
import { dispatchIpc, type IpcHandler } from '../../../src-main/electron/ipc-register.ts';
import { apiIpcHandlers } from '../../../src-main/electron/api.ipc.ts';
import type { IpcInvokeChannel } from '../../../src-shared/ipc/desktop-contract.ts';
import type { TaskDiagnostics } from '../../../src-shared/video/schemas.ts';

function call<C extends IpcInvokeChannel>(channel: C, handler: IpcHandler<C>, request?: unknown) {
  const event = { sender: { id: 1 }, senderFrame: { url: 'x', parent: null } } as never;
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  return dispatchIpc(channel, handler, event, request, { isTrustedSender: () => true, logger });
}

const RECORD: TaskDiagnostics = {
  task_id: 'abc',
  platform: 'kuaishou',
  status: 'failed',
  app_version: '1.2.3',
  os: 'linux x64',
  error: 'gone',
  error_code: 'unavailable',
  retryable: false,
  started_at: 1,
  finished_at: 2,
  failure: null,
  steps: [],
  steps_dropped: 0,
  proxy: null,
  server_time: 3,
};

describe('taskDiagnostics over IPC answers what GET /api/tasks/{token}/diagnostics answers', () => {
  const setup = (diagnostics: (id: string) => TaskDiagnostics) => {
    const video = { diagnostics: vi.fn(diagnostics) };
    const handlers = apiIpcHandlers({
      services: () => Promise.resolve({ video } as unknown as RunningApp),
    });
    const diagnose = (token: string) =>
      call('api:call', handlers['api:call'], { route: 'taskDiagnostics', params: { token } });
    return { video, diagnose };
  };

  it('passes the task id through and answers the record', async () => {
    const { video, diagnose } = setup(() => RECORD);
    expect(await diagnose('abc')).toEqual({
      ok: true,
      value: RECORD,
    });
    expect(video.diagnostics).toHaveBeenCalledWith('abc');
  });

  it('answers the service refusal as its code (409 while running, 410 when gone)', async () => {
    const { diagnose } = setup(() => {
      throw new AppError('TASK_NOT_READY', 'The task is processing.');
    });
    expect(await diagnose('abc')).toMatchObject({
      ok: false,
      error: { code: 'TASK_NOT_READY' },
    });
  });

  it('refuses a request without a task id before the service is asked', async () => {
    const { video, diagnose } = setup(() => RECORD);
    expect(await diagnose('')).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    });
    expect(video.diagnostics).not.toHaveBeenCalled();
  });
});
