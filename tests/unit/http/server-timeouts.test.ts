import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HTTP_TIMEOUTS,
  checkingInterval,
  timeoutOptions,
} from '../../../src-main/http/server-timeouts.ts';

describe('timeoutOptions', () => {
  it('checks the documented 30 s deadline often enough to cut by 30.25 s', () => {
    const options = timeoutOptions(DEFAULT_HTTP_TIMEOUTS);
    expect(options.http.requestTimeout).toBe(30_000);
    expect(options.http.connectionsCheckingInterval).toBeLessThanOrEqual(250);
  });

  it('scales the check with the shorter deadline, between 10 and 250 ms', () => {
    expect(checkingInterval({ headersMs: 400, requestMs: 400, keepAliveMs: 1 })).toBe(10);
    expect(checkingInterval({ headersMs: 4_000, requestMs: 8_000, keepAliveMs: 1 })).toBe(100);
    expect(checkingInterval({ headersMs: 1, requestMs: 1, keepAliveMs: 1 })).toBe(10);
  });
});
