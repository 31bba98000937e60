import { extractorFactory } from '../kit/extractor.ts';
import type { PlatformHttp } from '../kit/page-fetch.ts';
import type { PlatformError, ResolvedPost } from '../platform.ts';
import { douyinErrors } from './douyin-errors.ts';
import { IPHONE_USER_AGENT, MEDIA_HEADERS, ownsDouyinHost } from './douyin-hosts.ts';
import { readItem, type ItemFacts } from './douyin-item.ts';
import { sharePageUrl } from './douyin-links.ts';
import { readSharePage, type SharePage } from './douyin-page.ts';
import { fetchSharePage } from './douyin-share-page.ts';
import { resolvePlayUrl } from './douyin-play.ts';
import { resolveLinkTarget } from './douyin-resolve-link.ts';

/**
 * Douyin through the share page, with no cookie and no signature (docs/platforms/douyin.md
 * §Resolution): short link → `Location` → iesdouyin share page (iPhone UA) → `_ROUTER_DATA` item →
 * `play_addr` without watermark → its 302 to the CDN.
 */
export const createDouyinExtractor = extractorFactory({
  platform: 'douyin',
  userAgent: IPHONE_USER_AGENT,
  ownsHost: ownsDouyinHost,
  resolve: resolveDouyin,
});

async function resolveDouyin(link: URL, http: PlatformHttp): Promise<ResolvedPost> {
  const target = await resolveLinkTarget(http, link);
  // A link that names an image post is refused before its page is read: not even a title is
  // worth a request, and nothing of a gallery is ever downloaded.
  if (target.kind === 'gallery') return galleryPost(target.id, null);
  const html = await fetchSharePage(http, sharePageUrl(target.id, target.url));
  if (html.kind === 'redirect-to-gallery') return galleryPost(target.id, null);
  const page = readSharePage(html.text, target.id);
  if (page.kind !== 'item') throw pageError(page);
  const facts = readItem(page.item);
  const id = facts.id ?? target.id;
  if (facts.kind === 'gallery' || page.pageType === 'note') return galleryPost(id, facts);
  const [playUrl] = facts.playUrls;
  if (!playUrl) throw douyinErrors.noPlayableFile();
  const mirrors = await resolvePlayUrl(http, playUrl);
  return {
    id,
    kind: 'video',
    title: facts.title,
    author: facts.author,
    media: mirrors.map((url) => ({ url, headers: { ...MEDIA_HEADERS } })),
    cover: facts.cover ? { url: facts.cover, headers: { ...MEDIA_HEADERS } } : null,
    duration: facts.duration,
    width: facts.width,
    height: facts.height,
  };
}

/** Why a share page holds no item, as the error a person reads. */
function pageError(page: Exclude<SharePage, { kind: 'item' }>): PlatformError {
  switch (page.kind) {
    case 'filtered':
      return isRegional(page.reason)
        ? douyinErrors.regionBlocked()
        : douyinErrors.deleted(page.message);
    case 'empty':
      return page.oversea ? douyinErrors.regionBlocked() : douyinErrors.emptyPage();
    case 'captcha':
      return douyinErrors.captcha();
    case 'challenge':
      return douyinErrors.browserCheck();
    case 'waf-empty':
      return douyinErrors.wafEmpty();
    case 'unknown':
      return douyinErrors.pageChanged();
  }
}

/**
 * No Douyin sample shows a region refusal; a `filter_reason` naming a region or geofence is
 * read as one, everything else as deleted or private (see docs/platforms/douyin.md).
 */
function isRegional(reason: string | null): boolean {
  return reason !== null && /region|geo|country|oversea/i.test(reason);
}

/** An image post, as the runner expects it: known, but with nothing to download. */
function galleryPost(id: string, facts: ItemFacts | null): ResolvedPost {
  return {
    id,
    kind: 'gallery',
    title: facts?.title ?? null,
    author: facts?.author ?? null,
    media: [],
    cover: null,
    duration: null,
    width: null,
    height: null,
  };
}
