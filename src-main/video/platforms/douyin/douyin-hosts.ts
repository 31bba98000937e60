import { hostMatcher, hostMatches, type DomainList } from '../link-hosts.ts';

/**
 * Every domain the Douyin extractor may fetch (docs/platforms/douyin.md §Resolution): share hosts,
 * the share-page host, the play endpoints (`aweme.snssdk.com`, `*.amemv.com`), the video CDNs
 * (`*.douyinvod.com`, `*.zjcdn.com`) and the image CDN covers come from (`*.douyinpic.com`). Xigua
 * (`ixigua.com`), where old short links can lead, is deliberately not here.
 */
export const DOUYIN_DOMAINS: DomainList = [
  'douyin.com',
  'iesdouyin.com',
  'snssdk.com',
  'amemv.com',
  'douyinvod.com',
  'zjcdn.com',
  'douyinpic.com',
];

/** Share-link hosts: a redirect chain that leaves them has left Douyin's link space. */
const LINK_DOMAINS: DomainList = ['douyin.com', 'iesdouyin.com'];

export const ownsDouyinHost = hostMatcher(DOUYIN_DOMAINS);

export function isDouyinLinkHost(host: string): boolean {
  return hostMatches(host, LINK_DOMAINS);
}

export function isXiguaHost(host: string): boolean {
  return hostMatches(host, ['ixigua.com']);
}

/** The share page lives here (docs/platforms/douyin.md §Resolution, step 2). */
export const SHARE_PAGE_ORIGIN = 'https://www.iesdouyin.com';

/**
 * The iPhone Safari User-Agent the real share-page capture was served to (its `ua` field echoes
 * it). Path A only returns `_ROUTER_DATA` to a mobile browser, so every request uses it.
 */
export const IPHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1';

/**
 * Every known downloader sends Douyin's Referer with media requests; what the CDN does without
 * it is undocumented (docs/platforms/douyin.md §What rests on what).
 */
export const MEDIA_HEADERS: Readonly<Record<string, string>> = {
  referer: 'https://www.douyin.com/',
};
