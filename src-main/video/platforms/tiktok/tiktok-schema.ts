import { z } from 'zod';

/**
 * The parts of TikTok's universal data the extractor reads (the real `itemStruct` of the sample;
 * docs/platforms/tiktok.md §Resolution, step 5). Pages are untrusted: every field is optional and a
 * field of the wrong type reads as missing rather than failing the whole item.
 */
const opt = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const positive = z.number().positive();

export const BitrateVariantSchema = z.object({
  Bitrate: opt(z.number()),
  /** `h264`, `h265_hvc1`, … (sample). */
  CodecType: opt(z.string()),
  /** e.g. `normal_540_0`, `adapt_lowest_1080_1` (sample). */
  GearName: opt(z.string()),
  PlayAddr: opt(
    z.object({
      UrlList: opt(z.array(z.string())),
      /** `<uri>_<codec>_<res>p_<bitrate>` (sample; yt-dlp reads the resolution from it). */
      UrlKey: opt(z.string()),
    }),
  ),
});
export type BitrateVariant = z.infer<typeof BitrateVariantSchema>;

const VideoSchema = z.object({
  /** A URL string, or on some pages a list of `{src}`. */
  playAddr: opt(z.union([z.string(), z.array(z.object({ src: opt(z.string()) }))])),
  bitrateInfo: opt(z.array(BitrateVariantSchema.nullable().catch(null))),
  /** Codec and resolution label of `playAddr` (sample: `h264`, `540p`). */
  codecType: opt(z.string()),
  ratio: opt(z.string()),
  definition: opt(z.string()),
  bitrate: opt(z.number()),
  /** Seconds; 0 on slideshows. */
  duration: opt(positive),
  width: opt(positive),
  height: opt(positive),
  cover: opt(z.string()),
  originCover: opt(z.string()),
  zoomCover: opt(z.record(z.string(), z.string())),
});
export type TiktokVideo = z.infer<typeof VideoSchema>;

export const ItemStructSchema = z.object({
  id: opt(z.string()),
  desc: opt(z.string()),
  author: opt(z.object({ nickname: opt(z.string()), uniqueId: opt(z.string()) })),
  video: opt(VideoSchema),
  imagePost: opt(z.object({ images: opt(z.array(z.unknown())) })),
  /** Age gate: set, with no `video`, when the post needs a signed-in adult. */
  isContentClassified: opt(z.boolean()),
});
export type TiktokItem = z.infer<typeof ItemStructSchema>;

/**
 * `__DEFAULT_SCOPE__["webapp.video-detail"]` of the page's universal data, or the same object
 * under `webapp.reflow.video.detail`.
 */
export const VideoDetailSchema = z.object({
  statusCode: opt(z.number()),
  statusMsg: opt(z.string()),
  itemInfo: opt(z.object({ itemStruct: opt(z.unknown()) })),
});
export type VideoDetail = z.infer<typeof VideoDetailSchema>;

export const UniversalDataSchema = z.object({
  __DEFAULT_SCOPE__: opt(
    z.object({
      'webapp.video-detail': opt(VideoDetailSchema),
      'webapp.reflow.video.detail': opt(VideoDetailSchema),
    }),
  ),
});
