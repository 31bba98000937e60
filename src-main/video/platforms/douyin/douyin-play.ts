import { UpstreamStatusError } from '../../downloader.ts';
import { OutboundRefusedError } from '../../outbound/outbound-client.ts';
import { getPage, type PlatformHttp } from '../kit/page-fetch.ts';
import { isAllowedHop, redirectTarget, walkRedirects } from '../kit/redirect-walk.ts';
import { throwIfServerError } from '../kit/retry.ts';
import { MEDIA_HEADERS, ownsDouyinHost } from './douyin-hosts.ts';

/** Play endpoints can hand over to another play endpoint before the CDN; a few hops at most. */
const MAX_PLAY_HOPS = 3;
const PLAY_PATH = /^\/aweme\/v1\/play\/?$/;

/** A play endpoint (`…/aweme/v1/play/?video_id=…`) rather than a CDN file. */
export function isPlayEndpoint(url: string): boolean {
  return URL.canParse(url) && PLAY_PATH.test(new URL(url).pathname);
}

/**
 * Follows a play-endpoint URL to the CDN file it points at (the endpoint answers 302 with the CDN
 * URL; docs/platforms/douyin.md §Resolution, step 5). Returns the mirrors to download, best first:
 * the CDN URL, then the play URL itself, whose redirect the downloader can follow again if the CDN
 * URL fails. The CDN is not fetched here; a redirect to a host Douyin does not own is refused.
 */
export async function resolvePlayUrl(http: PlatformHttp, playUrl: string): Promise<string[]> {
  return walkRedirects<string[]>({
    start: new URL(playUrl),
    maxRequests: MAX_PLAY_HOPS,
    request: (url) =>
      getPage(http, url.href, MEDIA_HEADERS, async (res) => {
        await throwIfServerError(res);
        const next = redirectTarget(res);
        if (next) return { next };
        // Some endpoints serve the file directly; its first bytes are drained, not downloaded.
        if (res.statusCode === 200) return { done: unique([url.href, playUrl]) };
        throw new UpstreamStatusError(res.statusCode, res.url);
      }),
    checkHop: (next) => {
      if (!isAllowedHop(next, ownsDouyinHost)) {
        throw new OutboundRefusedError('host_not_allowed', `Refused to fetch ${next.origin}`);
      }
    },
    arrivedAt: (next) => (PLAY_PATH.test(next.pathname) ? null : unique([next.href, playUrl])),
    // Still bouncing between play endpoints: let the downloader follow the chain itself.
    exhausted: () => [playUrl],
  });
}

function unique(urls: string[]): string[] {
  return [...new Set(urls)];
}
