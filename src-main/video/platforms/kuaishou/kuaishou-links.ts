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
 * Decides the first request for a pasted link. The phone share page goes first for every form:
 * Kuaishou answers desktop User-Agents with `result: 2` far more often (docs/platforms/kuaishou.md
 * §Resolution). Desktop and live links are read as the phone page of the same id; short links
 * (`v.kuaishou.com`, Kuaishou Lite's `v.kuaishouapp.com/s/`, PC `/f/` shares) and mobile pages
 * are fetched as pasted, following redirects. The desktop page is the fallback route.
 */
export function planLink(link: URL): LinkPlan {
  const photoId = photoIdOf(link);
  if (photoId && isDesktopForm(link)) {
    return { photoId, url: new URL(mobilePageUrl(photoId)), route: 'mobile' };
  }
  return { photoId, url: normaliseMobileUrl(link), route: 'mobile' };
}

export function desktopPageUrl(photoId: string): string {
  return `${DESKTOP_ORIGIN}/short-video/${encodeURIComponent(photoId)}`;
}

export function mobilePageUrl(photoId: string): string {
  return `${MOBILE_PAGE_ORIGIN}/fw/photo/${encodeURIComponent(photoId)}`;
}
