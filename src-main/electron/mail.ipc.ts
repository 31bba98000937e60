import { AppError } from '../app/app-error.ts';
import type { RunningApp } from '../app/compose.ts';
import { parseAddress } from '../mail/address.ts';
import { checkReadQuery } from '../mail/read-query.ts';
import { keyView } from '../http/settings-routes.ts';
import type { IpcHandlers } from './ipc-register.ts';
import type { MailWatch } from './mail-watch.ts';

export interface MailIpcDeps {
  /** The running services . */
  services(): Promise<Pick<RunningApp, 'mail'>>;
  watches: Pick<MailWatch, 'watch' | 'unwatch'>;
}

type MailChannels =
  | 'mail:generate'
  | 'mail:generate-batch'
  | 'mail:lease'
  | 'mail:extend'
  | 'mail:reuse'
  | 'mail:list'
  | 'mail:watch'
  | 'mail:unwatch'
  | 'mail:domains'
  | 'keys:list'
  | 'keys:create'
  | 'keys:disable'
  | 'keys:delete';

/**
 * The mail use cases over IPC: the same services and checks as the REST routes (no API key:
 * only the app's own window reaches these), plus live watches and the API keys.
 */
export function mailIpcHandlers(deps: MailIpcDeps): Pick<IpcHandlers, MailChannels> {
  const mail = async () => (await deps.services()).mail;
  return {
    'mail:generate': async () => (await mail()).leases.generate(),
    'mail:generate-batch': async ({ count }) => (await mail()).leases.batch(count),
    'mail:lease': async ({ email }) => (await mail()).leases.lease(email),
    'mail:extend': async ({ email }) => (await mail()).leases.extend(email),
    'mail:reuse': async ({ email }) => (await mail()).leases.reuse(email),
    'mail:list': async ({ email, afterId, limit }) =>
      (await mail()).reader.list(email, checkReadQuery(afterId, limit)),
    'mail:watch': async ({ email }) => {
      const address = (await mail()).leases.requireRecorded(email);
      deps.watches.watch(address.email);
      return null;
    },
    'mail:unwatch': ({ email }) => {
      deps.watches.unwatch(parseAddress(email)?.email ?? email);
      return null;
    },
    'mail:domains': async () => (await mail()).domains.list(),
    'keys:list': async () => (await mail()).keys.list().map(keyView),
    'keys:create': async ({ name }) => {
      const created = (await mail()).keys.create(name);
      return { ...keyView(created), key: created.key };
    },
    'keys:disable': async ({ id }) => {
      const { keys } = await mail();
      const key = keys.disable(id) ? keys.list().find((k) => k.id === id) : undefined;
      if (!key) throw keyNotFound(id);
      return keyView(key);
    },
    'keys:delete': async ({ id }) => {
      if (!(await mail()).keys.delete(id)) throw keyNotFound(id);
      return null;
    },
  };
}

function keyNotFound(id: number): AppError {
  return new AppError('KEY_NOT_FOUND', `There is no API key ${id}.`);
}
