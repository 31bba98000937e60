import { describe, expect, it } from 'vitest';
import type { Platform, TaskErrorCode } from '../../../src-shared/video/schemas.ts';
import { TaskErrorCodeSchema } from '../../../src-shared/video/schemas.ts';
import { errors as undiciErrors } from 'undici';
import {
  describeFailure,
  isLocalFault,
  isTransient,
  mostTelling,
  TaskTimeoutError,
  type TaskFailure,
} from '../../../src-main/video/task-failure.ts';
import {
  TooLargeError,
  TruncatedError,
  UpstreamStatusError,
} from '../../../src-main/video/downloader.ts';
import { NonPublicAddressError } from '../../../src-main/video/outbound/address-guard.ts';
import { OutboundRefusedError } from '../../../src-main/video/outbound/outbound-client.ts';
import { PlatformError } from '../../../src-main/video/platforms/platform.ts';

const PLATFORMS: [Platform, string][] = [
  ['douyin', 'Douyin'],
  ['tiktok', 'TikTok'],
  ['kuaishou', 'Kuaishou'],
];

function errnoError(code: string, message = `${code} happened`): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new Error(message);
  err.code = code;
  return err;
}

/** A message is a sentence for a person: no leaks of internals. */
function expectCleanMessage(failure: TaskFailure): void {
  expect(TaskErrorCodeSchema.safeParse(failure.code).success).toBe(true);
  expect(failure.message.length).toBeGreaterThan(10);
  expect(failure.message).not.toMatch(/undefined|null|NaN|\[object/);
  expect(failure.message).not.toMatch(/\n\s+at /);
  expect(failure.message).not.toMatch(/\.ts:\d+/);
  expect(failure.message).toMatch(/[.!]$/);
}

interface Case {
  name: string;
  err: () => unknown;
  code: TaskErrorCode;
  retryable: boolean;
  /** False when the message is the platform's own sentence or needs no platform name. */
  named?: boolean;
  includes?: RegExp;
}

const CASES: Case[] = [
  {
    name: 'a timeout',
    err: () => new TaskTimeoutError(),
    code: 'timeout',
    retryable: true,
    named: false,
    includes: /240 seconds/,
  },
  {
    name: 'a file over the limit',
    err: () => new TooLargeError(256 * 1024 * 1024),
    code: 'too_large',
    retryable: false,
    named: false,
    includes: /256 MiB/,
  },
  {
    name: 'a redirect to a foreign host',
    err: () => new OutboundRefusedError('host_not_allowed', 'Refused to fetch https://evil.com'),
    code: 'upstream_error',
    retryable: false,
    includes: /refused/i,
  },
  {
    name: 'too many redirects',
    err: () => new OutboundRefusedError('too_many_redirects', 'More than 5 redirects'),
    code: 'upstream_error',
    retryable: false,
    includes: /redirects/,
  },
  {
    name: 'a DNS answer pointing at a private address',
    err: () => new NonPublicAddressError('v.douyin.com', '127.0.0.1'),
    code: 'network',
    retryable: false,
    includes: /private|local/,
  },
  {
    name: 'a truncated body',
    err: () => new TruncatedError(100, 1000),
    code: 'network',
    retryable: true,
  },
  {
    name: 'HTTP 404',
    err: () => new UpstreamStatusError(404, 'https://v3-dy-o.douyinvod.com/x.mp4'),
    code: 'unavailable',
    retryable: false,
    includes: /404/,
  },
  {
    name: 'HTTP 410',
    err: () => new UpstreamStatusError(410, 'https://v3-dy-o.douyinvod.com/x.mp4'),
    code: 'unavailable',
    retryable: false,
    includes: /410/,
  },
  {
    name: 'HTTP 401',
    err: () => new UpstreamStatusError(401, 'https://v3-dy-o.douyinvod.com/x.mp4'),
    code: 'blocked_by_platform',
    retryable: true,
    includes: /401/,
  },
  {
    name: 'HTTP 403',
    err: () => new UpstreamStatusError(403, 'https://v3-dy-o.douyinvod.com/x.mp4'),
    code: 'blocked_by_platform',
    retryable: true,
    includes: /403/,
  },
  {
    name: 'HTTP 429',
    err: () => new UpstreamStatusError(429, 'https://v3-dy-o.douyinvod.com/x.mp4'),
    code: 'blocked_by_platform',
    retryable: true,
    includes: /429/,
  },
  {
    name: 'HTTP 500',
    err: () => new UpstreamStatusError(500, 'https://v3-dy-o.douyinvod.com/x.mp4'),
    code: 'upstream_error',
    retryable: true,
    includes: /500/,
  },
  {
    name: 'HTTP 503',
    err: () => new UpstreamStatusError(503, 'https://v3-dy-o.douyinvod.com/x.mp4'),
    code: 'upstream_error',
    retryable: true,
    includes: /503/,
  },
  {
    name: 'HTTP 400',
    err: () => new UpstreamStatusError(400, 'https://v3-dy-o.douyinvod.com/x.mp4'),
    code: 'upstream_error',
    retryable: false,
    includes: /400/,
  },
  {
    name: 'a full disk',
    err: () => errnoError('ENOSPC', 'ENOSPC: no space left on device, write'),
    code: 'disk_full',
    retryable: true,
    named: false,
    includes: /disk is full/,
  },
  {
    name: 'an unknown Error',
    err: () => new Error('boom at /home/x/secret.ts:12'),
    code: 'upstream_error',
    retryable: true,
  },
  {
    name: 'a thrown string',
    err: () => 'boom',
    code: 'upstream_error',
    retryable: true,
  },
  {
    name: 'undefined',
    err: () => undefined,
    code: 'upstream_error',
    retryable: true,
  },
  {
    name: 'a plain object',
    err: () => ({ code: 42, message: { nested: true } }),
    code: 'upstream_error',
    retryable: true,
  },
];

describe('describeFailure', () => {
  describe.each(PLATFORMS)('for %s', (platform, displayName) => {
    it.each(CASES)('$name → $code', ({ err, code, retryable, named = true, includes }) => {
      const failure = describeFailure(err(), platform);
      expect(failure.code).toBe(code);
      expect(failure.retryable).toBe(retryable);
      expectCleanMessage(failure);
      if (named) expect(failure.message).toContain(displayName);
      if (includes) expect(failure.message).toMatch(includes);
    });
  });

  it('gives each known kind of failure its own sentence', () => {
    const known = CASES.filter((c) => c.err() instanceof Error && !/unknown/.test(c.name));
    const messages = known.map((c) => describeFailure(c.err(), 'douyin').message);
    expect(new Set(messages).size).toBe(known.length);
  });

  it('does not leak an unknown error message or stack into the sentence', () => {
    const err = new Error('SQLITE_CORRUPT at /home/user/.local/share/ephemera/db.sqlite');
    const failure = describeFailure(err, 'tiktok');
    expect(failure.message).not.toContain('SQLITE');
    expect(failure.message).not.toContain('/home/user');
    expect(failure.message).not.toContain(err.stack?.split('\n')[1]?.trim() ?? '<no stack>');
  });

  it("passes a PlatformError's own code, sentence and retryable flag through", () => {
    const region = new PlatformError(
      'region_blocked',
      'TikTok is not available in your region.',
      false,
    );
    expect(describeFailure(region, 'tiktok')).toEqual({
      code: 'region_blocked',
      message: 'TikTok is not available in your region.',
      retryable: false,
    });
    const login = new PlatformError('login_required', 'Douyin wants a login for this video.', true);
    expect(describeFailure(login, 'douyin')).toEqual({
      code: 'login_required',
      message: 'Douyin wants a login for this video.',
      retryable: true,
    });
  });

  it.each([
    'ECONNREFUSED',
    'ECONNRESET',
    'ENOTFOUND',
    'EAI_AGAIN',
    'ETIMEDOUT',
    'EPIPE',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'UND_ERR_SOCKET',
    'UND_ERR_CONNECT_TIMEOUT',
    'UND_ERR_HEADERS_TIMEOUT',
    'UND_ERR_BODY_TIMEOUT',
    'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
    'UND_ERR_CLOSED',
  ])('reads the network code %s as a retryable network failure', (code) => {
    const failure = describeFailure(errnoError(code), 'kuaishou');
    expect(failure).toMatchObject({ code: 'network', retryable: true });
    expect(failure.message).toContain('Kuaishou');
    expect(failure.message).toContain(code);
    expectCleanMessage(failure);
  });

  it('finds a network code nested in cause (as undici and fetch wrap socket errors)', () => {
    const wrapped = new TypeError('fetch failed', { cause: errnoError('ECONNRESET') });
    expect(describeFailure(wrapped, 'douyin')).toMatchObject({ code: 'network', retryable: true });
  });

  it('finds a network code two levels down', () => {
    const deep = new Error('outer', {
      cause: new Error('middle', { cause: errnoError('ETIMEDOUT') }),
    });
    const failure = describeFailure(deep, 'tiktok');
    expect(failure).toMatchObject({ code: 'network', retryable: true });
    expect(failure.message).toContain('ETIMEDOUT');
  });

  it('finds ENONPUBLIC nested in cause', () => {
    const wrapped = new TypeError('fetch failed', {
      cause: new NonPublicAddressError('www.tiktok.com', '10.0.0.1'),
    });
    expect(describeFailure(wrapped, 'tiktok')).toMatchObject({ code: 'network', retryable: false });
  });

  it('finds ENOSPC nested in cause', () => {
    const wrapped = new Error('write failed', { cause: errnoError('ENOSPC') });
    expect(describeFailure(wrapped, 'douyin')).toMatchObject({ code: 'disk_full' });
  });

  it('does not loop forever on a cause cycle', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(describeFailure(a, 'douyin')).toMatchObject({ code: 'upstream_error' });
  });

  it('treats an unknown error code as an unexpected failure', () => {
    expect(describeFailure(errnoError('ERR_SOMETHING_ODD'), 'douyin')).toMatchObject({
      code: 'upstream_error',
      retryable: true,
    });
  });
});

describe('mostTelling: which failure a task reports when every mirror failed', () => {
  const diskFull = errnoError('ENOSPC', 'ENOSPC: no space left on device, write');
  const gone = new UpstreamStatusError(404, 'https://cdn.example.com/a.mp4');
  const serverError = new UpstreamStatusError(503, 'https://cdn.example.com/a.mp4');
  const reset = errnoError('ECONNRESET');
  const truncated = new TruncatedError(10, 20);
  const region = new PlatformError('region_blocked', 'Not in your region.', false);

  it.each([
    ['a full disk over a later 404', [diskFull, gone], diskFull],
    ['a full disk over an earlier 404', [gone, diskFull], diskFull],
    ['too large over a platform verdict', [region, new TooLargeError(1)], 'too_large'],
    ['a platform verdict over a server error', [serverError, region], region],
    ['a 404 over a later reset connection', [gone, reset], gone],
    ['a server error over a broken download', [truncated, serverError], serverError],
    ['the first of equals', [reset, truncated], reset],
  ])('prefers %s', (_label, errors, expected) => {
    const chosen = mostTelling(errors, 'douyin');
    if (typeof expected === 'string') {
      expect(describeFailure(chosen, 'douyin').code).toBe(expected);
    } else {
      expect(chosen).toBe(expected);
    }
  });

  it('treats a full disk and a file over the limit as local faults, nothing else', () => {
    expect(isLocalFault(diskFull)).toBe(true);
    expect(isLocalFault(new Error('x', { cause: diskFull }))).toBe(true);
    expect(isLocalFault(new TooLargeError(1))).toBe(true);
    for (const err of [gone, serverError, reset, truncated, region]) {
      expect(isLocalFault(err)).toBe(false);
    }
  });
});

describe('describeFailure: a proxy that refuses the tunnel', () => {
  const refused = (status: number) =>
    new undiciErrors.RequestAbortedError(`Proxy response (${status}) !== 200 when HTTP Tunneling`);

  it.each([502, 503, 504, 403])(
    'reports the proxy’s %i as a retryable network failure, not the platform’s',
    (status) => {
      const failure = describeFailure(refused(status), 'tiktok');
      expect(failure).toMatchObject({ code: 'network', retryable: true });
      expect(failure.message).toContain(`HTTP ${status} from the proxy`);
      expect(failure.message).toContain('TikTok');
      expect(isTransient(refused(status))).toBe(true);
    },
  );

  it('asks for credentials on 407, and does not retry', () => {
    for (const err of [
      refused(407),
      new undiciErrors.InvalidArgumentError('Proxy Authentication Required (407)'),
    ]) {
      const failure = describeFailure(err, 'douyin');
      expect(failure).toMatchObject({ code: 'network', retryable: false });
      expect(failure.message).toMatch(/user name and password/);
      expect(isTransient(err)).toBe(false);
    }
  });

  it('does not read the pattern in errors that are not undici’s', () => {
    const lookalike = new Error('Proxy response (502) !== 200 when HTTP Tunneling');
    expect(describeFailure(lookalike, 'douyin').code).toBe('upstream_error');
  });
});
