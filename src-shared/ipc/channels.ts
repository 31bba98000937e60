import type { IpcEventChannel, IpcInvokeChannel } from './desktop-contract.ts';

/*
 * The runtime allowlists the preload checks. Only type imports above: the preload bundle must
 * not pull zod in. `satisfies` refuses a name the contract lacks; the unit test
 * tests/unit/shared/ipc/channels.test.ts refuses a contract channel missing here.
 */

/** Every request/response channel of IPC_INVOKE_SCHEMAS. */
export const IPC_INVOKE_CHANNELS = [
  'api:call',
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
  'video:save',
  'mail:watch',
  'mail:unwatch',
  'mail:save-raw',
  'mail:save-attachment',
  'mail:raw-source',
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
