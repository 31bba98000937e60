import type { AppInfo } from '../../src-shared/ipc/app-schemas.ts';
import type { PortChange } from './port-fallback.ts';
import type { AppController, AppStatus } from '../app/app-controller.ts';
import type { IpcHandlers } from './ipc-register.ts';

/** Facts about this build that do not change while it runs. */
export interface AppMeta {
  version: string;
  platform: string;
}

export interface AppIpcDeps {
  controller: Pick<AppController, 'status'>;
  /** Resolves once the services run. */
  services(): Promise<unknown>;
  /** Ports another program held at the start (shown as a banner). */
  portChanges(): PortChange[];
  meta: AppMeta;
  clipboard: { writeText(text: string): Promise<void> };
}

type AppChannels = 'app:info' | 'app:copy-text';

/** The desktop's own channels: where the services are, clipboard. */
export function appIpcHandlers(deps: AppIpcDeps): Pick<IpcHandlers, AppChannels> {
  return {
    // The window loads before the services are up: the first call waits for them.
    'app:info': async () => {
      await deps.services();
      return toAppInfo(deps.controller.status(), deps.meta, deps.portChanges());
    },
    'app:copy-text': async ({ text }) => {
      await deps.clipboard.writeText(text);
      return null;
    },
  };
}

/** The controller's status in the contract's shape (also the `app:changed` payload). */
export function toAppInfo(
  status: AppStatus,
  meta: AppMeta,
  portChanges: readonly PortChange[] = [],
): AppInfo {
  const actual = { http: portOf(status.localUrl), smtp: status.smtpPort };
  return {
    version: meta.version,
    platform: meta.platform,
    ...status,
    portChanges: portChanges.map((c) => ({ ...c, actual: actual[c.service] })),
  };
}

function portOf(url: string): number {
  try {
    return Number(new URL(url).port);
  } catch {
    return 0;
  }
}
