import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src-main/core/logger.ts';
import { openDatabase, type Db } from '../../src-main/db/open-database.ts';
import { registerErrorHandler } from '../../src-main/http/error-handler.ts';
import { registerApiRoutes } from '../../src-main/http/api-routes.ts';
import type { SourceService } from '../../src-main/mail/sources/source-service.ts';
import { partialApiServices } from '../helpers/api-services.ts';
import { ApiKeyStore } from '../../src-main/mail/access/key-store.ts';
import { ManualClock } from '../helpers/manual-clock.ts';

describe('source routes: the settings access rule', () => {
  let db: Db;
  let app: FastifyInstance;
  let key: string;
  const calls: string[] = [];

  beforeEach(async () => {
    db = openDatabase(':memory:');
    const keys = new ApiKeyStore(db, new ManualClock());
    key = keys.create('test').key;
    calls.length = 0;
    app = Fastify();
    registerErrorHandler(app, createLogger('test', true));
    const sources = {
      list: () => {
        calls.push('list');
        return [];
      },
      create: () => {
        throw new Error('not reached');
      },
      update: () => Promise.reject(new Error('not reached')),
      delete: () => Promise.resolve(),
      test: () => Promise.reject(new Error('not reached')),
      authorize: () => Promise.reject(new Error('not reached')),
    };
    await registerApiRoutes(
      app,
      partialApiServices({ mail: { keys, sources: sources as unknown as SourceService } }),
      { createsPerMinute: 10 },
    );
  });
  afterEach(async () => {
    await app.close();
    db.close();
  });

  it('a request from another machine is 403 even with a key; nothing is called', async () => {
    for (const [method, url] of [
      ['GET', '/api/sources'],
      ['POST', '/api/sources'],
      ['PATCH', '/api/sources/src_x'],
      ['DELETE', '/api/sources/src_x'],
      ['POST', '/api/sources/src_x/test'],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        remoteAddress: '192.168.1.7',
        headers: { 'x-api-key': key },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        detail: 'Mail sources can only be changed on the computer running Ephemera.',
      });
    }
    expect(calls).toEqual([]);
  });

  it('from this machine: no key 401, a key in the query 401, with a key 200', async () => {
    expect((await app.inject({ url: '/api/sources' })).statusCode).toBe(401);
    expect((await app.inject({ url: `/api/sources?api_key=${key}` })).statusCode).toBe(401);
    const ok = await app.inject({ url: '/api/sources', headers: { 'x-api-key': key } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual([]);
    expect(calls).toEqual(['list']);
  });
});
