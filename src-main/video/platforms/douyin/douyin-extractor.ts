import { extractorFactory } from '../kit/extractor.ts';
import type { PlatformHttp } from '../kit/page-fetch.ts';
import type { ResolvedPost } from '../platform.ts';
import { douyinErrors } from './douyin-errors.ts';
import { IPHONE_USER_AGENT, MEDIA_HEADERS, ownsDouyinHost } from './douyin-hosts.ts';
import { readItem, type ItemFacts } from './douyin-item.ts';
import { isPlayEndpoint, resolvePlayUrl } from './douyin-play.ts';
import { readPost } from './douyin-post.ts';
import { resolveLinkTarget } from './douyin-resolve-link.ts';

/**
 * Douyin with no cookie and no signature (docs/platforms/douyin.md §Resolution): short link →
 * `Location` → post id → slidesinfo item (the 2025 share page's `_ROUTER_DATA` item as the
 * fallback) → the best rendition without watermark → a play endpoint's 302 to the CDN.
 */
export const createDouyinExtractor = extractorFactory({
  platform: 'douyin',
  userAgent: IPHONE_USER_AGENT,
  ownsHost: ownsDouyinHost,
  resolve: resolveDouyin,
});

async function resolveDouyin(link: URL, http: PlatformHttp): Promise<ResolvedPost> {
  const target = await resolveLinkTarget(http, link);
  // A link that names an image post is refused before anything else is read: nothing of a
  // gallery is ever downloaded, not even its first image.
  if (target.kind === 'gallery') return galleryPost(target.id, null);
  const data = await readPost(http, target.id, target.url);
  if (data.kind === 'gallery') return galleryPost(target.id, null);
  const facts = readItem(data.item);
  const id = facts.id ?? target.id;
  if (facts.kind === 'gallery' || data.pageType === 'note') return galleryPost(id, facts);
  const [first, ...rest] = facts.playUrls;
  if (!first) throw douyinErrors.noPlayableFile();
  // A play endpoint is followed to its CDN file now; a CDN URL from the item is used as listed.
  const mirrors = isPlayEndpoint(first) ? await resolvePlayUrl(http, first) : [first];
  return {
    id,
    kind: 'video',
    title: facts.title,
    author: facts.author,
    // The play URL's CDN mirrors are its rendition, and carry its size.
    media: [...new Set([...mirrors, ...rest])].map((url) => ({
      url,
      headers: { ...MEDIA_HEADERS },
      ...(facts.playSizes[mirrors.includes(url) ? first : url] ?? {}),
    })),
    cover: facts.cover ? { url: facts.cover, headers: { ...MEDIA_HEADERS } } : null,
    duration: facts.duration,
    width: facts.width,
    height: facts.height,
  };
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
