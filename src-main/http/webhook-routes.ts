import type { FastifyInstance } from 'fastify';
import { routes } from '../../src-shared/api/routes.ts';
import {
  WebhookCreateSchema,
  type CreatedWebhook,
  type WebhookDeliveries,
  type WebhookTestResult,
  type WebhookView,
} from '../../src-shared/api/webhooks.ts';
import { settingsInvalid } from '../core/app-error.ts';
import type { ApiKeyStore } from '../mail/access/key-store.ts';
import { parseWebhookId, type WebhookService } from '../mail/push/webhooks/webhook-service.ts';
import { registerMailBodyParser } from './mail-request.ts';
import { requireLocalWithKey } from './local-keyed-access.ts';

/**
 * The webhook endpoints, under the settings endpoints' rule: a request from this machine (403)
 * with an API key (401); a browser page from another site is refused before that
 * (origin-guard.ts). The secret leaves only in the answer of POST /api/webhooks.
 */
export async function registerWebhookRoutes(
  app: FastifyInstance,
  deps: { webhooks: WebhookService; keys: ApiKeyStore },
): Promise<void> {
  const { webhooks } = deps;
  await app.register((scope, _options, done) => {
    registerMailBodyParser(scope);
    requireLocalWithKey(
      scope,
      deps.keys,
      'Webhooks can only be changed on the computer running Ephemera.',
    );

    scope.get(routes.webhookList.path, (): WebhookView[] => webhooks.list());

    scope.post(routes.webhookCreate.path, async (request, reply): Promise<CreatedWebhook> => {
      const parsed = WebhookCreateSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const field = String(parsed.error.issues[0]?.path[0] ?? 'url');
        throw field === 'description'
          ? settingsInvalid(
              'webhook_description_invalid',
              'The description is text of at most 200 characters.',
            )
          : settingsInvalid('webhook_url_invalid', 'Send {"url": "https://…"} with the URL.');
      }
      const created = webhooks.create(parsed.data);
      void reply.code(201);
      return created;
    });

    scope.delete<{ Params: { id: string } }>(routes.webhookDelete.path, async (request, reply) => {
      webhooks.delete(parseWebhookId(request.params.id));
      return reply.code(204).send();
    });

    scope.get<{ Params: { id: string } }>(
      routes.webhookDeliveries.path,
      (request): WebhookDeliveries => webhooks.deliveries(parseWebhookId(request.params.id)),
    );

    scope.post<{ Params: { id: string } }>(
      routes.webhookTest.path,
      (request): Promise<WebhookTestResult> => webhooks.test(parseWebhookId(request.params.id)),
    );

    done();
  });
}
