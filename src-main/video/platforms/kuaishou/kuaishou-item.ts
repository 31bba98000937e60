import type { MediaSource, ResolvedPost } from '../platform.ts';
import { noVideoFileError, streamOnlyError } from './kuaishou-errors.ts';

/** A cover URL and whether the page listed it among its WebP covers. */
export interface CoverCandidate {
  url: string;
  fromWebpList: boolean;
}

/** What either page route reads about one post, before it becomes a ResolvedPost. */
export interface KuaishouItem {
  /** The id the page states, when it states one. */
  id: string | null;
  title: string | null;
  author: string | null;
  /** Single-file video URLs, best first: equivalent mirrors, then H.265 fallbacks. */
  videoUrls: string[];
  /** The page offers a segmented manifest (HLS/DASH). */
  hasManifest: boolean;
  covers: CoverCandidate[];
  durationMs: number | null;
  width: number | null;
  height: number | null;
  /** Atlas (image carousel) or single-picture post. */
  gallery: boolean;
}

const STREAM_PATH = /\.(?:m3u8|mpd)$/i;
const WEBP_PATH = /\.webp$/i;
const JPEG_PATH = /\.jpe?g$/i;

/**
 * Turns a page's reading into the post the runner downloads. Galleries come back as galleries
 * with no media at all, so nothing can ever fetch their first image as if it were the post.
 * Throws when the post has no single file to download.
 */
export function toResolvedPost(
  item: KuaishouItem,
  id: string,
  headers: Record<string, string>,
): ResolvedPost {
  const base = {
    id,
    title: item.title,
    author: item.author,
    duration: item.durationMs === null ? null : item.durationMs / 1000,
    width: item.width,
    height: item.height,
  };
  if (item.gallery) return { ...base, kind: 'gallery', media: [], cover: null };
  const urls = [...new Set(item.videoUrls.filter(isHttpUrl))];
  const files = urls.filter((url) => !STREAM_PATH.test(pathOf(url)));
  if (files.length === 0) {
    throw item.hasManifest || urls.length > 0 ? streamOnlyError() : noVideoFileError();
  }
  const cover = pickCover(item.covers);
  return {
    ...base,
    kind: 'video',
    media: files.map((url): MediaSource => ({ url, headers })),
    cover: cover ? { url: cover, headers } : null,
  };
}

/**
 * The first JPEG cover, else the first of any kind: JPEG is what every viewer and file manager
 * shows. A URL counts as WebP by its extension, or by its list when the extension says nothing.
 */
export function pickCover(covers: CoverCandidate[]): string | null {
  const usable = covers.filter((c) => isHttpUrl(c.url));
  const isWebp = (c: CoverCandidate): boolean => {
    const path = pathOf(c.url);
    return WEBP_PATH.test(path) || (c.fromWebpList && !JPEG_PATH.test(path));
  };
  return (usable.find((c) => !isWebp(c)) ?? usable[0])?.url ?? null;
}

function isHttpUrl(url: string): boolean {
  return /^https?:\/\//i.test(url) && URL.canParse(url);
}

function pathOf(url: string): string {
  return URL.canParse(url) ? new URL(url).pathname : url;
}
