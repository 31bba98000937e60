import { VIDEO_LIMITS } from '../../../../src-shared/video/limits.ts';
import {
  asArray,
  asPositive,
  asRecord,
  asString,
  urlList,
  type JsonRecord,
} from './douyin-json.ts';

/** One file the item lists: a `video.bit_rate[]` entry, `play_addr_h264` or `play_addr`. */
export interface Rendition {
  /** Mirrors of this one file, https first, without watermark. */
  urls: string[];
  width: number | null;
  height: number | null;
  h265: boolean;
  /** Bits per second, as listed. */
  bitRate: number | null;
  fps: number | null;
  /** Bytes, as listed (`play_addr.data_size`). */
  dataSize: number | null;
}

/** A picture size the item lists for one file. */
export interface Size {
  width: number;
  height: number;
}

/** What the downloader gets: every URL best first, and the size when all of them are one file. */
export interface VideoChoice {
  urls: string[];
  width: number | null;
  height: number | null;
  /** Each URL's own size, where its rendition lists one: the task reports the file it got. */
  sizes: Record<string, Size>;
}

/**
 * The quality Ephemera aims for: the short side of a 1080p video. Larger renditions (2K, 4K)
 * are taken only when nothing up to 1080p is listed: they multiply the size for a phone screen
 * and cross the download limit sooner (docs/platforms/douyin.md §Resolution, step 5).
 */
const TARGET_SHORT_SIDE = 1080;
/** Enough mirrors for the downloader to get past a bad edge, few enough to fail in time. */
const MAX_URLS = 6;
/** `url_key` is `<uri>_<codec>_<height>p_<bitrate>` (e.g. `…_bytevc1_1080p_1734491`). */
const URL_KEY = /_(h264|h265|bytevc1|bytevc2)_(\d{3,4})p_/i;

/**
 * Picks the best file the item lists (docs/platforms/douyin.md §Resolution, step 5): among
 * `bit_rate[]` variants, H.264 before H.265 (H.265 plays in fewer places), then up to 1080p
 * before larger,
 * then the larger picture, frame rate, bitrate and file size; a variant the item says is over
 * the download limit goes last. `play_addr_h264` and `play_addr` follow as fallbacks (H.264
 * first again), so a download still has somewhere to go when the chosen CDN URL fails.
 * Watermarked addresses (`download_addr`) are never read, and `playwm` becomes `play`.
 */
export function chooseVideo(video: JsonRecord | null): VideoChoice {
  // The item's own size describes play_addr, which the share page lists without one.
  const withItemSize = (r: Rendition): Rendition => ({
    ...r,
    width: r.width ?? dimension(video?.width),
    height: r.height ?? dimension(video?.height),
  });
  const fallbacks = [
    address(video?.play_addr_h264, false),
    address(video?.play_addr, isH265(video)) ?? builtFromUri(video),
  ]
    .filter((r) => r !== null)
    .map(withItemSize);
  // The fallbacks follow every variant: their size is the item's, not a measured rendition's.
  const ranked = [
    ...bitRateRenditions(video).sort(compareRenditions),
    ...fallbacks.sort(compareRenditions),
  ];
  const urls = unique(ranked.flatMap((r) => r.urls)).slice(0, MAX_URLS);
  const used = ranked.filter((r) => r.urls.some((u) => urls.includes(u)));
  // The size is known when every URL serves a picture of that size; a mix is left to the probe.
  const distinct = new Set(used.map((r) => `${r.width}x${r.height}`));
  const [first] = used;
  const known = first && distinct.size === 1 && first.width !== null && first.height !== null;
  const sizes: Record<string, Size> = {};
  for (const url of urls) {
    const from = used.find((r) => r.urls.includes(url));
    if (from?.width && from.height) sizes[url] = { width: from.width, height: from.height };
  }
  return {
    urls,
    width: known ? first.width : null,
    height: known ? first.height : null,
    sizes,
  };
}

function bitRateRenditions(video: JsonRecord | null): Rendition[] {
  return asArray(video?.bit_rate)
    .map(asRecord)
    .filter((entry) => entry !== null)
    .map((entry) => {
      const addr = address(entry.play_addr, isH265(entry));
      if (!addr) return null;
      return {
        ...addr,
        bitRate: asPositive(entry.bit_rate),
        fps: asPositive(entry.FPS) ?? asPositive(entry.fps),
        height: addr.height ?? heightFromGear(asString(entry.gear_name)),
      };
    })
    .filter((r) => r !== null);
}

/** A `{uri, url_list, width, height, data_size, url_key}` address as a rendition, or null. */
function address(value: unknown, h265: boolean): Rendition | null {
  const addr = asRecord(value);
  const urls = urlList(addr)
    .filter((u) => !isWatermarked(u))
    .map(withoutWatermark)
    .filter((u) => u !== null);
  if (urls.length === 0) return null;
  const key = URL_KEY.exec(asString(addr?.url_key) ?? '');
  const keyCodec = key?.[1]?.toLowerCase();
  return {
    // Some lists mix http and https mirrors of one file; https goes first.
    urls: unique([...urls.filter(isHttps), ...urls.filter((u) => !isHttps(u))]),
    width: dimension(addr?.width),
    height: dimension(addr?.height) ?? (key ? Number(key[2]) : null),
    h265: h265 || (keyCodec !== undefined && keyCodec !== 'h264'),
    bitRate: null,
    fps: null,
    dataSize: asPositive(addr?.data_size),
  };
}

/** Play endpoint for a `play_addr.uri` when the item lists no URL (as downloaders build it). */
const PLAY_ENDPOINT = 'https://aweme.snssdk.com/aweme/v1/play/';

function builtFromUri(video: JsonRecord | null): Rendition | null {
  const uri = asString(asRecord(video?.play_addr)?.uri);
  if (!uri || !/^[\w-]+$/.test(uri)) return null;
  const url = `${PLAY_ENDPOINT}?video_id=${uri}&ratio=720p&line=0`;
  return {
    urls: [url],
    width: null,
    height: null,
    h265: false,
    bitRate: null,
    fps: null,
    dataSize: null,
  };
}

/** `is_h265` / `is_bytevc1` (ByteDance's name for its H.265), as 1 or true. */
function isH265(entry: JsonRecord | null): boolean {
  const flag = (v: unknown): boolean => v === 1 || v === true;
  return flag(entry?.is_h265) || flag(entry?.is_bytevc1);
}

/** Best first: see chooseVideo. */
export function compareRenditions(a: Rendition, b: Rendition): number {
  return (
    Number(a.h265) - Number(b.h265) ||
    Number(overLimit(a)) - Number(overLimit(b)) ||
    Number(aboveTarget(a)) - Number(aboveTarget(b)) ||
    (shortSide(b) ?? 0) - (shortSide(a) ?? 0) ||
    (b.fps ?? 0) - (a.fps ?? 0) ||
    (b.bitRate ?? 0) - (a.bitRate ?? 0) ||
    (b.dataSize ?? 0) - (a.dataSize ?? 0)
  );
}

function shortSide(r: Rendition): number | null {
  if (r.width !== null && r.height !== null) return Math.min(r.width, r.height);
  return r.height ?? r.width;
}

function aboveTarget(r: Rendition): boolean {
  return (shortSide(r) ?? 0) > TARGET_SHORT_SIDE;
}

function overLimit(r: Rendition): boolean {
  return r.dataSize !== null && r.dataSize > VIDEO_LIMITS.maxFileBytes;
}

/** `normal_1080_0`, `adapt_lowest_720_1`: the number is the rendition's short side. */
function heightFromGear(gear: string | null): number | null {
  const n = /_(\d{3,4})(?:_\d+)?$/.exec(gear ?? '')?.[1];
  return n ? Number(n) : null;
}

/** The app's download address carries `watermark=1`; such a URL is never a clean file. */
function isWatermarked(url: string): boolean {
  return /[?&]watermark=1(?:&|$)/.test(url);
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

function isHttps(url: string): boolean {
  return url.startsWith('https:');
}

function dimension(value: unknown): number | null {
  const n = asPositive(value);
  return n !== null && Number.isInteger(n) ? n : null;
}

function unique(urls: string[]): string[] {
  return [...new Set(urls)];
}
