import type { Platform, TaskErrorCode, TaskStatus } from '../../src-shared/video/schemas.ts';
import { VIDEO_LIMITS } from '../../src-shared/video/limits.ts';
import { PLATFORM_NAMES } from '../../src-shared/video/platform-names.ts';
import { NonPublicAddressError } from './outbound/address-guard.ts';
import { OutboundRefusedError } from './outbound/outbound-client.ts';
import { ProxyUnreachableError } from './outbound/proxy-failure.ts';
import { ProxyRefusedError } from './outbound/transport.ts';
import { PlatformError } from './platforms/platform.ts';
import { TooLargeError, TruncatedError, UpstreamStatusError } from './downloader.ts';

/** How a failed task reads to its client. */
export interface TaskFailure {
  code: TaskErrorCode;
  message: string;
  retryable: boolean;
}

/**
 * How a task that was queued or running when Ephemera stopped (cleanly or not) reads after the
 * restart. A queued task never started, so its sentence must not talk of a download.
 */
export function interruptedFailure(status: TaskStatus): TaskFailure {
  return {
    code: 'interrupted',
    message:
      status === 'queued'
        ? 'Ephemera stopped before this task started: it was still waiting in the queue and nothing was downloaded. Submit the link again.'
        : 'Ephemera stopped while this task was running. Submit the link again.',
    retryable: true,
  };
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
  if (err instanceof ProxyUnreachableError) {
    const from =
      err.proxy.from === 'settings' ? 'set in Settings' : 'named by HTTPS_PROXY/HTTP_PROXY';
    return {
      code: 'network',
      message: `Could not reach the proxy ${err.proxy.host} (${err.code}), ${from}. Check that the proxy is running, or change or remove it, then try again.`,
      retryable: true,
    };
  }
  const proxyStatus = proxyRefusal(err);
  if (proxyStatus === 407) {
    return {
      code: 'network',
      message: `The proxy asked for a user name and password (HTTP 407) before it would connect to ${name}. Put them in the proxy URL (http://user:password@host:port) or use another proxy.`,
      retryable: false,
    };
  }
  if (proxyStatus !== null) {
    return {
      code: 'network',
      message: `The proxy could not connect to ${name} (HTTP ${proxyStatus} from the proxy). Check that the proxy works, or try again later.`,
      retryable: true,
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
 * How much each kind of failure tells the user, for a task whose every source failed: a fault
 * on this machine (a full disk, a file over the limit) says what to fix whatever the mirrors
 * said; a platform's verdict on the post beats a server error, which beats a broken connection.
 */
const FAILURE_RANK: Readonly<Record<TaskErrorCode, number>> = {
  disk_full: 6,
  too_large: 6,
  region_blocked: 5,
  login_required: 5,
  not_single_video: 5,
  unsupported: 5,
  unavailable: 4,
  blocked_by_platform: 4,
  upstream_error: 3,
  timeout: 2,
  network: 2,
  interrupted: 1,
};

/**
 * The failure to report when every source failed: the highest-ranked one, the earliest among
 * equals (the first mirror is the platform's main copy).
 */
export function mostTelling(errors: readonly unknown[], platform: Platform): unknown {
  let best: unknown = errors[0];
  let bestRank = -1;
  for (const err of errors) {
    const rank = FAILURE_RANK[describeFailure(err, platform).code];
    if (rank > bestRank) {
      best = err;
      bestRank = rank;
    }
  }
  return best;
}

/** A fault on this machine: no other mirror can change it, so trying them is wasted traffic. */
export function isLocalFault(err: unknown): boolean {
  return err instanceof TooLargeError || errorCode(err) === 'ENOSPC';
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
  const proxyStatus = proxyRefusal(err);
  if (proxyStatus !== null) return proxyStatus !== 407;
  const code = errorCode(err);
  return code !== undefined && NETWORK_CODES.has(code);
}

/**
 * The status a proxy refused a tunnel with (CONNECT answered with other than 200, e.g. 502 when
 * the proxy cannot reach the platform), or null. undici reports it only in the message of an
 * abort error (UND_ERR_ABORTED), "Proxy response (502) !== 200 when HTTP Tunneling"; a
 * forwarding proxy's 407 reads "Proxy Authentication Required (407)".
 */
function proxyRefusal(err: unknown): number | null {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 4; depth++) {
    // The page transport (impit) reports the proxy's status as a ProxyRefusedError.
    if (e instanceof ProxyRefusedError) return e.status;
    const code = (e as { code?: unknown }).code;
    const match = /^Proxy (?:response \((\d{3})\)|Authentication Required \((407)\))/.exec(
      e.message,
    );
    if (match && (code === 'UND_ERR_ABORTED' || code === 'UND_ERR_INVALID_ARG')) {
      return Number(match[1] ?? match[2]);
    }
    e = e.cause;
  }
  return null;
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
