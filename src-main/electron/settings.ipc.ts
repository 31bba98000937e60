import type { AppController } from '../app/app-controller.ts';
import type { RunningApp } from '../app/compose.ts';
import type { IpcHandlers } from './ipc-register.ts';

export interface SettingsIpcDeps {
  controller: Pick<AppController, 'settings' | 'updateSettings'>;
  services(): Promise<Pick<RunningApp, 'checkMx'>>;
}

type SettingsChannels = 'settings:get' | 'settings:update' | 'settings:check-mx';

/** The settings screen's channels: the same SettingsService as /api/settings. */
export function settingsIpcHandlers(deps: SettingsIpcDeps): Pick<IpcHandlers, SettingsChannels> {
  return {
    'settings:get': () => deps.controller.settings(),
    'settings:update': (patch) => deps.controller.updateSettings(patch),
    'settings:check-mx': async ({ domain }) => (await deps.services()).checkMx(domain),
  };
}
