import type { TaskErrorCode } from '../../../../src-shared/video/schemas.ts';
import { PlatformError } from '../platform.ts';

/**
 * A Kuaishou failure. `final` marks answers no other route can change (the post is gone, the
 * region is blocked, the link leads off Kuaishou); the others let the extractor try the second
 * page route before giving up.
 */
export class KuaishouError extends PlatformError {
  constructor(
    code: TaskErrorCode,
    message: string,
    retryable: boolean,
    readonly final = false,
  ) {
    super(code, message, retryable);
  }
}

/** How much a failure tells the user; when both routes fail, the more telling one is reported. */
const RANK: Partial<Record<TaskErrorCode, number>> = {
  region_blocked: 5,
  blocked_by_platform: 4,
  unavailable: 3,
  unsupported: 3,
};

export function moreTelling(primary: KuaishouError, fallback: KuaishouError): KuaishouError {
  return (RANK[fallback.code] ?? 0) > (RANK[primary.code] ?? 0) ? fallback : primary;
}

const TRY_LATER_OR_PROXY = 'Try again later, from another network, or through a proxy.';

/**
 * Result 2001 / the captcha iframe / the "请进行安全验证" wall
 * (docs/platforms/kuaishou.md §Failure signals).
 */
export function captchaError(signal: string): KuaishouError {
  return new KuaishouError(
    'blocked_by_platform',
    `Kuaishou asked for a captcha check instead of showing the video (${signal}). It does this to connections it suspects are automated, often cloud servers and VPNs. ${TRY_LATER_OR_PROXY}`,
    true,
  );
}

/** Result 50 "签名验证失败": Kuaishou rejected the request as unsigned. */
export function signatureError(): KuaishouError {
  return new KuaishouError(
    'blocked_by_platform',
    `Kuaishou rejected the request (result 50, signature check failed). ${TRY_LATER_OR_PROXY} If it keeps happening, Ephemera needs an update.`,
    true,
  );
}

/**
 * Result 2 ("操作太快了，请稍微休息一下", or no message at all): Kuaishou is throttling this
 * connection, more often for desktop User-Agents (docs/platforms/kuaishou.md §Failure signals).
 * It says nothing about the post, so the other page route is still tried.
 */
export function rateLimitedError(): KuaishouError {
  return new KuaishouError(
    'blocked_by_platform',
    'Kuaishou is limiting requests from this connection for now (result 2, “操作太快了”); it says nothing about the video. Wait a few minutes and try again, or use another network or a proxy.',
    true,
  );
}

/** Any other `result` ≠ 1: the page answered, but without the video. */
export function resultCodeError(code: number): KuaishouError {
  return new KuaishouError(
    'unavailable',
    `Kuaishou did not return this video (result ${code}). It may have been deleted or made private; check the link or try another one.`,
    false,
  );
}

/** A page status that is an answer, not a hiccup: 404/410 gone, 451 region, 401/403/429 refusal. */
export function pageStatusError(status: number): KuaishouError {
  if (status === 404 || status === 410) {
    return new KuaishouError(
      'unavailable',
      `Kuaishou says this video does not exist (HTTP ${status}). It may have been deleted, or the link is incomplete; check the link or try another one.`,
      false,
      true,
    );
  }
  if (status === 451) {
    return new KuaishouError(
      'region_blocked',
      `Kuaishou does not show this video in your region (HTTP 451). Try through a proxy in another region.`,
      false,
      true,
    );
  }
  if (status === 401 || status === 403 || status === 429) {
    return new KuaishouError(
      'blocked_by_platform',
      `Kuaishou refused to show the video page (HTTP ${status}). ${TRY_LATER_OR_PROXY}`,
      true,
    );
  }
  return new KuaishouError(
    'upstream_error',
    `Kuaishou's server answered with an error (HTTP ${status}). Try again later.`,
    status >= 500 || status === 408,
  );
}

export function noPageDataError(): KuaishouError {
  return new KuaishouError(
    'upstream_error',
    `Kuaishou's page did not contain the video details Ephemera reads. Kuaishou may have changed its pages or withheld them from this connection. ${TRY_LATER_OR_PROXY}`,
    true,
  );
}

export function notAVideoLinkError(): KuaishouError {
  return new KuaishouError(
    'unavailable',
    'The Kuaishou link did not lead to a video. The link may have expired or the video may have been removed; copy the share link again or try another one.',
    false,
    true,
  );
}

export function foreignRedirectError(host: string): KuaishouError {
  return new KuaishouError(
    'upstream_error',
    `The Kuaishou link redirected to ${host}, which is not a Kuaishou site, so Ephemera did not follow it. Try another link.`,
    false,
    true,
  );
}

export function tooManyRedirectsError(): KuaishouError {
  return new KuaishouError(
    'upstream_error',
    'The Kuaishou link went through too many redirects. Try another link.',
    false,
    true,
  );
}

export function oversizedPageError(): KuaishouError {
  return new KuaishouError(
    'upstream_error',
    "Kuaishou's page was far larger than a video page should be, so Ephemera stopped reading it. Try again later.",
    true,
  );
}

/** Segmented delivery (one 2026-08 user report): a manifest but no single MP4. */
export function streamOnlyError(): KuaishouError {
  return new KuaishouError(
    'unsupported',
    'Kuaishou offers this video only as a segmented stream (HLS/DASH), which Ephemera cannot save as one file yet. Try another link.',
    false,
  );
}

export function noVideoFileError(): KuaishouError {
  return new KuaishouError(
    'unavailable',
    'Kuaishou listed this post without a video file. It may still be processing or have been removed; try again later or try another link.',
    true,
  );
}
