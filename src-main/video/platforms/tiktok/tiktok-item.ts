import type { MediaSource, ResolvedPost } from '../platform.ts';
import { TIKTOK_ERRORS } from './tiktok-errors.ts';
import type { TiktokItem, TiktokVideo } from './tiktok-schema.ts';

export interface PostContext {
  /** The id the link named; used when the item lacks its own. */
  id: string;
  /** Headers a media request to `url` needs: the page's cookies and Referer (else a 403). */
  headersFor(url: string): Record<string, string>;
}

/** One encoding of the video, with its equivalent mirror URLs. */
interface Rendition {
  /** 3 H.264, 2 unknown, 1 H.265, 0 anything else (bytevc2 does not play). */
  codecRank: number;
  /** The resolution label, 540 for "540p"; null when unknown. */
  label: number | null;
  bitrate: number;
  urls: string[];
  /** The page's own `playAddr`, which `video.width/height` describe. */
  isPlayAddr: boolean;
}

/**
 * Maps an `itemStruct` (docs/platforms/tiktok.md §Resolution, step 5) to what the runner needs.
 * Slideshows come back as a gallery with no media at all, so no caller can mistake their first
 * image for the post.
 */
export function itemToPost(item: TiktokItem, ctx: PostContext): ResolvedPost {
  const video = item.video;
  const common = {
    id: item.id ?? ctx.id,
    title: text(item.desc),
    author: text(item.author?.nickname) ?? text(item.author?.uniqueId),
    cover: coverSource(video, ctx),
  };
  if ((item.imagePost?.images?.length ?? 0) > 0) {
    return { ...common, kind: 'gallery', media: [], duration: null, width: null, height: null };
  }
  const best = video ? bestRendition(video) : null;
  if (!video || !best) throw TIKTOK_ERRORS.noVideoFile();
  // video.width/height describe playAddr; another resolution is left to the probe of the file.
  const pageLabel = resolutionLabel(video.ratio) ?? resolutionLabel(video.definition);
  const sizeKnown = best.rendition.isPlayAddr || (best.rendition.label ?? -1) === pageLabel;
  return {
    ...common,
    kind: 'video',
    media: best.urls.map((url) => ({ url, headers: ctx.headersFor(url) })),
    duration: video.duration ?? null,
    width: sizeKnown ? (video.width ?? null) : null,
    height: sizeKnown ? (video.height ?? null) : null,
  };
}

/**
 * The best H.264 rendition when there is one, else the best of the rest: higher resolution
 * first, then higher bitrate. Its mirrors come first, followed by those of any rendition with
 * the same codec, resolution and bitrate (playAddr usually repeats one of the variants).
 */
function bestRendition(video: TiktokVideo): { rendition: Rendition; urls: string[] } | null {
  const renditions = [playAddrRendition(video), ...variantRenditions(video)].filter(
    (r): r is Rendition => r !== null && r.urls.length > 0,
  );
  renditions.sort(
    (a, b) => b.codecRank - a.codecRank || (b.label ?? 0) - (a.label ?? 0) || b.bitrate - a.bitrate,
  );
  const best = renditions[0];
  if (!best) return null;
  const same = renditions.filter(
    (r) => r.codecRank === best.codecRank && r.label === best.label && r.bitrate === best.bitrate,
  );
  const urls = [...new Set([best, ...same].flatMap((r) => r.urls))];
  // yt-dlp found www.tiktok.com-hosted URLs unreliable (often 404): tried last.
  const doubtful = (url: string) => new URL(url).hostname === 'www.tiktok.com';
  return { rendition: best, urls: [...urls.filter((u) => !doubtful(u)), ...urls.filter(doubtful)] };
}

/**
 * A `/media-video-hvc1/` URL serves the H.265 picture alone, without its sound (the DASH split
 * TikTok has used for H.265 since 2026, docs/platforms/tiktok.md "Media"). Ephemera keeps one
 * file with sound, so such a URL is never a mirror; a rendition left without URLs drops out.
 */
export function isVideoOnlyUrl(url: string): boolean {
  return new URL(url).pathname.includes('/media-video-hvc1/');
}

function playableUrls(urls: readonly string[]): string[] {
  return urls.filter((url) => isHttpUrl(url) && !isVideoOnlyUrl(url));
}

function playAddrRendition(video: TiktokVideo): Rendition | null {
  const raw = video.playAddr;
  const urls = typeof raw === 'string' ? [raw] : (raw ?? []).map((entry) => entry.src ?? '');
  return {
    codecRank: codecRank(video.codecType),
    label: resolutionLabel(video.ratio) ?? resolutionLabel(video.definition),
    bitrate: video.bitrate ?? 0,
    urls: playableUrls(urls),
    isPlayAddr: true,
  };
}

function variantRenditions(video: TiktokVideo): Rendition[] {
  return (video.bitrateInfo ?? []).flatMap((v) =>
    v
      ? [
          {
            codecRank: codecRank(
              v.CodecType ?? /_([a-z0-9]+)_\d{3,4}p_\d+$/i.exec(v.PlayAddr?.UrlKey ?? '')?.[1],
            ),
            label:
              resolutionLabel(/_(\d{3,4}p)_/.exec(v.PlayAddr?.UrlKey ?? '')?.[1]) ??
              resolutionLabel(/_(\d{3,4})_/.exec(v.GearName ?? '')?.[1]),
            bitrate: v.Bitrate ?? 0,
            urls: playableUrls(v.PlayAddr?.UrlList ?? []),
            isPlayAddr: false,
          },
        ]
      : [],
  );
}

function codecRank(codec: string | undefined): number {
  const c = (codec ?? '').toLowerCase();
  if (c === '') return 2;
  if (/h264|avc/.test(c)) return 3;
  if (/bytevc2|h266|vvc/.test(c)) return 0;
  if (/h265|hevc|hvc1|bytevc1/.test(c)) return 1;
  return 0;
}

/** "540p" or "540" → 540. */
function resolutionLabel(value: string | undefined): number | null {
  const m = /^(\d{3,4})p?$/.exec(value ?? '');
  return m ? Number(m[1]) : null;
}

/**
 * The still cover, JPEG preferred: `cover`, then `originCover`, then the zoom covers from the
 * largest. A URL whose path ends in a non-JPEG image type (webp, avif, heic…) is only a last
 * resort; one without a type (the sample's `cover`) is taken as it comes. `dynamicCover` is
 * animated and never used.
 */
function coverSource(video: TiktokVideo | undefined, ctx: PostContext): MediaSource | null {
  const zoom = Object.entries(video?.zoomCover ?? {})
    .sort(([a], [b]) => Number(b) - Number(a))
    .map(([, url]) => url);
  const candidates = [video?.cover, video?.originCover, ...zoom].filter(
    (url): url is string => url !== undefined && isHttpUrl(url),
  );
  const notJpeg = (url: string) => {
    const ext = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
    return ext !== undefined && /^(webp|avif|heic|heif|gif|png|awebp)$/.test(ext);
  };
  const url = candidates.find((u) => !notJpeg(u)) ?? candidates[0];
  return url === undefined ? null : { url, headers: ctx.headersFor(url) };
}

function text(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
