import type { RunningApp } from '../app/compose.ts';
import type { IpcHandlers } from './ipc-register.ts';

export interface SourcesIpcDeps {
  services(): Promise<Pick<RunningApp, 'mail'>>;
}

type SourceChannels =
  | 'sources:list'
  | 'sources:create'
  | 'sources:update'
  | 'sources:delete'
  | 'sources:test'
  | 'sources:authorize';

/** Settings → Receive mail: the same SourceService as /api/sources. */
export function sourcesIpcHandlers(deps: SourcesIpcDeps): Pick<IpcHandlers, SourceChannels> {
  const sources = async () => (await deps.services()).mail.sources;
  return {
    'sources:list': async () => (await sources()).list(),
    'sources:create': async (body) => (await sources()).create(body),
    'sources:update': async ({ id, patch }) => (await sources()).update(id, patch),
    'sources:delete': async ({ id }) => {
      await (await sources()).delete(id);
      return null;
    },
    'sources:test': async ({ id }) => (await sources()).test(id),
    'sources:authorize': async ({ id }) => (await sources()).authorize(id),
  };
}
