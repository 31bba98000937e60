import {
  asArray,
  asPositive,
  asRecord,
  asString,
  urlList,
  type JsonRecord,
} from './douyin-json.ts';

/** What one share-page item says about the post, before the play URL is followed. */
export interface ItemFacts {
  id: string | null;
  kind: 'video' | 'gallery';
  title: string | null;
  author: string | null;
  /** Best cover first: a JPEG when the page offers one next to WebP. */
  cover: string | null;
  /** Seconds. */
  duration: number | null;
  width: number | null;
  height: number | null;
  /** No-watermark play-endpoint URLs, best first; empty for galleries. */
  playUrls: string[];
}

/** `aweme_type` of image posts: 2 and 68 (videos are 4 on the share page, 0 in the app API). */
const IMAGE_TYPES = new Set([2, 68]);
/** Play endpoint for a `play_addr.uri` when the page lists no URL (as downloaders build it). */
const PLAY_ENDPOINT = 'https://aweme.snssdk.com/aweme/v1/play/';

/** Maps a share-page item to what the extractor needs (docs/platforms/douyin.md §Resolution). */
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
    return { ...base, kind: 'gallery', duration: null, width: null, height: null, playUrls: [] };
  }
  const playAddr = asRecord(video?.play_addr);
  return {
    ...base,
    kind: 'video',
    // The page gives milliseconds (real capture: 352596 for a 352 s track).
    duration: msToSeconds(asPositive(video?.duration) ?? asPositive(item.duration)),
    width: dimension(video?.width) ?? dimension(playAddr?.width),
    height: dimension(video?.height) ?? dimension(playAddr?.height),
    playUrls: playUrls(video),
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

/**
 * No-watermark URLs: an H.264 rendition first when the data names one (app API field
 * `play_addr_h264`; H.265 plays in fewer places), then `play_addr`, each with `playwm` → `play`.
 * Without any URL, the endpoint is built from `play_addr.uri`.
 */
function playUrls(video: JsonRecord | null): string[] {
  const listed = [...urlList(video?.play_addr_h264), ...urlList(video?.play_addr)];
  const urls = listed.map(withoutWatermark).filter((u) => u !== null);
  const uri = asString(asRecord(video?.play_addr)?.uri);
  if (urls.length === 0 && uri && /^[\w-]+$/.test(uri)) {
    urls.push(`${PLAY_ENDPOINT}?video_id=${uri}&ratio=720p&line=0`);
  }
  return [...new Set(urls)];
}

/** `/aweme/v1/playwm/` serves the watermarked file; `/aweme/v1/play/` the clean one. */
export function withoutWatermark(raw: string): string | null {
  try {
    const url = new URL(raw);
    url.pathname = url.pathname.replace(/\/playwm(\/|$)/, '/play$1');
    return url.href;
  } catch {
    return null;
  }
}

function msToSeconds(ms: number | null): number | null {
  return ms === null ? null : Math.round(ms) / 1000;
}

function dimension(value: unknown): number | null {
  const n = asPositive(value);
  return n !== null && Number.isInteger(n) ? n : null;
}
