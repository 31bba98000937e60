import type { App } from 'electron';
import type { Logger } from '../core/logger.ts';
import { quitWatchdog } from './quit-watchdog.ts';

export interface QuitSequenceDeps {
  app: Pick<App, 'on' | 'quit' | 'exit'>;
  /** Stops the services (HTTP, SMTP, the database) cleanly. */
  stop: () => Promise<void>;
  /** Lets go of the rest (IPC, tray, watches, updates), whatever the stop did. */
  cleanup: () => void;
  timeoutMs: number;
  setTimer?: (fn: () => void, ms: number) => () => void;
  logger: Logger;
}

/** Where the app is on its way out. */
export interface QuitSequence {
  /** Quit began (or an update's quit was allowed): closing the window lets it go. */
  quitting: () => boolean;
  /** Lets the window close for an update's quit (closing otherwise hides it to the tray). */
  allowQuit: () => void;
  /** The services never started: Electron may quit at once, nothing to stop. */
  markStopped: () => void;
}

/**
 * Quit holds Electron back once (`before-quit`) for the clean stop, bounded by the watchdog,
 * then lets it go; a second `before-quit` after the stop passes straight through.
 */
export function quitSequence(deps: QuitSequenceDeps): QuitSequence {
  let quitting = false;
  let stopped = false;
  const watchdog = quitWatchdog({
    stop: deps.stop,
    cleanup: deps.cleanup,
    exit: (code) => deps.app.exit(code),
    timeoutMs: deps.timeoutMs,
    ...(deps.setTimer ? { setTimer: deps.setTimer } : {}),
    logger: deps.logger,
  });
  deps.app.on('before-quit', (event) => {
    quitting = true;
    if (stopped) return;
    event.preventDefault();
    void watchdog.begin().then(() => {
      stopped = true;
      deps.app.quit();
    });
  });
  return {
    quitting: () => quitting,
    allowQuit: () => {
      quitting = true;
    },
    markStopped: () => {
      stopped = true;
    },
  };
}
