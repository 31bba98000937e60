import type { RunningApp } from '../app/compose.ts';
import { parseAddress } from '../../src-shared/mail/address.ts';
import { checkReadQuery } from '../mail/read-query.ts';
import { requireSearchText } from '../mail/search-query.ts';
import { keyActions } from '../mail/key-actions.ts';
import type { IpcHandlers } from './ipc-register.ts';
import type { MailWatch } from './mail-watch.ts';

export interface MailIpcDeps {
  /** The running services . */
  services(): Promise<Pick<RunningApp, 'mail' | 'settings'>>;
  watches: Pick<MailWatch, 'watch' | 'unwatch'>;
}

type MailChannels =
  | 'mail:generate'
  | 'mail:generate-batch'
  | 'mail:lease'
  | 'mail:extend'
  | 'mail:reuse'
  | 'mail:list'
  | 'mail:full'
  | 'mail:search'
  | 'mail:delete'
  | 'mail:empty'
  | 'mail:set-read'
  | 'mail:watch'
  | 'mail:unwatch'
  | 'mail:domains'
  | 'mail:default-domain'
  | 'keys:list'
  | 'keys:create'
  | 'keys:disable'
  | 'keys:delete'
  | 'keys:sign-in-code'
  | 'keys:enable'
  | 'mail:read-all';

/**
 * The mail use cases over IPC: the same services and checks as the REST routes (no API key:
 * only the app's own window reaches these), plus live watches and the API keys.
 */
export function mailIpcHandlers(deps: MailIpcDeps): Pick<IpcHandlers, MailChannels> {
  const mail = async () => (await deps.services()).mail;
  return {
    'mail:generate': async (request) => (await mail()).leases.generate(request?.domain),
    'mail:generate-batch': async ({ count, domain }) => (await mail()).leases.batch(count, domain),
    'mail:lease': async ({ email }) => (await mail()).leases.lease(email),
    'mail:extend': async ({ email }) => (await mail()).leases.extend(email),
    'mail:reuse': async ({ email }) => (await mail()).leases.reuse(email),
    // Like REST: mail already answered 250 is listed even while it is still being parsed.
    'mail:list': async ({ email, afterId, limit }) =>
      (await (await mail()).reader.waitList(email, checkReadQuery(afterId, limit), 0)).mails,
    'mail:full': async ({ email, id }) => (await mail()).reader.fullMail(email, id),
    'mail:search': async ({ email, q, afterId, limit }) =>
      (await mail()).reader.search(email, requireSearchText(q), checkReadQuery(afterId, limit))
        .mails,
    'mail:delete': async ({ email, id }) => (await mail()).control.deleteOne(email, id),
    'mail:empty': async ({ email }) => (await mail()).control.empty(email),
    'mail:set-read': async ({ email, id, read }) => (await mail()).control.setRead(email, id, read),
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
    'mail:default-domain': async () => (await deps.services()).settings.info().default_domain,
    'keys:list': async () => keyActions.list((await mail()).keys),
    'keys:create': async ({ name }) => keyActions.create((await mail()).keys, name),
    'keys:disable': async ({ id }) => keyActions.disable((await mail()).keys, id),
    'keys:enable': async ({ id }) => keyActions.enable((await mail()).keys, id),
    'keys:delete': async ({ id }) => {
      keyActions.delete((await mail()).keys, id);
      return null;
    },
    'keys:sign-in-code': async ({ purpose, name }) => (await mail()).signIn.create(purpose, name),
    'mail:read-all': async ({ email }) => (await mail()).control.markAllRead(email),
  };
}
