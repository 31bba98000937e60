import os from 'node:os';
import type { DiagnosticsAbout } from '../video/diagnostics/diagnostics-view.ts';
import { appVersion } from './app-paths.ts';

/** The version and system a diagnostics record names (the app's and `probe`'s). */
export function aboutThisApp(version = appVersion()): DiagnosticsAbout {
  return { appVersion: version, os: `${os.platform()} ${os.arch()}` };
}
