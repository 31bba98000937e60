import { SHARE_PAGE_ORIGIN, isDouyinLinkHost, isXiguaHost } from './douyin-hosts.ts';

/** What a Douyin URL says by itself, before anything is fetched. */
export type DouyinLinkTarget =
  /** A video post with its id (`aweme_id`). */
  | { kind: 'video'; id: string }
  /** An image post (note/slides): never downloaded, not even its first image. */
  | { kind: 'gallery'; id: string }
  /** No id in the URL: a short link to follow, or a page that is not a post. */
  | { kind: 'no-id' }
  /** Old short links can lead to Xigua Video, a different product. */
  | { kind: 'xigua' }
  /** Any host outside Douyin's link space. */
  | { kind: 'foreign' };

/**
 * Item ids are 19-digit decimals today; a little slack either way keeps older and future ids
 * working without matching short codes, which contain letters.
 */
const ID = String.raw`(\d{15,20})`;

/**
 * Post paths, all hosts alike: `/video/<id>` (desktop), `/share/video/<id>` (iesdouyin and
 * m.douyin.com), `/m/video/<id>` (jingxuan), and the same with `note`/`slides` for image posts.
 */
const POST_PATH = new RegExp(String.raw`^/(?:share/|m/)?(video|note|slides)/${ID}(?:/|$)`, 'i');
/** Desktop modal links carry the id in the query (`?modal_id=` on any page, or `?vid=`). */
const ID_PARAMS = ['modal_id', 'vid'];

/** Reads the post id and kind from any Douyin link form (docs/platforms/douyin.md §Resolution). */
export function readDouyinLink(url: URL): DouyinLinkTarget {
  if (isXiguaHost(url.hostname)) return { kind: 'xigua' };
  if (!isDouyinLinkHost(url.hostname)) return { kind: 'foreign' };
  const path = POST_PATH.exec(url.pathname);
  if (path) {
    const [, type, id] = path as unknown as [string, string, string];
    return type.toLowerCase() === 'video' ? { kind: 'video', id } : { kind: 'gallery', id };
  }
  for (const name of ID_PARAMS) {
    const value = url.searchParams.get(name);
    if (value !== null && new RegExp(`^${ID}$`).test(value)) return { kind: 'video', id: value };
  }
  return { kind: 'no-id' };
}

/**
 * The share page to read for a video. A share-page URL Douyin itself redirected to is kept as
 * is (its query is what a phone would send); any other form gets the bare page.
 */
export function sharePageUrl(id: string, from: URL): string {
  const isSharePage =
    from.origin === SHARE_PAGE_ORIGIN && from.pathname.startsWith(`/share/video/${id}`);
  return isSharePage ? from.href : `${SHARE_PAGE_ORIGIN}/share/video/${id}/`;
}
