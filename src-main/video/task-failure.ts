import type { Platform, TaskErrorCode } from '../../src-shared/video/schemas.ts';
import { VIDEO_LIMITS } from '../../src-shared/video/limits.ts';
import { PLATFORM_NAMES } from '../../src-shared/video/platform-names.ts';
import { NonPublicAddressError } from './outbound/address-guard.ts';
import { OutboundRefusedError } from './outbound/outbound-client.ts';
import { PlatformError } from './platforms/platform.ts';
import { TooLargeError, TruncatedError, UpstreamStatusError } from './downloader.ts';

/** How a failed task reads to its client. */
export interface TaskFailure {
  code: TaskErrorCode;
  message: string;
  retryable: boolean;
}

/** The abort reason the scheduler uses when a task runs out of time. */
export class TaskTimeoutError extends Error {
  constructor() {
    super('Task timed out');
    this.name = 'TaskTimeoutError';
  }
}

const NETWORK_CODES = new Set([
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
]);

/**
 * Turns whatever stopped a task into a sentence that says what happened and what to try.
 * Unknown errors get a generic sentence: stack traces stay in the log.
 */
export function describeFailure(err: unknown, platform: Platform): TaskFailure {
  const name = PLATFORM_NAMES[platform];
  if (err instanceof PlatformError) {
    return { code: err.code, message: err.message, retryable: err.retryable };
  }
  if (err instanceof TaskTimeoutError) {
    return {
      code: 'timeout',
      message: `The video did not finish downloading within ${VIDEO_LIMITS.taskTimeoutSeconds} seconds. Try again later, or set a faster proxy.`,
      retryable: true,
    };
  }
  if (err instanceof TooLargeError) {
    return {
      code: 'too_large',
      message: `The video is larger than ${VIDEO_LIMITS.maxFileBytes / 1024 / 1024} MiB, the largest file Ephemera keeps.`,
      retryable: false,
    };
  }
  if (err instanceof OutboundRefusedError) {
    return {
      code: 'upstream_error',
      message:
        err.reason === 'too_many_redirects'
          ? `${name} sent the download through too many redirects. Try another link.`
          : `${name} pointed the download to a host outside ${name}; Ephemera refused to follow it. Try another link.`,
      retryable: false,
    };
  }
  if (err instanceof NonPublicAddressError || errorCode(err) === 'ENONPUBLIC') {
    return {
      code: 'network',
      message: `Your DNS sent ${name}'s address to a private or local network address, so Ephemera did not connect. Check your DNS or set a proxy.`,
      retryable: false,
    };
  }
  if (err instanceof UpstreamStatusError) return describeStatus(err.statusCode, name);
  if (err instanceof TruncatedError) {
    return {
      code: 'network',
      message: `The connection to ${name} broke off during the download. Try again.`,
      retryable: true,
    };
  }
  const code = errorCode(err);
  if (code === 'ENOSPC') {
    return {
      code: 'disk_full',
      message: 'The disk is full. Free some space and try again.',
      retryable: true,
    };
  }
  if (code && isTlsFailure(code)) {
    return {
      code: 'network',
      message: `The secure connection to ${name} failed (${code}). If you use a company proxy, install its certificate (NODE_EXTRA_CA_CERTS) or set the proxy in Ephemera.`,
      retryable: true,
    };
  }
  if (code && NETWORK_CODES.has(code)) {
    return {
      code: 'network',
      message: `Could not reach ${name} (${code}). Check your connection or set a proxy, then try again.`,
      retryable: true,
    };
  }
  return {
    code: 'upstream_error',
    message: `Something unexpected went wrong while fetching the video from ${name}. Try again later.`,
    retryable: true,
  };
}

function describeStatus(status: number, name: string): TaskFailure {
  if (status === 404 || status === 410) {
    return {
      code: 'unavailable',
      message: `${name} says the video file no longer exists (HTTP ${status}). The post may have been deleted.`,
      retryable: false,
    };
  }
  if (status === 401 || status === 403) {
    return {
      code: 'blocked_by_platform',
      message: `${name} refused the download (HTTP ${status}). Try again later or through a proxy.`,
      retryable: true,
    };
  }
  if (status === 429) {
    return {
      code: 'blocked_by_platform',
      message: `${name} is limiting requests from your connection (HTTP 429). Wait a few minutes and try again.`,
      retryable: true,
    };
  }
  return {
    code: 'upstream_error',
    message: `${name} answered with an error (HTTP ${status}). Try again later.`,
    retryable: status >= 500,
  };
}

function isTlsFailure(code: string): boolean {
  return (
    code.startsWith('ERR_SSL_') ||
    code.startsWith('CERT_') ||
    code.startsWith('ERR_TLS_') ||
    code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' ||
    code === 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY' ||
    code === 'SELF_SIGNED_CERT_IN_CHAIN' ||
    code === 'DEPTH_ZERO_SELF_SIGNED_CERT'
  );
}

/**
 * Whether the same request may succeed if sent again soon: connection trouble and server errors
 * yes; refusals, "gone" statuses and policy blocks no.
 */
export function isTransient(err: unknown): boolean {
  if (err instanceof UpstreamStatusError) return err.statusCode >= 500 || err.statusCode === 408;
  if (err instanceof TruncatedError) return true;
  if (err instanceof PlatformError || err instanceof OutboundRefusedError) return false;
  if (err instanceof NonPublicAddressError || err instanceof TooLargeError) return false;
  const code = errorCode(err);
  return code !== undefined && NETWORK_CODES.has(code);
}

/** The `code` of an error or of its cause (undici wraps socket errors). */
function errorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = e.cause;
  }
  return undefined;
}
