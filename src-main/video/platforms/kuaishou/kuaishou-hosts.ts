import { SHARE_LINK_DOMAINS, hostMatcher } from '../link-hosts.ts';

/**
 * Media CDNs that serve Kuaishou videos and covers: mirrors in `mainMvUrls` live on
 * `*.a.yximgs.com`, `*.kwaicdn.com` and `tymov2/txmov2.a.kwimgs.com`.
 */
const CDN_DOMAINS = ['yximgs.com', 'kwaicdn.com', 'kwimgs.com'] as const;

/**
 * Every host the Kuaishou extractor may fetch: the share hosts a user can paste (short links,
 * desktop and mobile pages, the captcha host under kuaishou.com) plus the media CDNs.
 */
export const KUAISHOU_DOMAINS: readonly string[] = [...SHARE_LINK_DOMAINS.kuaishou, ...CDN_DOMAINS];

export const ownsKuaishouHost = hostMatcher(KUAISHOU_DOMAINS);

/** The host of the mobile share page that short links redirect to. */
export const MOBILE_PAGE_ORIGIN = 'https://v.m.chenzhongtech.com';
/** The desktop site; its pages carry `__APOLLO_STATE__`. */
export const DESKTOP_ORIGIN = 'https://www.kuaishou.com';

/** An iPhone Safari UA: the mobile share page only embeds `INIT_STATE` for phones. */
export const MOBILE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** A desktop Chrome UA for the `www.kuaishou.com/short-video/` route. */
export const DESKTOP_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
