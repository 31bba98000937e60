import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSender } from '../../../src-main/mail/push/webhooks/webhook-sender.ts';
import {
  createOutboundTransports,
  GuardProxy,
} from '../../../src-main/video/outbound/outbound-setup.ts';
import { TiktokCookieJar } from '../../../src-main/video/platforms/tiktok/tiktok-cookies.ts';

// Counts evaluations of undici: a static import anywhere in these modules' graphs would
// evaluate it when this file is imported.
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('undici', async (importOriginal) => {
  loads.count++;
  return importOriginal();
});

let server: http.Server;
let url = '';
beforeAll(async () => {
  server = http.createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const senderOptions = { timeoutMs: 2_000, replyBytes: 1_024, userAgent: 'test' };

describe('undici is loaded on first use, not at start', () => {
  it('building and closing the transports, the webhook sender and a cookie jar loads nothing', async () => {
    const guard = new GuardProxy();
    // NODE_EXTRA_CA_CERTS: pages through undici as well, so every transport is undici's.
    const transports = createOutboundTransports({
      proxy: null,
      guard,
      env: { NODE_EXTRA_CA_CERTS: '/etc/ca.pem' },
    });
    const sender = createSender(senderOptions);
    await new TiktokCookieJar().store(new URL('https://www.tiktok.com/'), undefined);
    await transports.close();
    await sender.close();
    await guard.close();
    expect(loads.count).toBe(0);
  });

  it('the first webhook POST loads it and is delivered', async () => {
    const sender = createSender(senderOptions);
    const outcome = await sender.post({ url, headers: {}, body: '{}' });
    await sender.close();
    expect(outcome).toEqual({ statusCode: 200, error: null });
    expect(loads.count).toBe(1);
  });

  it('the media dispatcher is made once, on its first use', async () => {
    const guard = new GuardProxy();
    const transports = createOutboundTransports({ proxy: null, guard, env: {} });
    const first = await transports.dispatcher.get();
    expect(await transports.dispatcher.get()).toBe(first);
    expect(typeof first.dispatch).toBe('function');
    await transports.close();
    await guard.close();
    // DispatcherBase's flag; the Dispatcher type does not declare it.
    expect((first as unknown as { closed: boolean }).closed).toBe(true);
  });
});
