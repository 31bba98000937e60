import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../src-main/core/app-error.ts';
import { checkWebhookUrl } from '../../../../src-main/mail/push/webhooks/webhook-url.ts';

describe('checkWebhookUrl', () => {
  it.each([
    ['http://127.0.0.1:8080/hook', 'http://127.0.0.1:8080/hook'],
    ['  https://example.org/a?b=c  ', 'https://example.org/a?b=c'],
    ['http://[::1]/x#frag', 'http://[::1]/x'],
    [
      'http://homeassistant.local:8123/api/webhook/t',
      'http://homeassistant.local:8123/api/webhook/t',
    ],
    ['HTTP://LAN-BOX/', 'http://lan-box/'],
  ])('accepts %s', (raw, href) => {
    expect(checkWebhookUrl(raw)).toBe(href);
  });

  it.each(['', 'x', 'ftp://h/', 'ws://h/', 'data:,x', 'http://u:p@h/', 'http://u@h/', 'http://'])(
    'refuses %j with webhook_url_invalid',
    (raw) => {
      let caught: unknown;
      try {
        checkWebhookUrl(raw);
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(AppError);
      expect((caught as AppError).status).toBe(400);
      expect((caught as AppError).extra.reason).toBe('webhook_url_invalid');
    },
  );
});
