import { OutboundRefusedError } from '../../outbound/outbound-client.ts';
import { UpstreamStatusError } from '../../downloader.ts';
import { MEDIA_HEADERS, ownsDouyinHost } from './douyin-hosts.ts';
import { fetchOnce, redirectTarget, retryOnServerError, type DouyinHttp } from './douyin-http.ts';

/** Play endpoints can hand over to another play endpoint before the CDN; a few hops at most. */
const MAX_PLAY_HOPS = 3;
const PLAY_PATH = /^\/aweme\/v1\/play\/?$/;

/**
 * Follows a play-endpoint URL to the CDN file it points at (platforms.md §1.4: the endpoint
 * answers 302 with the CDN URL). Returns the mirrors to download, best first: the CDN URL, then
 * the play URL itself, whose redirect the downloader can follow again if the CDN URL fails.
 * The CDN is not fetched here; a redirect to a host Douyin does not own is refused.
 */
export async function resolvePlayUrl(http: DouyinHttp, playUrl: string): Promise<string[]> {
  let current = playUrl;
  for (let hop = 0; hop < MAX_PLAY_HOPS; hop++) {
    const answer = await fetchOnce(http, current, MEDIA_HEADERS, (res) => {
      retryOnServerError(res);
      const next = redirectTarget(res);
      if (next) return { next };
      // Some endpoints serve the file directly; its first bytes are drained, not downloaded.
      if (res.statusCode === 200) return { next: null };
      throw new UpstreamStatusError(res.statusCode, res.url);
    });
    if (!answer.next) return unique([current, playUrl]);
    if (!ownsDouyinHost(answer.next.hostname) || !/^https?:$/.test(answer.next.protocol)) {
      throw new OutboundRefusedError('host_not_allowed', `Refused to fetch ${answer.next.origin}`);
    }
    if (!PLAY_PATH.test(answer.next.pathname)) return unique([answer.next.href, playUrl]);
    current = answer.next.href;
  }
  // Still bouncing between play endpoints: let the downloader follow the chain itself.
  return [playUrl];
}

function unique(urls: string[]): string[] {
  return [...new Set(urls)];
}
