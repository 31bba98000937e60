import { describe, expect, it, vi } from 'vitest';
import {
  CRASH_REPORTER_OPTIONS,
  FATAL_BUTTONS,
  installFatalErrorHandlers,
  isGpuCrash,
} from '../../../src-main/electron/fatal-errors.ts';

function setup(answer: number | Error = 1) {
  const listeners = new Map<string, (reason: unknown) => void>();
  const order: string[] = [];
  const logger = {
    info: vi.fn(),
    warn: vi.fn(),
    error: vi.fn((m: string, _err?: unknown) => void order.push(`log ${m}`)),
  };
  let answerAsk: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => (answerAsk = resolve));
  const ask = vi.fn((_t: string, _m: string, _b: readonly string[]) => {
    order.push('ask');
    answerAsk();
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  });
  let quitted: () => void = () => undefined;
  const quitCalled = new Promise<void>((resolve) => (quitted = resolve));
  const deps = {
    on: (event: string, listener: (reason: unknown) => void) => listeners.set(event, listener),
    logger,
    ask,
    openLogsFolder: vi.fn(() => {
      order.push('open logs');
      return Promise.resolve();
    }),
    quit: vi.fn(() => {
      order.push('quit');
      quitted();
    }),
  };
  installFatalErrorHandlers(deps);
  const fire = (event: string, reason: unknown) => listeners.get(event)?.(reason);
  return { deps, fire, order, asked, quitCalled, listeners };
}

describe('fatal errors in the main process', () => {
  it('handles both events Node would otherwise end the process on', () => {
    const s = setup();
    expect([...s.listeners.keys()].sort()).toEqual(['uncaughtException', 'unhandledRejection']);
  });

  it('an uncaught exception is logged with its stack first, then a dialog, then Quit', async () => {
    const s = setup(1);
    const err = new Error('boom');
    s.fire('uncaughtException', err);
    await s.quitCalled;
    expect(s.order).toEqual(['log fatal: uncaught exception', 'ask', 'quit']);
    expect(s.deps.logger.error).toHaveBeenCalledWith('fatal: uncaught exception', err);
    const [title, message, buttons] = s.deps.ask.mock.calls[0] ?? [];
    expect(title).toBe('Ephemera stopped working');
    expect(message).toContain('boom');
    expect(buttons).toEqual(['Open logs folder', 'Quit']);
    expect(s.deps.openLogsFolder).not.toHaveBeenCalled();
  });

  it('"Open logs folder" opens it, then the app quits (never a silent exit)', async () => {
    const s = setup(FATAL_BUTTONS.indexOf('Open logs folder'));
    s.fire('unhandledRejection', 'plain reason');
    await s.quitCalled;
    expect(s.order).toEqual(['log fatal: unhandled promise rejection', 'ask', 'open logs', 'quit']);
    const logged = s.deps.logger.error.mock.calls[0]?.[1];
    expect(logged).toBeInstanceOf(Error);
    expect((logged as Error).message).toBe('plain reason');
  });

  it('a second failure while the dialog is open is logged, not asked again', async () => {
    const s = setup(1);
    s.fire('uncaughtException', new Error('one'));
    s.fire('unhandledRejection', new Error('two'));
    await s.quitCalled;
    expect(s.deps.ask).toHaveBeenCalledTimes(1);
    expect(s.deps.logger.error).toHaveBeenCalledTimes(2);
    expect(s.deps.quit).toHaveBeenCalledTimes(1);
  });

  it('a dialog that fails still quits, and says so in the log', async () => {
    const s = setup(new Error('no display'));
    s.fire('uncaughtException', new Error('boom'));
    await s.quitCalled;
    expect(s.order).toEqual([
      'log fatal: uncaught exception',
      'ask',
      'log the fatal-error dialog failed',
      'quit',
    ]);
  });
});

describe('crash reports and the GPU process', () => {
  it('keeps crash dumps on this machine: no upload', () => {
    expect(CRASH_REPORTER_OPTIONS.uploadToServer).toBe(false);
    expect(CRASH_REPORTER_OPTIONS.submitURL).toBeUndefined();
  });

  it('a GPU process that died (not a clean exit) counts as a crash; other processes do not', () => {
    expect(isGpuCrash({ type: 'GPU', reason: 'crashed' })).toBe(true);
    expect(isGpuCrash({ type: 'GPU', reason: 'oom' })).toBe(true);
    expect(isGpuCrash({ type: 'GPU', reason: 'clean-exit' })).toBe(false);
    expect(isGpuCrash({ type: 'Utility', reason: 'crashed' })).toBe(false);
  });
});
