import type { CrashReporterStartOptions } from 'electron';
import type { Logger } from '../core/logger.ts';

/** The buttons of the fatal-error dialog, in order (the answer is the index). */
export const FATAL_BUTTONS = ['Open logs folder', 'Quit'] as const;

export interface FatalErrorDeps {
  /** `process.on` for the two events Node otherwise ends the process on. */
  on(event: 'uncaughtException' | 'unhandledRejection', listener: (reason: unknown) => void): void;
  logger: Logger;
  /** A message box with these buttons; resolves to the index clicked. */
  ask(title: string, message: string, buttons: readonly string[]): Promise<number>;
  openLogsFolder(): Promise<void>;
  /** Ends the app (through the clean quit, which the quit watchdog bounds to 3 s). */
  quit(): void;
}

/**
 * A main-process exception nobody caught, or a promise rejection nobody handled, leaves the app
 * in a state no code planned for. Node would end the process without a word; here it is written
 * to the log file first (with its stack), then the user is told, offered the logs folder, and
 * the app quits. Only the first failure asks: later ones while the dialog is open are logged.
 */
export function installFatalErrorHandlers(deps: FatalErrorDeps): void {
  let asking = false;
  const fail = (kind: string, reason: unknown): void => {
    const err = reason instanceof Error ? reason : new Error(String(reason));
    deps.logger.error(`fatal: ${kind}`, err);
    if (asking) return;
    asking = true;
    deps
      .ask(
        'Ephemera stopped working',
        `Something went wrong that Ephemera cannot recover from, so it will quit.\n\n${err.message}\n\nThe logs folder has the details.`,
        FATAL_BUTTONS,
      )
      .then(async (choice) => {
        if (choice === 0) await deps.openLogsFolder();
      })
      .catch((e: unknown) => deps.logger.error('the fatal-error dialog failed', e))
      .finally(() => deps.quit());
  };
  deps.on('uncaughtException', (err) => fail('uncaught exception', err));
  deps.on('unhandledRejection', (reason) => fail('unhandled promise rejection', reason));
}

/**
 * Crash dumps of every Electron process are kept on this machine only (`uploadToServer: false`,
 * no submit URL): a crash leaves a minidump in the crash-dumps folder, which main.ts puts inside
 * the logs folder so "Open logs folder" shows it. Nothing is sent anywhere.
 */
export const CRASH_REPORTER_OPTIONS: CrashReporterStartOptions = {
  uploadToServer: false,
  compress: true,
};

/** Whether a child process's end is one the window recovers from like a crashed page. */
export function isGpuCrash(details: { type: string; reason: string }): boolean {
  return details.type === 'GPU' && details.reason !== 'clean-exit';
}
