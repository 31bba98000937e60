import { WebhookCreateSchema } from '../../src-shared/api/webhooks.ts';
import { settingsInvalid } from '../core/app-error.ts';
import type { ApiHandlers } from './handler.ts';

type SetupRoutes =
  | 'webhookList'
  | 'webhookCreate'
  | 'webhookDelete'
  | 'webhookDeliveries'
  | 'webhookTest'
  | 'sourceList'
  | 'sourceCreate'
  | 'sourceUpdate'
  | 'sourceDelete'
  | 'sourceTest'
  | 'sourceAuthorize'
  | 'sourceAuthorizeCancel';

/**
 * Webhook endpoints (the secret leaves only in the answer of a create) and mail sources (a
 * source's body is checked by SourceService itself, so a bad field gets its own `reason`; the
 * password is never answered).
 */
export const setupHandlers: Pick<ApiHandlers, SetupRoutes> = {
  webhookList: (_input, { services }) => services.mail.webhooks.list(),
  webhookCreate: ({ body }, { services }) => {
    const parsed = WebhookCreateSchema.safeParse(body ?? {});
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? 'url');
      throw field === 'description'
        ? settingsInvalid(
            'webhook_description_invalid',
            'The description is text of at most 200 characters.',
          )
        : settingsInvalid('webhook_url_invalid', 'Send {"url": "https://…"} with the URL.');
    }
    return services.mail.webhooks.create(parsed.data);
  },
  webhookDelete: ({ params }, { services }) => {
    services.mail.webhooks.delete(params.id);
  },
  webhookDeliveries: ({ params }, { services }) => services.mail.webhooks.deliveries(params.id),
  webhookTest: ({ params }, { services }) => services.mail.webhooks.test(params.id),

  sourceList: (_input, { services }) => services.mail.sources.list(),
  sourceCreate: ({ body }, { services }) => services.mail.sources.create(body),
  sourceUpdate: ({ params, body }, { services }) => services.mail.sources.update(params.id, body),
  sourceDelete: async ({ params }, { services }) => {
    await services.mail.sources.delete(params.id);
  },
  sourceTest: ({ params }, { services }) => services.mail.sources.test(params.id),
  sourceAuthorize: ({ params }, { services }) => services.mail.sources.authorize(params.id),
  sourceAuthorizeCancel: async ({ params }, { services }) => {
    await services.mail.sources.cancelAuthorize(params.id);
  },
};
