import type { ServerSettingsPatch } from '../../src-shared/api/server-settings.ts';
import type { UpdateState } from '../../src-shared/ipc/update-schemas.ts';
import type { IpcHandlers } from './ipc-register.ts';
import type { UpdateController } from './update-controller.ts';

export type UpdatesHandle = Pick<UpdateController, 'state' | 'check' | 'apply' | 'setEnabled'>;

export interface UpdateIpcDeps {
  /** Null where nothing updates (tests that do not need it). */
  updates: UpdatesHandle | null;
  /** The settings service: on/off is kept in settings.json (`autoUpdates`). */
  updateSettings(patch: ServerSettingsPatch): Promise<unknown>;
  version: string;
}

type UpdateChannels = 'update:state' | 'update:set-enabled' | 'update:check' | 'update:apply';

/** Settings → Updates. */
export function updateIpcHandlers(deps: UpdateIpcDeps): Pick<IpcHandlers, UpdateChannels> {
  const none: UpdateState = {
    mode: 'none',
    enabled: false,
    phase: 'off',
    current: deps.version,
    available: null,
    percent: null,
    error: null,
    checkedAt: null,
    downloadPage: null,
  };
  const state = (): UpdateState => deps.updates?.state() ?? none;
  return {
    'update:state': () => state(),
    'update:set-enabled': async ({ enabled }) => {
      await deps.updateSettings({ auto_updates: enabled });
      // The settings change reaches the controller through the shell's onChange as well;
      // applying it here too makes the answer current.
      deps.updates?.setEnabled(enabled);
      return state();
    },
    'update:check': async () => (deps.updates ? deps.updates.check() : state()),
    'update:apply': async () => (deps.updates ? deps.updates.apply() : state()),
  };
}
