import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app.ts';

/** One request from a chosen loopback source address (the whole 127/8 is this machine). */
function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; body?: string } = {},
): Promise<{ status: number; retryAfter: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: init.method ?? 'GET',
        localAddress,
        agent: false,
        headers: init.body ? { 'content-type': 'application/json' } : {},
      },
      (res) => {
        res.resume();
        res.once('end', () =>
          resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] }),
        );
      },
    );
    req.once('error', reject);
    req.end(init.body);
  });
}

describe('per-client rate limits cannot be stepped around with other loopback addresses', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  async function boot(rateLimits: TestAppOptions['rateLimits']): Promise<TestApp> {
    t = await startTestApp({ rateLimits });
    return t;
  }

  it('counts task creations from 127.0.0.1, .2 and .3 as one client', async () => {
    const app = await boot({ createsPerMinute: 2, requestsPerMinute: 1000 });
    const create = (from: string, n: number) =>
      requestFrom(from, app.url('/api/tasks'), {
        method: 'POST',
        body: JSON.stringify({ text: `https://v.douyin.com/rl${n}/` }),
      });
    expect((await create('127.0.0.1', 1)).status).toBe(202);
    expect((await create('127.0.0.2', 2)).status).toBe(202);
    for (const [i, from] of ['127.0.0.2', '127.0.0.3', '127.9.8.7', '127.0.0.1'].entries()) {
      const res = await create(from, 10 + i);
      expect(res.status).toBe(429);
      expect(Number(res.retryAfter)).toBeGreaterThan(0);
    }
  });

  it('counts all requests from different 127.x addresses as one client', async () => {
    const app = await boot({ createsPerMinute: 10, requestsPerMinute: 4 });
    const sources = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6', '127.0.0.1'];
    const statuses = [];
    for (const from of sources) {
      statuses.push((await requestFrom(from, app.url('/api/capacity'))).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
