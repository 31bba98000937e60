import { expect } from '@playwright/test';
import type { E2eServer } from './fixtures.ts';

/** The address tests/e2e/support/e2e-server.ts gives the server's network interface. */
export const LAN_HOST = '192.168.1.20';

/** Turns LAN sharing on or off through the real settings API (other specs expect it off). */
export async function setLan(server: E2eServer, on: boolean): Promise<void> {
  const res = await fetch(`${server.url}/api/settings`, {
    method: 'PATCH',
    headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ lan_enabled: on }),
  });
  expect(res.status).toBe(200);
}
