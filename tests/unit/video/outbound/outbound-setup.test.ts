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

  it('keeps impit when NODE_EXTRA_CA_CERTS is set, with undici only after a certificate failure', () => {
    made = createOutboundTransports({
      proxy: 'http://proxy.example:8080',
      guard,
      env: { NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca-certificates.crt' },
    });
    expect(made.pageClient).toBe('impit-then-undici');
  });
});
