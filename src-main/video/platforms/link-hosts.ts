import type { Platform } from '../../../src-shared/video/schemas.ts';

/** A host rule: the domain itself and every subdomain of it. */
export type DomainList = readonly string[];

/** True when `host` is one of `domains` or a subdomain of one. */
export function hostMatches(host: string, domains: DomainList): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return domains.some((d) => h === d || h.endsWith(`.${d}`));
}

/** `hostMatches` bound to one platform's domains: the `ownsHost` of its extractor. */
export function hostMatcher(domains: DomainList): (host: string) => boolean {
  return (host) => hostMatches(host, domains);
}

/**
 * Hosts whose links a user may paste, per platform (link forms: docs/platforms/*.md).
 * Media CDNs are not here: a pasted CDN link is not a share link.
 */
export const SHARE_LINK_DOMAINS: Readonly<Record<Platform, DomainList>> = {
  douyin: ['douyin.com', 'iesdouyin.com'],
  tiktok: ['tiktok.com', 'tiktokv.com'],
  // kuaishouapp.com: Kuaishou Lite (快手极速版) shares `v.kuaishouapp.com/s/<code>`.
  kuaishou: ['kuaishou.com', 'kuaishou.cn', 'chenzhongtech.com', 'gifshow.com', 'kuaishouapp.com'],
};

/**
 * Paths that name a gallery or image post outright. Kuaishou's `/fw/photo/` is its ordinary
 * video path, so Kuaishou galleries are only known once the page is read.
 */
export const GALLERY_PATHS: Readonly<Record<Platform, readonly RegExp[]>> = {
  douyin: [/^\/(?:share\/)?(?:note|slides)\//i],
  tiktok: [/^\/@[^/]*\/photo\//i, /^\/(?:share\/)?photo\//i],
  kuaishou: [],
};
