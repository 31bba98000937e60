import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerSettings, ServerSettingsPatch } from '../../src-shared/api/server-settings.ts';
import { createLogger } from '../../src-main/core/logger.ts';
import { openDatabase, type Db } from '../../src-main/db/open-database.ts';
import { registerErrorHandler } from '../../src-main/http/error-handler.ts';
import { registerApiRoutes } from '../../src-main/http/api-routes.ts';
import type { MailServices } from '../../src-main/mail/mail-services.ts';
import type { VideoService } from '../../src-main/video/video-service.ts';
import { ApiKeyStore } from '../../src-main/mail/access/key-store.ts';
import { AppError } from '../../src-main/core/app-error.ts';
import { checkMx } from '../../src-main/mail/access/mx-check.ts';
import { ManualClock } from '../helpers/manual-clock.ts';

describe('settings routes', () => {
  let db: Db;
  let app: FastifyInstance;
  let key: string;
  let current: ServerSettings;
  const patches: ServerSettingsPatch[] = [];

  beforeEach(async () => {
    db = openDatabase(':memory:');
    const keys = new ApiKeyStore(db, new ManualClock());
    key = keys.create('test').key;
    current = {
      lan_enabled: false,
      lan_url: null,
      http_port: 8787,
      smtp_port: 2525,
      domains: ['ephemera.localhost'],
      domains_locked: false,
      proxy: null,
      proxy_password_set: false,
      data_dir: '/tmp/eph',
      code_notifications: true,
      allowed_hosts: [],
      auto_updates: true,
      locked: [],
      restart_required: false,
    };
    patches.length = 0;
    app = Fastify();
    registerErrorHandler(app, createLogger('test', true));
    // Every route of the table, with only what the settings and key routes use behind them.
    await registerApiRoutes(
      app,
      {
        video: {} as VideoService,
        mail: { keys } as MailServices,
        settings: {
          info: () => ({
            version: '0.1.0',
            http_url: 'http://127.0.0.1:8787',
            lan_url: current.lan_url,
            lan_enabled: current.lan_enabled,
            smtp_port: 2525,
            domains: current.domains,
            default_domain: current.domains[0] ?? null,
          }),
          read: () => current,
          update: (patch) => {
            patches.push(patch);
            if (patch.http_port === 2525) {
              return Promise.reject(new AppError('SETTINGS_INVALID', 'Two different ports.'));
            }
            current = { ...current, ...patch };
            if (patch.lan_enabled) current.lan_url = 'http://192.168.1.20:8787';
            return Promise.resolve(current);
          },
        },
        checkMx: (domain) =>
          checkMx(domain, (d) => {
            if (d === 'nomx.example') {
              return Promise.reject(Object.assign(new Error('no'), { code: 'ENODATA' }));
            }
            if (d === 'offline.example') {
              return Promise.reject(Object.assign(new Error('no'), { code: 'ECONNREFUSED' }));
            }
            return Promise.resolve([
              { exchange: 'mx2.example.org', priority: 20 },
              { exchange: 'mx1.example.org', priority: 10 },
            ]);
          }),
      },
      { createsPerMinute: 10 },
    );
  });

  afterEach(async () => {
    await app.close();
    db.close();
  });

  const auth = () => ({ 'x-api-key': key });

  it('GET /api/info is public and says whether the caller is local', async () => {
    const local = await app.inject({ url: '/api/info' });
    expect(local.statusCode).toBe(200);
    expect(local.json()).toMatchObject({ version: '0.1.0', lan_url: null, client_is_local: true });
    const phone = await app.inject({ url: '/api/info', remoteAddress: '192.168.1.7' });
    expect(phone.json()).toMatchObject({ client_is_local: false });
  });

  it('settings need a key and a loopback caller', async () => {
    expect((await app.inject({ url: '/api/settings' })).statusCode).toBe(401);
    const phone = await app.inject({
      url: '/api/settings',
      headers: auth(),
      remoteAddress: '192.168.1.7',
    });
    expect(phone.statusCode).toBe(403);
    expect(phone.json<{ detail: string }>().detail).toMatch(/computer running Ephemera/);
    const ok = await app.inject({ url: '/api/settings', headers: auth() });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual(current);
  });

  it('PATCH validates the shape, then answers what the app made of it', async () => {
    const bad = await app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: { http_port: 70000 },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: { colour: 'red' },
    });
    expect(unknown.statusCode).toBe(400);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: { lan_enabled: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lan_enabled: true, lan_url: 'http://192.168.1.20:8787' });
    expect(patches).toEqual([{ lan_enabled: true }]);
    const refused = await app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: { http_port: 2525 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: 'Two different ports.' });
  });

  it('MX check lists records by priority and explains a missing one', async () => {
    const ok = await app.inject({ url: '/api/settings/mx?domain=Example.ORG', headers: auth() });
    expect(ok.json()).toEqual({
      domain: 'example.org',
      records: [
        { exchange: 'mx1.example.org', priority: 10 },
        { exchange: 'mx2.example.org', priority: 20 },
      ],
      error: null,
      problem: null,
    });
    const none = await app.inject({ url: '/api/settings/mx?domain=nomx.example', headers: auth() });
    expect(none.json()).toMatchObject({
      records: [],
      error: 'nomx.example has no MX record.',
      problem: 'no_mx',
    });
    const offline = await app.inject({
      url: '/api/settings/mx?domain=offline.example',
      headers: auth(),
    });
    expect(offline.json<{ error: string }>().error).toMatch(/failed \(ECONNREFUSED\)/);
    expect(offline.json()).toMatchObject({ problem: 'lookup_failed' });
    const bad = await app.inject({ url: '/api/settings/mx?domain=not a domain', headers: auth() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      detail: '"not a domain" is not a domain name.',
      reason: 'domain_invalid',
    });
  });

  it('keys: create shows the key once, list hides it, disable and delete work', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: { name: 'phone' },
    });
    expect(created.statusCode).toBe(201);
    const body = created.json<{ id: number; key: string; hint: string }>();
    expect(body.key).toMatch(/^eph_/);
    expect(body.hint).toBe(body.key.slice(-4));
    const list = await app.inject({ url: '/api/keys', headers: auth() });
    expect(list.body).not.toContain(body.key);
    expect(list.json<{ keys: { name: string }[] }>().keys.map((k) => k.name)).toEqual([
      'test',
      'phone',
    ]);
    const disabled = await app.inject({
      method: 'POST',
      url: `/api/keys/${body.id}/disable`,
      headers: auth(),
    });
    const view = disabled.json<{ id: number; disabled_at: string | null }>();
    expect(view.id).toBe(body.id);
    expect(view.disabled_at).toMatch(/Z$/);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/keys/${body.id}`,
      headers: auth(),
    });
    expect(del.statusCode).toBe(204);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/keys/${body.id}`,
      headers: auth(),
    });
    expect(again.statusCode).toBe(404);
    const badName = await app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: { name: '' },
    });
    expect(badName.statusCode).toBe(400);
    expect(badName.json()).toEqual({
      detail: 'Give the key a name of 1 to 100 characters.',
      reason: 'key_name_invalid',
    });
    const badId = await app.inject({
      method: 'POST',
      url: '/api/keys/1x/disable',
      headers: auth(),
    });
    expect(badId.json()).toEqual({ detail: '"1x" is not a key id.', reason: 'key_id_invalid' });
  });

  it("keys: the list names the caller's own key; a disabled key can be enabled again", async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: { name: 'laptop' },
    });
    const laptop = created.json<{ id: number; key: string }>();
    const listWith = async (presented: string) =>
      (await app.inject({ url: '/api/keys', headers: { 'x-api-key': presented } })).json<{
        keys: { id: number; name: string }[];
        current_key_id: number | null;
      }>();
    const asTest = await listWith(key);
    const testId = asTest.keys.find((k) => k.name === 'test')?.id;
    expect(asTest.current_key_id).toBe(testId);
    expect((await listWith(laptop.key)).current_key_id).toBe(laptop.id);

    const post = (url: string, presented = key) =>
      app.inject({ method: 'POST', url, headers: { 'x-api-key': presented } });
    await post(`/api/keys/${laptop.id}/disable`);
    // Disabled: refused with its own key…
    expect((await post(`/api/keys/${laptop.id}/enable`, laptop.key)).statusCode).toBe(401);
    // …and enabled again with another: the key works from the next request.
    const enabled = await post(`/api/keys/${laptop.id}/enable`);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ id: laptop.id, name: 'laptop', disabled_at: null });
    expect((await listWith(laptop.key)).current_key_id).toBe(laptop.id);
    // Enabling an enabled key is no error; an unknown or malformed id is.
    expect((await post(`/api/keys/${laptop.id}/enable`)).statusCode).toBe(200);
    const missing = await post('/api/keys/999/enable');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'There is no API key 999.' });
    const bad = await post('/api/keys/x/enable');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ reason: 'key_id_invalid' });
  });
});
