import { DESKTOP_ORIGIN, MOBILE_PAGE_ORIGIN } from './kuaishou-hosts.ts';

/** Which page a request asks for: the phone share page or the desktop site. */
export type KuaishouRoute = 'mobile' | 'desktop';

/** Where resolution starts for a pasted link. */
export interface LinkPlan {
  /** The photo id when the link itself carries it; short links only reveal it after redirects. */
  photoId: string | null;
  /** The first URL to fetch. */
  url: URL;
  route: KuaishouRoute;
}

/** Photo ids are short base-36-like tokens (`3xhjgcmir24m4nm`) or long decimals. */
const ID = '([A-Za-z0-9_-]{4,64})';
const DESKTOP_PATH = new RegExp(`^/short-video/${ID}/?$`);
const MOBILE_PATH = new RegExp(`^/fw/(?:photo|long-video)/${ID}/?$`);
/** `live.kuaishou.com/u/<author>/<photoId>`, deprecated but still pasted. */
const LIVE_PATH = new RegExp(`^/u/[^/]+/${ID}/?$`);
const ID_ONLY = new RegExp(`^${ID}$`);

/**
 * The photo id a Kuaishou URL names, from the path (`/short-video/<id>`, `/fw/photo/<id>`,
 * `/fw/long-video/<id>`, live `/u/<author>/<id>`) or else from the `photoId` query that mobile
 * share URLs carry (chenzhongtech and `c.kuaishou.com`). Null for short links and other pages.
 */
export function photoIdOf(url: URL): string | null {
  const path = url.pathname;
  const fromPath =
    DESKTOP_PATH.exec(path)?.[1] ??
    MOBILE_PATH.exec(path)?.[1] ??
    (url.hostname.toLowerCase().startsWith('live.') ? LIVE_PATH.exec(path)?.[1] : undefined);
  if (fromPath) return fromPath;
  const query = url.searchParams.get('photoId');
  return query && ID_ONLY.test(query) ? query : null;
}

/**
 * Long videos share as `/fw/long-video/<id>`, which does not carry the page data; the same id
 * under `/fw/photo/` does (docs/platforms/kuaishou.md §Resolution, step 2). Other URLs come
 * back unchanged.
 */
export function normaliseMobileUrl(url: URL): URL {
  if (!url.pathname.startsWith('/fw/long-video/')) return url;
  const next = new URL(url.href);
  next.pathname = url.pathname.replace(/^\/fw\/long-video\//, '/fw/photo/');
  return next;
}

/** True for links of the desktop site, whose page carries `__APOLLO_STATE__`. */
function isDesktopForm(url: URL): boolean {
  return DESKTOP_PATH.test(url.pathname) || LIVE_PATH.test(url.pathname);
}

/**
 * Decides the first request for a pasted link. Desktop links go to the desktop page; everything
 * else (short links, PC `/f/` shares, mobile pages) is fetched with the phone UA, following
 * redirects to the mobile share page.
 */
export function planLink(link: URL): LinkPlan {
  const photoId = photoIdOf(link);
  if (photoId && isDesktopForm(link)) {
    // Live links are retired; the same id lives on the desktop video page.
    const url = DESKTOP_PATH.test(link.pathname) ? link : new URL(desktopPageUrl(photoId));
    return { photoId, url, route: 'desktop' };
  }
  return { photoId, url: normaliseMobileUrl(link), route: 'mobile' };
}

export function desktopPageUrl(photoId: string): string {
  return `${DESKTOP_ORIGIN}/short-video/${encodeURIComponent(photoId)}`;
}

export function mobilePageUrl(photoId: string): string {
  return `${MOBILE_PAGE_ORIGIN}/fw/photo/${encodeURIComponent(photoId)}`;
}
