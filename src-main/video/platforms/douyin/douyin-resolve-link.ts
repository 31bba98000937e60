import { getPage, type PlatformHttp } from '../kit/page-fetch.ts';
import { pageStatusMeaning } from '../kit/page-status.ts';
import { redirectTarget, walkRedirects } from '../kit/redirect-walk.ts';
import { throwIfServerError } from '../kit/retry.ts';
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
 * redirects and their `Location` is read, hop by hop, so a chain that leaves Douyin is refused
 * before anything is sent to the foreign host (docs/platforms/douyin.md §Resolution, step 1).
 */
export async function resolveLinkTarget(http: PlatformHttp, link: URL): Promise<LinkTarget> {
  checkLinkHost(link);
  return (
    postAt(link) ??
    walkRedirects<LinkTarget>({
      start: link,
      maxRequests: MAX_LINK_HOPS,
      request: async (url) => ({ next: await nextHop(http, url) }),
      checkHop: checkLinkHost,
      arrivedAt: postAt,
      exhausted: () => {
        throw douyinErrors.tooManyRedirects();
      },
    })
  );
}

/** Douyin's link space is narrower than its hosts: a hop to Xigua or anywhere else ends here. */
function checkLinkHost(url: URL): void {
  const kind = readDouyinLink(url).kind;
  if (kind === 'xigua') throw douyinErrors.xigua();
  if (kind === 'foreign') throw douyinErrors.foreignRedirect(url.hostname);
}

function postAt(url: URL): LinkTarget | null {
  const target = readDouyinLink(url);
  return target.kind === 'video' || target.kind === 'gallery'
    ? { kind: target.kind, id: target.id, url }
    : null;
}

async function nextHop(http: PlatformHttp, url: URL): Promise<URL> {
  return getPage(http, url.href, {}, async (res) => {
    await throwIfServerError(res);
    const next = redirectTarget(res);
    if (next) return next;
    if (pageStatusMeaning(res.statusCode) === 'gone') {
      throw douyinErrors.shortLinkGone(res.statusCode);
    }
    // Unlike the share page, a short link's 401 has never been seen; it stays "not a video".
    if (res.statusCode === 403 || res.statusCode === 429) {
      throw douyinErrors.pageRefused(res.statusCode);
    }
    // A page that answers for itself (profile, music, live…) is not a video post.
    throw douyinErrors.notAVideoLink();
  });
}
