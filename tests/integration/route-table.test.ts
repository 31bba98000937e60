import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeList } from '../../src-shared/api/routes.ts';
import { createHttpServer, type HttpServerDeps } from '../../src-main/http/create-server.ts';
import { DEFAULT_RATE_LIMITS } from '../../src-main/http/rate-limit.ts';
import { DEFAULT_STREAM_OPTIONS } from '../../src-main/http/ws-routes.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const silent: HttpServerDeps['logger'] = { info() {}, warn() {}, error() {} };

/** The `METHOD /path` pairs Fastify registered for the APIs (HEAD twins and OPTIONS left out). */
function apiRoutesOf(server: FastifyInstance): string[] {
  const found: string[] = [];
  // printRoutes({commonPrefix: false}) prints one tree line per path piece, each with its methods.
  const walk = (lines: string[]) => {
    const stack: string[] = [];
    for (const line of lines) {
      const match = /^([│ ]*)[├└]── (.*?) \(([A-Z, ]+)\)$/.exec(line.replace(/\s+$/, ''));
      if (!match) continue;
      const depth = (match[1] ?? '').length / 4;
      stack.length = depth;
      stack.push(match[2] ?? '');
      const path = stack.join('');
      for (const method of (match[3] ?? '').split(', ')) {
        if (method !== 'HEAD' && method !== 'OPTIONS') found.push(`${method} ${path}`);
      }
    }
  };
  walk(server.printRoutes({ commonPrefix: false }).split('\n'));
  return found.filter((entry) => /^\w+ \/(api|ws)\//.test(entry)).sort();
}

describe('the route table and the server', () => {
  let t: TestApp;
  let server: FastifyInstance;

  beforeAll(async () => {
    t = await startTestApp();
    // The server the app runs, built by the same factory from the running app's services.
    server = await createHttpServer({
      video: t.app.video,
      mail: t.app.mail,
      clock: { now: () => Date.now() },
      stream: DEFAULT_STREAM_OPTIONS,
      rateLimits: DEFAULT_RATE_LIMITS,
      settings: {
        settings: t.app.settings,
        checkMx: (domain) => t.app.checkMx(domain),
      },
      hosts: t.app.settings,
      logger: silent,
      webUiDir: t.dataDir,
    });
    await server.ready();
  });

  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  it('registers every entry of the table with its method and path', () => {
    for (const [name, entry] of routeList) {
      expect(server.hasRoute({ method: entry.method, url: entry.path }), name).toBe(true);
    }
  });

  it('registers no API route that the table does not list', () => {
    const table = routeList.map(([, entry]) => `${entry.method} ${entry.path}`).sort();
    expect(apiRoutesOf(server)).toEqual(table);
  });
});
