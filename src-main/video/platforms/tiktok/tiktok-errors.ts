import { lastingError, retryableError } from '../kit/platform-errors.ts';

/**
 * Every sentence a TikTok task can end with, in one place: each says what happened and what to
 * try. Codes follow TaskErrorCodeSchema; retryable ones may work with the same link later.
 */
export const TIKTOK_ERRORS = {
  regionBlocked: () =>
    retryableError(
      'region_blocked',
      'TikTok will not show this video to your connection (status 10204): it blocks the post for your IP address or region, or the post is gone. If the link plays in the TikTok app, try again through a proxy in another country.',
    ),
  privatePost: () =>
    lastingError(
      'login_required',
      'This TikTok video is private (status 10216): only people the author allows can watch it, and Ephemera does not sign in. Try another link.',
    ),
  privateAccount: () =>
    lastingError(
      'login_required',
      'This video belongs to a private TikTok account (status 10222): only approved followers can watch it, and Ephemera does not sign in. Try another link.',
    ),
  notAvailable: (status: number, detail: string) =>
    lastingError(
      'unavailable',
      `TikTok says this video is not available (status ${status}${detail ? `: "${detail}"` : ''}). It may have been deleted or hidden; check the link or try another one.`,
    ),
  loginWall: () =>
    retryableError(
      'login_required',
      'TikTok sent Ephemera to its sign-in page instead of the video, and Ephemera does not sign in. This often passes: try again later or through a different proxy, or try another link.',
    ),
  ageRestricted: () =>
    lastingError(
      'login_required',
      'TikTok marks this video as age-restricted and shows it only to signed-in adults; Ephemera does not sign in, so it cannot download it. Try another link.',
    ),
  challengeRepeated: () =>
    retryableError(
      'blocked_by_platform',
      'TikTok kept showing its "Please wait..." bot check even after Ephemera solved it. Wait a few minutes and try again, or use a different proxy.',
    ),
  challengeUnsolved: () =>
    retryableError(
      'blocked_by_platform',
      'TikTok showed a "Please wait..." bot check that Ephemera could not solve. Wait a few minutes and try again, or use a different proxy.',
    ),
  captcha: () =>
    retryableError(
      'blocked_by_platform',
      'TikTok asked for a captcha because it suspects automated access from your connection. Wait a while (or open TikTok once in a browser on this network), or use a different proxy, then try again.',
    ),
  pageChanged: () =>
    retryableError(
      'upstream_error',
      "TikTok's page did not contain the video data Ephemera reads; TikTok may have changed its site. Try again later, and update Ephemera if it keeps happening.",
    ),
  pageMissing: (status: number) =>
    lastingError(
      'unavailable',
      `TikTok says this video does not exist (HTTP ${status}). It may have been deleted; check the link.`,
    ),
  pageRefused: (status: number) =>
    retryableError(
      'blocked_by_platform',
      status === 429
        ? 'TikTok is limiting requests from your connection (HTTP 429). Wait a few minutes and try again.'
        : `TikTok refused to show the video page to your connection (HTTP ${status}). Try again later or through a proxy.`,
    ),
  pageRejected: (status: number) =>
    lastingError(
      'upstream_error',
      `TikTok answered the link with an error (HTTP ${status}). Check the link or try another one.`,
    ),
  serverError: (status: number) =>
    retryableError(
      'upstream_error',
      `TikTok's servers answered with an error (HTTP ${status}) on every try. Try again later.`,
    ),
  pageTooLarge: () =>
    retryableError(
      'upstream_error',
      'TikTok sent a page far larger than a video page; Ephemera stopped reading it. Try again later.',
    ),
  shortLinkDead: () =>
    lastingError(
      'unavailable',
      'The TikTok short link leads nowhere: it has expired or was copied incompletely. Copy the link again in the TikTok app.',
    ),
  shortLinkNoVideo: () =>
    lastingError(
      'unavailable',
      'The TikTok short link did not lead to a video; it may point to a profile or have expired. Share the video itself ("Share", then "Copy link") and try again.',
    ),
  notAVideoLink: () =>
    lastingError(
      'not_single_video',
      'This TikTok link does not point to a single video (it may be a profile, sound or tag page). Share the video itself ("Share", then "Copy link") and try again.',
    ),
  foreignRedirect: (host: string | null) =>
    lastingError(
      'upstream_error',
      `The TikTok link led to ${host ? `${host.slice(0, 100)}, which is not a TikTok address` : 'an address outside TikTok'}, so Ephemera did not follow it. Copy the full link of the video from the TikTok app and try again.`,
    ),
  tooManyRedirects: () =>
    lastingError(
      'upstream_error',
      'TikTok sent the link through too many redirects. Try the full link of the video instead.',
    ),
  noVideoFile: () =>
    retryableError(
      'unavailable',
      "TikTok's page for this post lists no video file without a watermark. The post may still be processing or be restricted; try again later or try another link.",
    ),
} as const;

/** Added to network failures: TikTok is blocked in mainland China, the usual cause there. */
export const TIKTOK_PROXY_HINT =
  'TikTok cannot be reached from mainland China without a proxy (set HTTPS_PROXY or the proxy setting).';
