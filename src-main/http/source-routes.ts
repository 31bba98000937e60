import type { FastifyInstance } from 'fastify';
import { routes } from '../../src-shared/api/routes.ts';
import type { Source, SourceAuthorize, SourceTestResult } from '../../src-shared/mail/sources.ts';
import type { ApiKeyStore } from '../mail/access/key-store.ts';
import type { SourceService } from '../mail/sources/source-service.ts';
import { registerMailBodyParser } from './mail-request.ts';
import { requireLocalWithKey } from './local-keyed-access.ts';

export interface SourceRouteDeps {
  sources: Pick<SourceService, 'list' | 'create' | 'update' | 'delete' | 'test' | 'authorize'>;
  keys: ApiKeyStore;
}

/**
 * GET/POST /api/sources, PATCH/DELETE /api/sources/{id}, POST /api/sources/{id}/test and
 * /authorize (an OAuth sign-in): the
 * same rule as the settings endpoints (a request from this machine, with an API key), since a
 * source holds a password and reads a real mailbox. The password is never answered.
 */
export async function registerSourceRoutes(
  app: FastifyInstance,
  deps: SourceRouteDeps,
): Promise<void> {
  await app.register((scope, _options, done) => {
    registerMailBodyParser(scope);
    requireLocalWithKey(
      scope,
      deps.keys,
      'Mail sources can only be changed on the computer running Ephemera.',
    );

    scope.get(routes.sourceList.path, (): Source[] => deps.sources.list());

    scope.post(routes.sourceCreate.path, async (request, reply): Promise<Source> => {
      const created = deps.sources.create(request.body);
      void reply.code(201);
      return created;
    });

    scope.patch<{ Params: { id: string } }>(routes.sourceUpdate.path, (request) =>
      deps.sources.update(request.params.id, request.body),
    );

    scope.delete<{ Params: { id: string } }>(routes.sourceDelete.path, async (request, reply) => {
      await deps.sources.delete(request.params.id);
      return reply.code(204).send();
    });

    scope.post<{ Params: { id: string } }>(
      routes.sourceTest.path,
      (request): Promise<SourceTestResult> => deps.sources.test(request.params.id),
    );

    scope.post<{ Params: { id: string } }>(
      routes.sourceAuthorize.path,
      (request): Promise<SourceAuthorize> => deps.sources.authorize(request.params.id),
    );
    done();
  });
}
