import { lastingError, retryableError } from '../kit/platform-errors.ts';
import type { PlatformError } from '../platform.ts';

/**
 * Every refusal the Douyin extractor can meet, as the sentence a person reads: what happened,
 * then what to try (later, a proxy, another link). Network errors and other HTTP statuses are
 * left to describeFailure, which words them for every platform alike.
 */
export const douyinErrors = {
  deleted(note: string | null): PlatformError {
    const quoted = note ? ` (Douyin: “${clip(note)}”)` : '';
    return lastingError(
      'unavailable',
      `Douyin says this video is not available: it was deleted or made private by its author${quoted}. Try another link.`,
    );
  },

  /** `status.private_status` 1 / 2, a private `filter_reason`, or `reflow_unplayable`. */
  privatePost: (who: 'self' | 'friends' | 'app') =>
    lastingError(
      'login_required',
      who === 'friends'
        ? "Douyin shows this video only to its author's friends, so it cannot be downloaded from a share link. Ask the author to make it public, or try another link."
        : who === 'self'
          ? 'This Douyin video is private: only its author can watch it, so it cannot be downloaded from a share link. Try another link.'
          : 'Douyin plays this video only inside its app, not from a share link, so it cannot be downloaded. Try another link.',
    ),

  emptyPage: () =>
    retryableError(
      'unavailable',
      'Douyin returned its page for this video without the video; it may have been deleted or hidden. Try again later, or try another link.',
    ),

  noItem: () =>
    retryableError(
      'unavailable',
      'Douyin returned no data for this video; it may have been deleted or made private, or hidden for a while. Try again later, or try another link.',
    ),

  regionBlocked: () =>
    lastingError(
      'region_blocked',
      'Douyin does not show this video to connections from your region. Try again through a proxy in mainland China.',
    ),

  captcha: () =>
    retryableError(
      'blocked_by_platform',
      'Douyin answered with a captcha page instead of the video, as it does for connections it distrusts. Try again later, or through a proxy on a home connection.',
    ),

  wafEmpty: () =>
    retryableError(
      'blocked_by_platform',
      "Douyin's firewall answered with an empty page instead of the video. Wait a few minutes and try again, or use a proxy.",
    ),

  /** A non-zero `status_code` public parsers read as anti-bot or rate limiting (8, 2154…). */
  riskControl: (code: number) =>
    retryableError(
      'blocked_by_platform',
      `Douyin is limiting requests from this connection for now (code ${code}) and sent no video. Wait a few minutes and try again, or use a proxy.`,
    ),

  browserCheck: () =>
    retryableError(
      'blocked_by_platform',
      'Douyin answered with a browser check instead of the video page. Try again later, or through a proxy.',
    ),

  pageRefused: (status: number) =>
    retryableError(
      'blocked_by_platform',
      `Douyin refused to show the video page (HTTP ${status}). Wait a few minutes and try again, or use a proxy.`,
    ),

  pageChanged: () =>
    retryableError(
      'upstream_error',
      "Douyin's video page did not contain the video data: Douyin may have blocked the request or changed its page. Try again later or through a proxy; if it keeps happening, Ephemera needs an update.",
    ),

  pageTooLarge: () =>
    retryableError(
      'upstream_error',
      "Douyin's video page was far larger than a video page can be, so Ephemera stopped reading it. Try again later.",
    ),

  pageMoved: (status: number) =>
    retryableError(
      'upstream_error',
      `Douyin sent the video page elsewhere (HTTP ${status}) instead of showing it. Try again later, or try another link.`,
    ),

  videoNotFound: (status: number) =>
    lastingError(
      'unavailable',
      `Douyin has no video at this link (HTTP ${status}); it may have been deleted. Try another link.`,
    ),

  shortLinkGone: (status: number) =>
    lastingError(
      'unavailable',
      `This Douyin short link does not exist or has expired (HTTP ${status}). Copy the link from the app again, or try another link.`,
    ),

  notAVideoLink: () =>
    lastingError(
      'not_single_video',
      'This Douyin link does not lead to a single video (it may be a profile, music or live page). Open the video in Douyin, tap Share, copy the link and paste that.',
    ),

  foreignRedirect: (host: string) =>
    lastingError(
      'upstream_error',
      `The Douyin link redirected to ${clip(host)}, which is not a Douyin address, so Ephemera did not follow it. Try another link.`,
    ),

  xigua: () =>
    lastingError(
      'unsupported',
      'This link leads to Xigua Video (ixigua.com), not Douyin, and Ephemera does not download from Xigua. Try a link copied from the Douyin app.',
    ),

  tooManyRedirects: () =>
    lastingError(
      'upstream_error',
      'The Douyin link went through too many redirects without reaching a video. Try another link.',
    ),

  noPlayableFile: () =>
    retryableError(
      'unavailable',
      "Douyin's page lists no playable file for this video. Try again later, or try another link.",
    ),
};

/** Page text quoted in a sentence stays short and on one line. */
function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}
