import { AsyncLocalStorage } from 'node:async_hooks';
import type { DiagnosticsRecorder } from './diagnostics-recorder.ts';

/**
 * The recorder of the run in progress, for the platform kit's shared helpers (page fetch,
 * redirect walk, page-data). Those helpers are called from every extractor's own files with
 * their own arguments; carrying the recorder in async context lets each record its step with one
 * call, without widening every signature and every platform's calls to them.
 */
const scope = new AsyncLocalStorage<DiagnosticsRecorder>();

/** Runs `work` with `recorder` as the current one (or none, when undefined). */
export function withDiagnostics<T>(
  recorder: DiagnosticsRecorder | undefined,
  work: () => Promise<T>,
): Promise<T> {
  return recorder ? scope.run(recorder, work) : work();
}

/** The recorder of the run this code is part of, if any. */
export function currentDiagnostics(): DiagnosticsRecorder | undefined {
  return scope.getStore();
}
