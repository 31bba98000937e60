import type { Logger } from '../core/logger.ts';

export interface QuitWatchdogDeps {
  /** Stops the services (closes listeners, connections, the database). */
  stop(): Promise<void>;
  /** Drops what the shell holds (IPC handlers, tray, subscriptions). */
  cleanup(): void;
  /** app.exit: ends the process without another before-quit. */
  exit(code: number): void;
  timeoutMs: number;
  /** Schedules `fn`; returns the cancel function (fake timers in tests). */
  setTimer?(fn: () => void, ms: number): () => void;
  logger: Logger;
}

/**
 * Quit within a bound, whatever is connected: the services get `timeoutMs` to stop cleanly;
 * past that the app exits anyway (a stuck download, a client that never closes its socket, a
 * disk that hangs). `begin` runs the stop once; later calls get the same promise, which
 * resolves once the stop finished in time (the caller then lets Electron quit).
 */
export function quitWatchdog(deps: QuitWatchdogDeps): { begin(): Promise<void> } {
  let stopping: Promise<void> | null = null;
  const setTimer = (fn: () => void, ms: number): (() => void) => {
    if (deps.setTimer) return deps.setTimer(fn, ms);
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  };
  const cleanup = (): void => deps.cleanup();
  return {
    begin() {
      stopping ??= new Promise<void>((resolve) => {
        let done = false;
        const cancel = setTimer(() => {
          if (done) return;
          done = true;
          deps.logger.warn(`quitting took over ${deps.timeoutMs} ms; exiting now`);
          safely(cleanup, deps.logger);
          deps.exit(0);
        }, deps.timeoutMs);
        deps
          .stop()
          .catch((err: unknown) => deps.logger.error('stopping the services failed', err))
          .finally(() => {
            if (done) return;
            done = true;
            cancel();
            safely(cleanup, deps.logger);
            resolve();
          });
      });
      return stopping;
    },
  };
}

function safely(fn: () => void, logger: Logger): void {
  try {
    fn();
  } catch (err) {
    logger.error('cleaning up failed', err);
  }
}
