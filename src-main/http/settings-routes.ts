import type { FastifyInstance } from 'fastify';
import { routes } from '../../src-shared/api/routes.ts';
import {
  ApiKeyCreateSchema,
  ServerSettingsPatchSchema,
  type ApiKeyList,
  type ApiKeyView,
  type CreatedApiKeyView,
  type MxCheck,
  type ServerInfo,
  type ServerSettings,
  type ServerSettingsPatch,
} from '../../src-shared/api/server-settings.ts';
import type { SettingsInvalidReason } from '../../src-shared/errors/codes.ts';
import { settingsInvalid } from '../core/app-error.ts';
import { keyActions } from '../mail/key-actions.ts';
import type { ApiKeyStore } from '../mail/access/key-store.ts';
import { isLoopbackAddress } from '../core/loopback.ts';
import { keyIdOf } from './mail-auth.ts';
import { registerMailBodyParser } from './mail-request.ts';
import { requireLocalWithKey } from './local-keyed-access.ts';

/** Everything the settings routes need from the app (settings/settings-service.ts). */
export interface SettingsRouteDeps {
  settings: {
    /** GET /api/info without `client_is_local` (added per request). */
    info(): Omit<ServerInfo, 'client_is_local'>;
    read(): ServerSettings;
    /** Applies a change or throws an AppError saying why not. */
    update(patch: ServerSettingsPatch): Promise<ServerSettings>;
  };
  keys: Pick<ApiKeyStore, 'identify' | 'list' | 'create' | 'disable' | 'enable' | 'delete'>;
  checkMx(domain: string): Promise<MxCheck>;
}

/** The reason of a PATCH field its schema refused; other fields (and unknown keys) are value_invalid. */
const PATCH_FIELD_REASON: Partial<Record<string, SettingsInvalidReason>> = {
  http_port: 'port_invalid',
  smtp_port: 'port_invalid',
  proxy: 'proxy_invalid',
  data_dir: 'data_dir_unusable',
  domains: 'domain_invalid',
  allowed_hosts: 'host_invalid',
};

function parseId(raw: string): number {
  if (!/^\d{1,12}$/.test(raw)) throw settingsInvalid('key_id_invalid', `"${raw}" is not a key id.`);
  return Number(raw);
}

/**
 * GET /api/info (public) and the settings and key endpoints (an API key, and a request from this
 * machine): GET/PATCH /api/settings, GET /api/settings/mx, GET/POST /api/keys,
 * POST /api/keys/{id}/disable, POST /api/keys/{id}/enable, DELETE /api/keys/{id}. Bodies are JSON; errors are {detail}.
 */
export async function registerSettingsRoutes(
  app: FastifyInstance,
  deps: SettingsRouteDeps,
): Promise<void> {
  app.get(routes.info.path, (request): ServerInfo => ({
    ...deps.settings.info(),
    client_is_local: isLoopbackAddress(request.ip),
  }));

  await app.register((scope, _options, done) => {
    registerMailBodyParser(scope);
    requireLocalWithKey(
      scope,
      deps.keys as ApiKeyStore,
      'Settings and API keys can only be changed on the computer running Ephemera.',
    );

    scope.get(routes.settingsGet.path, () => deps.settings.read());

    scope.patch(routes.settingsUpdate.path, async (request) => {
      const parsed = ServerSettingsPatchSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.join('.') || 'body';
        throw settingsInvalid(
          PATCH_FIELD_REASON[String(issue?.path[0])] ?? 'value_invalid',
          `Invalid ${where}: ${issue?.message ?? 'not a settings object'}.`,
        );
      }
      return deps.settings.update(parsed.data);
    });

    scope.get<{ Querystring: { domain?: string } }>(routes.settingsMx.path, (request) =>
      deps.checkMx(typeof request.query.domain === 'string' ? request.query.domain : ''),
    );

    scope.get(routes.keyList.path, (request): ApiKeyList => ({
      keys: keyActions.list(deps.keys),
      current_key_id: keyIdOf(request),
    }));

    scope.post(routes.keyCreate.path, async (request, reply): Promise<CreatedApiKeyView> => {
      const parsed = ApiKeyCreateSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        throw settingsInvalid('key_name_invalid', 'Give the key a name of 1 to 100 characters.');
      }
      const created = keyActions.create(deps.keys, parsed.data.name);
      void reply.code(201);
      return created;
    });

    scope.post<{ Params: { id: string } }>(routes.keyDisable.path, (request): ApiKeyView => {
      return keyActions.disable(deps.keys, parseId(request.params.id));
    });

    scope.post<{ Params: { id: string } }>(routes.keyEnable.path, (request): ApiKeyView => {
      return keyActions.enable(deps.keys, parseId(request.params.id));
    });

    scope.delete<{ Params: { id: string } }>(routes.keyDelete.path, async (request, reply) => {
      keyActions.delete(deps.keys, parseId(request.params.id));
      return reply.code(204).send();
    });

    done();
  });
}
