import { Resolver } from 'node:dns/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
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
import type { ApiKeyInfo, ApiKeyStore } from '../mail/key-store.ts';
import { normalizeDomain } from '../mail/address.ts';
import { requireApiKey } from './mail-auth.ts';
import { registerMailBodyParser } from './mail-request.ts';

/** What PATCH /api/settings gets back from the app: the new settings, and maybe more to do. */
export interface SettingsUpdate {
  settings: ServerSettings;
  /**
   * Work that would cut this very request (rebinding the listeners for LAN sharing): it runs
   * after the answer has been sent.
   */
  commit?: () => Promise<void>;
}

/** Everything the settings routes need from the app (docs/ui.md). */
export interface SettingsRouteDeps {
  /** GET /api/info without `client_is_local` (added per request). */
  info(): Omit<ServerInfo, 'client_is_local'>;
  settings: {
    read(): ServerSettings | Promise<ServerSettings>;
    /**
     * Validates and saves a change. Throw an Error with `statusCode: 400` (and a sentence) for a
     * value the app refuses, e.g. a data folder it cannot create.
     */
    update(patch: ServerSettingsPatch): Promise<SettingsUpdate>;
  };
  keys: Pick<ApiKeyStore, 'check' | 'list' | 'create' | 'disable' | 'delete'>;
  /** DNS MX lookup; defaults to node:dns with a 4 s timeout. */
  resolveMx?: (domain: string) => Promise<{ exchange: string; priority: number }[]>;
}

/** An error the central handler answers as `{detail}` with this status. */
function httpError(statusCode: number, detail: string): Error {
  return Object.assign(new Error(detail), { statusCode });
}

/** True for 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopback(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  return ipaddr.process(ip).range() === 'loopback';
}

function keyView(key: ApiKeyInfo): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    hint: key.hint,
    created_at: new Date(key.createdAt).toISOString(),
    disabled_at: key.disabledAt === null ? null : new Date(key.disabledAt).toISOString(),
  };
}

function parseId(raw: string): number {
  if (!/^\d{1,12}$/.test(raw)) throw httpError(400, `"${raw}" is not a key id.`);
  return Number(raw);
}

function defaultResolveMx(): (domain: string) => Promise<{ exchange: string; priority: number }[]> {
  const resolver = new Resolver({ timeout: 4000, tries: 1 });
  return (domain) => resolver.resolveMx(domain);
}

/**
 * GET /api/info (public) and the settings and key endpoints (an API key, and a request from this
 * machine): GET/PATCH /api/settings, GET /api/settings/mx, GET/POST /api/keys,
 * POST /api/keys/{id}/disable, DELETE /api/keys/{id}. Bodies are JSON; errors are {detail}.
 */
export async function registerSettingsRoutes(
  app: FastifyInstance,
  deps: SettingsRouteDeps,
): Promise<void> {
  const resolveMx = deps.resolveMx ?? defaultResolveMx();

  app.get('/api/info', (request): ServerInfo => ({
    ...deps.info(),
    client_is_local: isLoopback(request.ip),
  }));

  await app.register((scope, _options, done) => {
    registerMailBodyParser(scope);
    scope.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
      if (isLoopback(request.ip)) return done();
      done(
        httpError(
          403,
          'Settings and API keys can only be changed on the computer running Ephemera.',
        ),
      );
    });
    scope.addHook('onRequest', requireApiKey(deps.keys as ApiKeyStore, { allowQuery: false }));

    scope.get('/api/settings', () => deps.settings.read());

    scope.patch('/api/settings', async (request, reply) => {
      const parsed = ServerSettingsPatchSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.join('.') || 'body';
        throw httpError(400, `Invalid ${where}: ${issue?.message ?? 'not a settings object'}.`);
      }
      const update = await deps.settings.update(parsed.data);
      if (update.commit) {
        const commit = update.commit;
        reply.raw.once('finish', () => void commit().catch(() => undefined));
      }
      return update.settings;
    });

    scope.get<{ Querystring: { domain?: string } }>(
      '/api/settings/mx',
      async (request): Promise<MxCheck> => {
        const raw = typeof request.query.domain === 'string' ? request.query.domain : '';
        const domain = normalizeDomain(raw);
        if (!domain) throw httpError(400, `"${raw}" is not a domain name.`);
        try {
          const records = (await resolveMx(domain))
            .map((r) => ({ exchange: r.exchange, priority: r.priority }))
            .sort((a, b) => a.priority - b.priority);
          return {
            domain,
            records,
            error: records.length === 0 ? `${domain} has no MX record.` : null,
          };
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code;
          const error =
            code === 'ENODATA' || code === 'ENOTFOUND'
              ? `${domain} has no MX record.`
              : `The MX lookup for ${domain} failed (${code ?? 'DNS error'}). Check this computer's network.`;
          return { domain, records: [], error };
        }
      },
    );

    scope.get('/api/keys', (): ApiKeyList => ({ keys: deps.keys.list().map(keyView) }));

    scope.post('/api/keys', async (request, reply): Promise<CreatedApiKeyView> => {
      const parsed = ApiKeyCreateSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw httpError(400, 'Give the key a name of 1 to 100 characters.');
      const created = deps.keys.create(parsed.data.name);
      void reply.code(201);
      return { ...keyView(created), key: created.key };
    });

    scope.post<{ Params: { id: string } }>('/api/keys/:id/disable', (request): ApiKeyView => {
      const id = parseId(request.params.id);
      if (!deps.keys.disable(id)) throw httpError(404, `There is no API key ${id}.`);
      const key = deps.keys.list().find((k) => k.id === id);
      if (!key) throw httpError(404, `There is no API key ${id}.`);
      return keyView(key);
    });

    scope.delete<{ Params: { id: string } }>('/api/keys/:id', async (request, reply) => {
      const id = parseId(request.params.id);
      if (!deps.keys.delete(id)) throw httpError(404, `There is no API key ${id}.`);
      return reply.code(204).send();
    });

    done();
  });
}
