import type { DouyinHttp } from './douyin-http.ts';
import { fetchOnce, redirectTarget, retryOnServerError } from './douyin-http.ts';
import { douyinErrors } from './douyin-errors.ts';
import { readDouyinLink } from './douyin-links.ts';

/** A post id and the URL it was read from (a share page keeps its query for the next step). */
export interface LinkTarget {
  kind: 'video' | 'gallery';
  id: string;
  url: URL;
}

/** Short link → share page is one hop today; a little room for intermediate hosts. */
const MAX_LINK_HOPS = 4;

/**
 * Turns any Douyin link into a post id. Links that carry the id (desktop, modal, mobile,
 * jingxuan, share page) need no request. Short links are requested without following
 * redirects and their `Location` is read (platforms.md §1.2 step 1), hop by hop, so a chain that
 * leaves Douyin is refused before anything is sent to the foreign host.
 */
export async function resolveLinkTarget(http: DouyinHttp, link: URL): Promise<LinkTarget> {
  let url = link;
  for (let hop = 0; ; hop++) {
    const target = readDouyinLink(url);
    switch (target.kind) {
      case 'video':
      case 'gallery':
        return { kind: target.kind, id: target.id, url };
      case 'xigua':
        throw douyinErrors.xigua();
      case 'foreign':
        throw douyinErrors.foreignRedirect(url.hostname);
      case 'no-id':
        break;
    }
    if (hop >= MAX_LINK_HOPS) throw douyinErrors.tooManyRedirects();
    url = await nextHop(http, url);
  }
}

async function nextHop(http: DouyinHttp, url: URL): Promise<URL> {
  return fetchOnce(http, url.href, {}, (res) => {
    retryOnServerError(res);
    const next = redirectTarget(res);
    if (next) return next;
    if (res.statusCode === 404 || res.statusCode === 410) {
      throw douyinErrors.shortLinkGone(res.statusCode);
    }
    if (res.statusCode === 403 || res.statusCode === 429) {
      throw douyinErrors.pageRefused(res.statusCode);
    }
    // A page that answers for itself (profile, music, live…) is not a video post.
    throw douyinErrors.notAVideoLink();
  });
}
