import type { RunningApp } from '../app/compose.ts';
import type { IpcHandlers } from './ipc-register.ts';

export interface WebhooksIpcDeps {
  services(): Promise<Pick<RunningApp, 'mail'>>;
}

type WebhookChannels =
  'webhooks:list' | 'webhooks:create' | 'webhooks:delete' | 'webhooks:deliveries' | 'webhooks:test';

/** The Webhooks section's channels: the same WebhookService as /api/webhooks. */
export function webhooksIpcHandlers(deps: WebhooksIpcDeps): Pick<IpcHandlers, WebhookChannels> {
  const webhooks = async () => (await deps.services()).mail.webhooks;
  return {
    'webhooks:list': async () => (await webhooks()).list(),
    'webhooks:create': async (request) => (await webhooks()).create(request),
    'webhooks:delete': async ({ id }) => {
      (await webhooks()).delete(id);
      return null;
    },
    'webhooks:deliveries': async ({ id }) => (await webhooks()).deliveries(id),
    'webhooks:test': async ({ id }) => (await webhooks()).test(id),
  };
}
