import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  WEBHOOK_LIMITS,
  CreatedWebhookSchema,
  WebhookListSchema,
  type CreatedWebhook,
} from '../../src-shared/api/webhooks.ts';
import { createLogger } from '../../src-main/core/logger.ts';
import { DATABASE_FILE, openDatabase } from '../../src-main/db/open-database.ts';
import { registerErrorHandler } from '../../src-main/http/error-handler.ts';
import { registerApiRoutes } from '../../src-main/http/api-routes.ts';
import { partialApiServices } from '../helpers/api-services.ts';
import { ApiKeyStore } from '../../src-main/mail/access/key-store.ts';
import { WebhookService } from '../../src-main/mail/push/webhooks/webhook-service.ts';
import { WebhookStore } from '../../src-main/mail/push/webhooks/webhook-store.ts';
import { WebhookWorker } from '../../src-main/mail/push/webhooks/webhook-worker.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { ManualClock } from '../helpers/manual-clock.ts';

const json = { 'content-type': 'application/json' };

describe('webhook REST API', () => {
  let m: MailTestApp;
  beforeEach(async () => {
    m = await startMailTestApp();
  });
  afterEach(async () => {
    await m.close();
  });

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    m.api('/api/webhooks', {
      method: 'POST',
      headers: { ...json, ...headers },
      body: JSON.stringify(body),
    });

  it('POST answers 201 with the secret once; GET never shows it', async () => {
    const res = await post({ url: 'http://192.168.1.20:8123/api/webhook/abc', description: 'HA' });
    expect(res.status).toBe(201);
    const created = CreatedWebhookSchema.parse(await res.json());
    expect(created).toMatchObject({
      url: 'http://192.168.1.20:8123/api/webhook/abc',
      description: 'HA',
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);
    const again = CreatedWebhookSchema.parse(
      await (await post({ url: 'http://[::1]:9/x' })).json(),
    );
    expect(again.secret).not.toBe(created.secret);
    expect(again.description).toBeNull();

    const list = await m.api('/api/webhooks');
    expect(list.status).toBe(200);
    const text = await list.text();
    expect(text).not.toContain(created.secret.slice(6));
    expect(WebhookListSchema.parse(JSON.parse(text)).map((w) => w.id)).toEqual([
      created.id,
      again.id,
    ]);
    expect(Object.keys((JSON.parse(text) as object[])[0] ?? {}).sort()).toEqual([
      'created_at',
      'description',
      'id',
      'url',
    ]);
    // Neither the deliveries nor a test answer carry it.
    const deliveries = await m.api(`/api/webhooks/${created.id}/deliveries`);
    expect(await deliveries.json()).toEqual({ pending: 0, attempts: [] });
  });

  it.each([
    ['not a URL', { url: 'not a url' }],
    ['ftp', { url: 'ftp://example.org/x' }],
    ['javascript', { url: 'javascript:alert(1)' }],
    ['file', { url: 'file:///etc/passwd' }],
    ['credentials', { url: 'http://user:pass@127.0.0.1/x' }],
    ['empty', { url: '' }],
    ['too long', { url: `http://h/${'a'.repeat(WEBHOOK_LIMITS.urlMaxChars)}` }],
    ['no url', {}],
    ['url not a string', { url: 5 }],
    ['unknown key', { url: 'http://127.0.0.1/x', secret: 'mine' }],
  ])('a bad URL (%s) is 400 webhook_url_invalid', async (_name, body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { detail: string; reason: string };
    expect(answer.reason).toBe('webhook_url_invalid');
    expect(answer.detail.length).toBeGreaterThan(10);
  });

  it('a description past 200 characters is 400 webhook_description_invalid', async () => {
    const res = await post({ url: 'http://127.0.0.1/x', description: 'd'.repeat(201) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ reason: 'webhook_description_invalid' });
  });

  it('a body that is not JSON is 400', async () => {
    const res = await m.api('/api/webhooks', { method: 'POST', headers: json, body: '{' });
    expect(res.status).toBe(400);
  });

  it(`at most ${WEBHOOK_LIMITS.maxEndpoints} endpoints: the next is 409`, async () => {
    for (let i = 0; i < WEBHOOK_LIMITS.maxEndpoints; i++) {
      expect((await post({ url: `http://127.0.0.1/${i}` })).status).toBe(201);
    }
    const over = await post({ url: 'http://127.0.0.1/over' });
    expect(over.status).toBe(409);
    expect(((await over.json()) as { detail: string }).detail).toMatch(/delete one first/);
  });

  it('DELETE answers 204, then 404; a bad id is 400', async () => {
    const { id } = (await (await post({ url: 'http://127.0.0.1/x' })).json()) as CreatedWebhook;
    expect((await m.api(`/api/webhooks/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await m.api(`/api/webhooks/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await m.api(`/api/webhooks/${id}/deliveries`)).status).toBe(404);
    expect((await m.api(`/api/webhooks/${id}/test`, { method: 'POST' })).status).toBe(404);
    const bad = await m.api('/api/webhooks/abc', { method: 'DELETE' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ reason: 'webhook_id_invalid' });
    expect((await m.api('/api/webhooks/-1/deliveries')).status).toBe(400);
  });

  it(`the test event obeys the ${WEBHOOK_LIMITS.maxPendingPerEndpoint} waiting events cap: 409 past it`, async () => {
    const { id } = (await (await post({ url: 'http://127.0.0.1:9/x' })).json()) as CreatedWebhook;
    // 999 events wait (due in an hour, so the worker leaves them), written by the real store
    // through a second connection to the app's own database.
    const db = openDatabase(path.join(m.t.dataDir, DATABASE_FILE));
    const store = new WebhookStore(db);
    const later = Date.now() + 3_600_000;
    db.transaction(() => {
      for (let i = 1; i < WEBHOOK_LIMITS.maxPendingPerEndpoint; i++) {
        store.enqueueOne(id, { type: 'webhook.test', payload: '{}' }, later, `msg_fill${i}`);
      }
    })();
    db.close();
    const pending = async () =>
      ((await (await m.api(`/api/webhooks/${id}/deliveries`)).json()) as { pending: number })
        .pending;
    // The 1,000th is queued and tried (port 9 refuses: it stays pending)…
    const last = await m.api(`/api/webhooks/${id}/test`, { method: 'POST' });
    expect(last.status).toBe(200);
    expect(await pending()).toBe(WEBHOOK_LIMITS.maxPendingPerEndpoint);
    // …and the next is refused as a mail's event would be dropped: nothing is queued.
    const over = await m.api(`/api/webhooks/${id}/test`, { method: 'POST' });
    expect(over.status).toBe(409);
    expect(await over.json()).toEqual({
      detail: `Webhook ${id}: 1,000 events are waiting already; new events are dropped until some are delivered or given up.`,
    });
    expect(await pending()).toBe(WEBHOOK_LIMITS.maxPendingPerEndpoint);
  });

  describe('attack view', () => {
    it('no key, a wrong key or a key in the query: 401, nothing created', async () => {
      const body = JSON.stringify({ url: 'http://127.0.0.1/x' });
      for (const headers of [json, { ...json, 'x-api-key': 'wrong' }]) {
        const res = await m.t.request('/api/webhooks', { method: 'POST', headers, body });
        expect(res.status).toBe(401);
      }
      const query = await m.t.request(`/api/webhooks?api_key=${m.key}`, {
        method: 'POST',
        headers: json,
        body,
      });
      expect(query.status).toBe(401);
      expect((await m.t.request('/api/webhooks')).status).toBe(401);
      expect(m.t.app.mail.webhooks.list()).toEqual([]);
    });

    it('a web page on another site cannot create one, even with the key', async () => {
      const body = JSON.stringify({ url: 'http://127.0.0.1/x' });
      const bySite = await post(JSON.parse(body), { 'sec-fetch-site': 'cross-site' });
      expect(bySite.status).toBe(403);
      const byOrigin = await post(JSON.parse(body), { origin: 'https://evil.example' });
      expect(byOrigin.status).toBe(403);
      expect(((await byOrigin.json()) as { detail: string }).detail).toMatch(/Cross-origin/);
      // A simple form post (text/plain, no preflight) is refused the same way.
      const form = await m.t.request('/api/webhooks', {
        method: 'POST',
        headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
        body,
      });
      expect(form.status).toBe(403);
      expect(m.t.app.mail.webhooks.list()).toEqual([]);
      // Ephemera's own page may.
      const own = await post(JSON.parse(body), { 'sec-fetch-site': 'same-origin' });
      expect(own.status).toBe(201);
    });

    it('a disabled or deleted key cannot list webhooks or read deliveries', async () => {
      const extra = m.t.app.mail.keys.create('script');
      const { id } = (await (await post({ url: 'http://127.0.0.1/x' })).json()) as CreatedWebhook;
      const asExtra = (path: string) => m.t.request(path, { headers: { 'x-api-key': extra.key } });
      expect((await asExtra('/api/webhooks')).status).toBe(200);
      m.t.app.mail.keys.disable(extra.id);
      expect((await asExtra('/api/webhooks')).status).toBe(401);
      expect((await asExtra(`/api/webhooks/${id}/deliveries`)).status).toBe(401);
      m.t.app.mail.keys.delete(extra.id);
      expect((await asExtra('/api/webhooks')).status).toBe(401);
    });
  });
});

describe('webhook routes from another machine', () => {
  it('answer 403 even with a key', async () => {
    const db = openDatabase(':memory:');
    const clock = new ManualClock();
    const keys = new ApiKeyStore(db, clock);
    const key = keys.create('t').key;
    const store = new WebhookStore(db);
    const logger = createLogger('test', true);
    const worker = new WebhookWorker(
      store,
      () => Promise.resolve({ statusCode: 204, error: null }),
      clock,
      logger,
    );
    const app = Fastify();
    registerErrorHandler(app, logger);
    await registerApiRoutes(
      app,
      partialApiServices({
        mail: { keys, webhooks: new WebhookService(store, worker, clock, logger) },
      }),
      { createsPerMinute: 10 },
    );
    for (const [method, url] of [
      ['GET', '/api/webhooks'],
      ['POST', '/api/webhooks'],
      ['DELETE', '/api/webhooks/1'],
      ['GET', '/api/webhooks/1/deliveries'],
      ['POST', '/api/webhooks/1/test'],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        payload: method === 'POST' ? { url: 'http://127.0.0.1/x' } : undefined,
        remoteAddress: '192.168.1.7',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json<{ detail: string }>().detail).toMatch(/computer running Ephemera/);
    }
    const local = await app.inject({ url: '/api/webhooks', headers: { 'x-api-key': key } });
    expect(local.statusCode).toBe(200);
    await app.close();
    db.close();
  });
});
