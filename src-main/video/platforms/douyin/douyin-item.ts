import {
  asArray,
  asPositive,
  asRecord,
  asString,
  urlList,
  type JsonRecord,
} from './douyin-json.ts';
import { chooseVideo, type Size } from './douyin-quality.ts';

/** What one item (slidesinfo's or the share page's) says, before the play URL is followed. */
export interface ItemFacts {
  id: string | null;
  kind: 'video' | 'gallery';
  title: string | null;
  author: string | null;
  /** Best cover first: a JPEG when the page offers one next to WebP. */
  cover: string | null;
  /** Seconds. */
  duration: number | null;
  /** The chosen rendition's size when every URL serves it (douyin-quality.ts), else null. */
  width: number | null;
  height: number | null;
  /**
   * No-watermark URLs, best first (douyin-quality.ts): CDN files or play endpoints that redirect
   * to one; empty for galleries.
   */
  playUrls: string[];
  /** The size each play URL's rendition lists, where it lists one. */
  playSizes: Record<string, Size>;
}

/** `aweme_type` of image posts: 2 and 68 (videos are 4 on the share page, 0 in the app API). */
const IMAGE_TYPES = new Set([2, 68]);

/** Maps an item to what the extractor needs (docs/platforms/douyin.md §Resolution). */
export function readItem(item: JsonRecord): ItemFacts {
  const video = asRecord(item.video);
  const base = {
    id: asString(item.aweme_id),
    title: asString(item.desc),
    author: asString(asRecord(item.author)?.nickname),
    cover: pickCover([...urlList(video?.cover), ...urlList(video?.origin_cover)]),
  };
  if (isImagePost(item)) {
    // An image post's play_addr is its background music: never a video to download.
    return {
      ...base,
      kind: 'gallery',
      duration: null,
      width: null,
      height: null,
      playUrls: [],
      playSizes: {},
    };
  }
  const choice = chooseVideo(video);
  return {
    ...base,
    kind: 'video',
    // The page gives milliseconds (real capture: 352596 for a 352 s track).
    duration: msToSeconds(asPositive(video?.duration) ?? asPositive(item.duration)),
    width: choice.width,
    height: choice.height,
    playUrls: choice.urls,
    playSizes: choice.sizes,
  };
}

function isImagePost(item: JsonRecord): boolean {
  return (
    asArray(item.images).length > 0 ||
    (typeof item.aweme_type === 'number' && IMAGE_TYPES.has(item.aweme_type))
  );
}

/** The first non-WebP cover, else the first cover: the page lists WebP first, JPEG last. */
function pickCover(urls: string[]): string | null {
  return urls.find((u) => !isWebp(u)) ?? urls[0] ?? null;
}

function isWebp(url: string): boolean {
  try {
    return new URL(url).pathname.toLowerCase().endsWith('.webp');
  } catch {
    return true;
  }
}

function msToSeconds(ms: number | null): number | null {
  return ms === null ? null : Math.round(ms) / 1000;
}
