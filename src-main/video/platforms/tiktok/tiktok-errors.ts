import { PlatformError } from '../platform.ts';

/**
 * Every sentence a TikTok task can end with, in one place: each says what happened and what to
 * try. Codes follow TaskErrorCodeSchema; `retryable` says whether the same link may work later.
 */
export const TIKTOK_ERRORS = {
  regionBlocked: () =>
    new PlatformError(
      'region_blocked',
      'TikTok will not show this video to your connection (status 10204): it blocks the post for your IP address or region, or the post is gone. If the link plays in the TikTok app, try again through a proxy in another country.',
      true,
    ),
  privatePost: () =>
    new PlatformError(
      'login_required',
      'This TikTok video is private (status 10216): only people the author allows can watch it, and Ephemera does not sign in. Try another link.',
      false,
    ),
  privateAccount: () =>
    new PlatformError(
      'login_required',
      'This video belongs to a private TikTok account (status 10222): only approved followers can watch it, and Ephemera does not sign in. Try another link.',
      false,
    ),
  notAvailable: (status: number, detail: string) =>
    new PlatformError(
      'unavailable',
      `TikTok says this video is not available (status ${status}${detail ? `: "${detail}"` : ''}). It may have been deleted or hidden; check the link or try another one.`,
      false,
    ),
  loginWall: () =>
    new PlatformError(
      'login_required',
      'TikTok sent Ephemera to its sign-in page instead of the video, and Ephemera does not sign in. This often passes: try again later or through a different proxy, or try another link.',
      true,
    ),
  ageRestricted: () =>
    new PlatformError(
      'login_required',
      'TikTok marks this video as age-restricted and shows it only to signed-in adults; Ephemera does not sign in, so it cannot download it. Try another link.',
      false,
    ),
  challengeRepeated: () =>
    new PlatformError(
      'blocked_by_platform',
      'TikTok kept showing its "Please wait..." bot check even after Ephemera solved it. Wait a few minutes and try again, or use a different proxy.',
      true,
    ),
  challengeUnsolved: () =>
    new PlatformError(
      'blocked_by_platform',
      'TikTok showed a "Please wait..." bot check that Ephemera could not solve. Wait a few minutes and try again, or use a different proxy.',
      true,
    ),
  captcha: () =>
    new PlatformError(
      'blocked_by_platform',
      'TikTok asked for a captcha because it suspects automated access from your connection. Wait a while (or open TikTok once in a browser on this network), or use a different proxy, then try again.',
      true,
    ),
  pageChanged: () =>
    new PlatformError(
      'upstream_error',
      "TikTok's page did not contain the video data Ephemera reads; TikTok may have changed its site. Try again later, and update Ephemera if it keeps happening.",
      true,
    ),
  pageMissing: (status: number) =>
    new PlatformError(
      'unavailable',
      `TikTok says this video does not exist (HTTP ${status}). It may have been deleted; check the link.`,
      false,
    ),
  pageRefused: (status: number) =>
    new PlatformError(
      'blocked_by_platform',
      status === 429
        ? 'TikTok is limiting requests from your connection (HTTP 429). Wait a few minutes and try again.'
        : `TikTok refused to show the video page to your connection (HTTP ${status}). Try again later or through a proxy.`,
      true,
    ),
  pageRejected: (status: number) =>
    new PlatformError(
      'upstream_error',
      `TikTok answered the link with an error (HTTP ${status}). Check the link or try another one.`,
      false,
    ),
  serverError: (status: number) =>
    new PlatformError(
      'upstream_error',
      `TikTok's servers answered with an error (HTTP ${status}) on every try. Try again later.`,
      true,
    ),
  pageTooLarge: () =>
    new PlatformError(
      'upstream_error',
      'TikTok sent a page far larger than a video page; Ephemera stopped reading it. Try again later.',
      true,
    ),
  shortLinkDead: () =>
    new PlatformError(
      'unavailable',
      'The TikTok short link leads nowhere: it has expired or was copied incompletely. Copy the link again in the TikTok app.',
      false,
    ),
  shortLinkNoVideo: () =>
    new PlatformError(
      'unavailable',
      'The TikTok short link did not lead to a video; it may point to a profile or have expired. Share the video itself ("Share", then "Copy link") and try again.',
      false,
    ),
  notAVideoLink: () =>
    new PlatformError(
      'not_single_video',
      'This TikTok link does not point to a single video (it may be a profile, sound or tag page). Share the video itself ("Share", then "Copy link") and try again.',
      false,
    ),
  foreignRedirect: (host: string | null) =>
    new PlatformError(
      'upstream_error',
      `The TikTok link led to ${host ? `${host.slice(0, 100)}, which is not a TikTok address` : 'an address outside TikTok'}, so Ephemera did not follow it. Copy the full link of the video from the TikTok app and try again.`,
      false,
    ),
  tooManyRedirects: () =>
    new PlatformError(
      'upstream_error',
      'TikTok sent the link through too many redirects. Try the full link of the video instead.',
      false,
    ),
  noVideoFile: () =>
    new PlatformError(
      'unavailable',
      "TikTok's page for this post lists no video file without a watermark. The post may still be processing or be restricted; try again later or try another link.",
      true,
    ),
} as const;

/** Added to network failures: TikTok is blocked in mainland China, the usual cause there. */
export const TIKTOK_PROXY_HINT =
  'TikTok cannot be reached from mainland China without a proxy (set HTTPS_PROXY or the proxy setting).';
