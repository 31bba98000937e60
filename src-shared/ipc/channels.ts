import type { IpcEventChannel, IpcInvokeChannel } from './contract.ts';

/*
 * The runtime allowlists the preload checks. Only type imports above: the preload bundle must
 * not pull zod in. `satisfies` refuses a name the contract lacks; the unit test
 * tests/unit/shared/ipc/channels.test.ts refuses a contract channel missing here.
 */

/** Every request/response channel of IPC_INVOKE_SCHEMAS. */
export const IPC_INVOKE_CHANNELS = [
  'app:info',
  'app:copy-text',
  'desktop:login-item',
  'desktop:set-login-item',
  'desktop:open-logs',
  'desktop:open-link',
  'update:state',
  'update:set-enabled',
  'update:check',
  'update:apply',
  'settings:get',
  'settings:update',
  'settings:check-mx',
  'video:create',
  'video:get',
  'video:cancel',
  'video:capacity',
  'video:save',
  'video:diagnostics',
  'mail:generate',
  'mail:generate-batch',
  'mail:lease',
  'mail:extend',
  'mail:reuse',
  'mail:list',
  'mail:full',
  'mail:search',
  'mail:delete',
  'mail:empty',
  'mail:set-read',
  'mail:watch',
  'mail:unwatch',
  'mail:domains',
  'mail:default-domain',
  'mail:save-raw',
  'mail:save-attachment',
  'mail:raw-source',
  'keys:list',
  'keys:create',
  'keys:disable',
  'keys:delete',
  'webhooks:list',
  'webhooks:create',
  'webhooks:delete',
  'webhooks:deliveries',
  'webhooks:test',
  'sources:list',
  'sources:create',
  'sources:update',
  'sources:delete',
  'sources:test',
  'sources:authorize',
  'keys:sign-in-code',
  'keys:enable',
  'mail:read-all',
] as const satisfies readonly IpcInvokeChannel[];

/** Every push channel of IPC_EVENT_SCHEMAS. */
export const IPC_EVENT_CHANNELS = [
  'mail:received',
  'app:changed',
  'update:changed',
] as const satisfies readonly IpcEventChannel[];

const INVOKE = new Set<string>(IPC_INVOKE_CHANNELS);
const EVENTS = new Set<string>(IPC_EVENT_CHANNELS);

export function isInvokeChannel(value: unknown): value is IpcInvokeChannel {
  return typeof value === 'string' && INVOKE.has(value);
}

export function isEventChannel(value: unknown): value is IpcEventChannel {
  return typeof value === 'string' && EVENTS.has(value);
}
