import { afterEach, describe, expect, it } from 'vitest';
import {
  createOutboundTransports,
  GuardProxy,
  type OutboundTransports,
} from '../../../../src-main/video/outbound/outbound-setup.ts';

let made: OutboundTransports | null = null;
const guard = new GuardProxy();
afterEach(async () => {
  await made?.close();
  made = null;
  await guard.close();
});

describe('createOutboundTransports', () => {
  it('sends pages through impit by default', () => {
    made = createOutboundTransports({ proxy: null, guard, env: {} });
    expect(made.pageClient).toBe('impit');
    expect(made.pages).not.toBeNull();
  });

  it('sends pages through undici when NODE_EXTRA_CA_CERTS is set (impit reads only the OS store)', () => {
    made = createOutboundTransports({
      proxy: 'http://proxy.example:8080',
      guard,
      env: { NODE_EXTRA_CA_CERTS: '/etc/company-ca.pem' },
    });
    expect(made.pageClient).toBe('undici');
  });
});
