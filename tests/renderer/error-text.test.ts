import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src-renderer/api/api-error.ts';
import { codeForResponse } from '../../src-renderer/api/error-codes.ts';
import { en, type MessageKey } from '../../src-renderer/i18n/en.ts';
import { describeError, errorDetail } from '../../src-renderer/i18n/error-text.ts';
import type { Params, Translate } from '../../src-renderer/i18n/i18n.ts';
import { zhCN } from '../../src-renderer/i18n/zh-cn.ts';
import { SETTINGS_INVALID_REASONS } from '../../src-shared/errors/codes.ts';

function translator(dict: Record<MessageKey, string>): Translate {
  return (key: MessageKey, params?: Params) =>
    dict[key].replace(/\{(\w+)\}/g, (whole, name: string) => String(params?.[name] ?? whole));
}
const tEn = translator(en);
const tZh = translator(zhCN);

function headers(values: Record<string, string> = {}) {
  return { get: (name: string) => values[name.toLowerCase()] ?? null };
}
const code = (method: string, path: string, status: number, h?: Record<string, string>) =>
  codeForResponse({ method, path, status, headers: headers(h) });

describe('codeForResponse (REST status + route → code)', () => {
  it('maps the statuses that name one cause anywhere', () => {
    expect(code('POST', '/api/tasks', 422)).toBe('VALIDATION_FAILED');
    expect(code('GET', '/api/generate', 401)).toBe('MAIL_AUTH_FAILED');
    expect(code('POST', '/api/tasks', 507)).toBe('DISK_FULL');
    expect(code('POST', '/api/tasks', 413)).toBe('BODY_TOO_LARGE');
  });

  it('tells a full slot table from the rate limiter by x-ratelimit-remaining', () => {
    expect(code('POST', '/api/tasks', 429, { 'x-ratelimit-remaining': '7' })).toBe('SLOTS_FULL');
    expect(code('POST', '/api/tasks', 429, { 'x-ratelimit-remaining': '0' })).toBe('RATE_LIMITED');
    expect(code('GET', '/api/tasks/abc', 429, { 'x-ratelimit-remaining': '5' })).toBe(
      'RATE_LIMITED',
    );
    expect(code('GET', '/api/generate', 429)).toBe('RATE_LIMITED');
  });

  it('maps mail routes', () => {
    expect(code('POST', '/api/mailboxes/a%40x.test/extend', 400)).toBe('MAIL_EXTENSION_LIMIT');
    expect(code('POST', '/api/mailboxes/a%40x.test/reuse', 404)).toBe('MAILBOX_NOT_FOUND');
    expect(code('GET', '/api/generate', 503)).toBe('MAIL_NO_DOMAIN');
    expect(code('GET', '/api/emails/a%40x.test/12', 404)).toBe('MAIL_NOT_FOUND');
    expect(code('GET', '/api/emails/a%40x.test?q=%21&after_id=0&limit=200', 400)).toBe(
      'SEARCH_INVALID',
    );
    expect(code('GET', '/api/emails/a%40x.test?after_id=0&limit=200', 400)).toBeNull();
  });

  it('maps settings and task routes, and leaves the rest unknown', () => {
    expect(code('GET', '/api/settings', 403)).toBe('SETTINGS_LOCAL_ONLY');
    expect(code('PATCH', '/api/settings', 400)).toBe('SETTINGS_INVALID');
    expect(code('DELETE', '/api/keys/9', 404)).toBe('KEY_NOT_FOUND');
    expect(code('GET', '/api/tasks/abc', 410)).toBe('TASK_GONE');
    expect(code('GET', '/api/info', 403)).toBeNull();
    expect(code('GET', '/api/whatever', 418)).toBeNull();
  });
});

describe('describeError (code → sentence of the UI language)', () => {
  const validation = (type: string) =>
    new ApiError('validation', 'server sentence', 422, {
      code: 'VALIDATION_FAILED',
      validation: [{ type, loc: ['body', 'text'], msg: 'server sentence' }],
    });

  it('translates 422 link problems by their type', () => {
    expect(describeError(validation('platform_unsupported'), tEn)).toMatch(/not from Douyin/);
    expect(describeError(validation('platform_unsupported'), tZh)).toBe(
      zhCN['video.error.platformUnsupported'],
    );
    expect(describeError(validation('link_missing'), tZh)).toBe(zhCN['video.error.linkMissing']);
    expect(describeError(validation('string_too_long'), tZh)).toBe(zhCN['video.error.tooLong']);
  });

  it('translates codes with their parameters, never reading the sentence', () => {
    const slots = new ApiError('rate_limited', 'Too many requests', 429, {
      code: 'SLOTS_FULL',
      retryAfterSeconds: 42,
    });
    expect(describeError(slots, tEn)).toBe('All slots are in use. A slot frees up in about 42 s.');
    expect(describeError(slots, tZh)).toContain('42');
    expect(describeError(slots, tZh)).not.toMatch(/[A-Za-z]{3}/);
    const limit = new ApiError('bad_request', 'extension limit reached: …', 400, {
      code: 'MAIL_EXTENSION_LIMIT',
    });
    expect(describeError(limit, tZh)).toBe(zhCN['mail.extendLimit']);
    expect(errorDetail(limit, tZh)).toBe('extension limit reached: …');
  });

  it('translates a refused setting by its reason, in both languages', () => {
    for (const reason of SETTINGS_INVALID_REASONS) {
      const err = new ApiError('bad_request', 'English sentence.', 400, {
        code: 'SETTINGS_INVALID',
        reason,
      });
      expect(describeError(err, tEn), reason).not.toBe('English sentence.');
      expect(describeError(err, tZh), reason).toMatch(/[\u4e00-\u9fff]/);
      expect(errorDetail(err, tZh)).toBe('English sentence.');
    }
    const ports = new ApiError('bad_request', 'x', 400, {
      code: 'SETTINGS_INVALID',
      reason: 'ports_same',
    });
    expect(describeError(ports, tZh)).toBe(zhCN['error.settings.ports_same']);
    // Without a reason (an older server), the server's sentence is shown.
    const old = new ApiError('bad_request', 'Old sentence.', 400, { code: 'SETTINGS_INVALID' });
    expect(describeError(old, tZh)).toBe('Old sentence.');
  });

  it('falls back to the server sentence for an unknown code or type', () => {
    const unknown = new ApiError('bad_request', 'Something new.', 400, { code: null });
    expect(describeError(unknown, tZh)).toBe('Something new.');
    expect(errorDetail(unknown, tZh)).toBeUndefined();
    expect(describeError(validation('brand_new_type'), tZh)).toBe('server sentence');
  });

  it('has a Chinese sentence for every code it translates', () => {
    for (const c of [
      'NETWORK',
      'KEY_MISSING',
      'MAIL_AUTH_FAILED',
      'TASK_GONE',
      'MAILBOX_NOT_FOUND',
      'MAIL_NOT_FOUND',
      'SEARCH_INVALID',
      'SETTINGS_LOCAL_ONLY',
      'LAN_UNAVAILABLE',
      'SAVE_FAILED',
      'UNAVAILABLE',
      'DISK_FULL',
      'RATE_LIMITED',
    ] as const) {
      const text = describeError(
        new ApiError('server', 'English sentence', null, { code: c }),
        tZh,
      );
      expect(text, c).not.toBe('English sentence');
      expect(text, c).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
