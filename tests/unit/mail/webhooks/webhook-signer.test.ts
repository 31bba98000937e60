import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  newMessageId,
  newSecret,
  signatureHeaders,
} from '../../../../src-main/mail/push/webhooks/webhook-signer.ts';

describe('webhook signer (Standard Webhooks)', () => {
  it('signs so the standardwebhooks package verifies, and nothing else does', () => {
    const secret = newSecret();
    const body = JSON.stringify({ type: 'mail.received', data: { code: '123456' } });
    const now = Math.floor(Date.now() / 1000);
    const headers = signatureHeaders(secret, 'msg_abc', now, body);
    expect(headers['webhook-id']).toBe('msg_abc');
    expect(headers['webhook-timestamp']).toBe(String(now));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow();
    expect(() =>
      new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_other' }),
    ).toThrow();
    // A try signed long ago is refused by receivers (replay window), hence one signature per try.
    const old = signatureHeaders(secret, 'msg_abc', now - 3_600, body);
    expect(() => new Webhook(secret).verify(body, old)).toThrow(/timestamp/i);
  });

  it('matches the specification’s own example', () => {
    // The test vector of the Standard Webhooks reference libraries.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    const headers = signatureHeaders(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body);
    expect(headers['webhook-signature']).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('secrets and ids come from crypto randomness, never twice the same', () => {
    const secrets = new Set(Array.from({ length: 200 }, () => newSecret()));
    expect(secrets.size).toBe(200);
    for (const s of secrets) expect(Buffer.from(s.slice(6), 'base64')).toHaveLength(32);
    const ids = new Set(Array.from({ length: 200 }, () => newMessageId()));
    expect(ids.size).toBe(200);
  });
});
