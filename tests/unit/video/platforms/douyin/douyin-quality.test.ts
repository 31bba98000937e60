import { describe, expect, it } from 'vitest';
import {
  chooseVideo,
  withoutWatermark,
} from '../../../../../src-main/video/platforms/douyin/douyin-quality.ts';

type Json = Record<string, unknown>;

const URI = 'v0d00fg10000cpqka5fog65vjudclcsg';

/**
 * One `video.bit_rate[]` entry in the shape of a public 2024 web-API `aweme_detail` sample (its
 * gear names, url_key, flags and sizes): an http and an https CDN mirror and a play endpoint.
 */
function rate(
  gear: string,
  codec: 'h264' | 'bytevc1',
  width: number,
  height: number,
  bitRate: number,
  extra: Json = {},
): Json {
  const h265 = codec === 'bytevc1' ? 1 : 0;
  const short = Math.min(width, height);
  return {
    gear_name: gear,
    quality_type: 1,
    bit_rate: bitRate,
    play_addr: {
      uri: URI,
      url_list: [
        `http://v95-web-sz.douyinvod.com/${gear}/video/?mime_type=video_mp4`,
        `https://v3-web.douyinvod.com/${gear}/video/?mime_type=video_mp4`,
        `https://www.douyin.com/aweme/v1/play/?video_id=${URI}&line=0&file_id=${gear}`,
      ],
      width,
      height,
      url_key: `${URI}_${codec}_${short}p_${bitRate}`,
      data_size: Math.round(bitRate * 1.2),
    },
    is_h265: h265,
    is_bytevc1: h265,
    FPS: 30,
    format: 'mp4',
    ...extra,
  };
}

/** The sample's ladder, in the sample's order (highest bitrate first, H.265 low in the list). */
const LADDER = [
  rate('normal_1080_0', 'h264', 1080, 1920, 4_069_698),
  rate('low_720_0', 'h264', 720, 1280, 2_838_889),
  rate('normal_720_0', 'h264', 720, 1280, 2_666_279),
  rate('normal_540_0', 'h264', 576, 1024, 2_434_713),
  rate('adapt_lowest_1080_1', 'bytevc1', 1080, 1920, 1_734_491),
];

const PLAY_ADDR = {
  uri: URI,
  url_list: [`https://aweme.snssdk.com/aweme/v1/playwm/?video_id=${URI}&ratio=720p&line=0`],
};

function gearOf(url: string | undefined): string | undefined {
  return url ? /douyinvod\.com\/([^/]+)\//.exec(url)?.[1] : undefined;
}

describe('chooseVideo: the best rendition the item lists', () => {
  it('takes 1080p H.264 from the ladder, https mirrors first, then the next renditions', () => {
    const choice = chooseVideo({
      bit_rate: LADDER,
      play_addr: PLAY_ADDR,
      width: 1080,
      height: 1920,
    });
    expect(choice.urls[0]).toBe(
      'https://v3-web.douyinvod.com/normal_1080_0/video/?mime_type=video_mp4',
    );
    expect(choice.urls[1]).toContain('file_id=normal_1080_0');
    expect(choice.urls[2]).toBe(
      'http://v95-web-sz.douyinvod.com/normal_1080_0/video/?mime_type=video_mp4',
    );
    expect(gearOf(choice.urls[3])).toBe('low_720_0');
    expect(choice.urls).toHaveLength(6);
    // 1080p and 720p URLs in one list: the size is left to the probe of what was downloaded.
    expect(choice).toMatchObject({ width: null, height: null });
    expect(choice.urls.join(' ')).not.toMatch(/bytevc1|adapt_lowest|playwm/);
  });

  it('prefers H.264 even when only H.265 reaches 1080p', () => {
    const ladder = [
      rate('adapt_lowest_1080_1', 'bytevc1', 1080, 1920, 1_734_491),
      rate('normal_720_0', 'h264', 720, 1280, 2_666_279),
    ];
    expect(gearOf(chooseVideo({ bit_rate: ladder }).urls[0])).toBe('normal_720_0');
  });

  it('takes H.265 when nothing else is listed, and knows its size when it is the only file', () => {
    const only = [rate('adapt_lowest_1080_1', 'bytevc1', 1080, 1920, 1_734_491)];
    const choice = chooseVideo({ bit_rate: only });
    expect(gearOf(choice.urls[0])).toBe('adapt_lowest_1080_1');
    expect(choice).toMatchObject({ width: 1080, height: 1920 });
  });

  it('tells H.265 by url_key or gear when the flags are missing', () => {
    const unflagged = rate('adapt_1080_1', 'bytevc1', 1080, 1920, 9_000_000, {
      is_h265: undefined,
      is_bytevc1: undefined,
    });
    const h264 = rate('normal_720_0', 'h264', 720, 1280, 2_666_279);
    expect(gearOf(chooseVideo({ bit_rate: [unflagged, h264] }).urls[0])).toBe('normal_720_0');
  });

  it('keeps to 1080p when 2160p is also listed, and takes 2160p when it is all there is', () => {
    const uhd = rate('normal_2160_0', 'h264', 2160, 3840, 16_000_000);
    const fhd = rate('normal_1080_0', 'h264', 1080, 1920, 4_069_698);
    expect(gearOf(chooseVideo({ bit_rate: [uhd, fhd] }).urls[0])).toBe('normal_1080_0');
    expect(gearOf(chooseVideo({ bit_rate: [uhd] }).urls[0])).toBe('normal_2160_0');
  });

  it('puts a rendition listed over the 256 MiB limit last', () => {
    const huge = rate('normal_1080_0', 'h264', 1080, 1920, 4_069_698);
    (huge.play_addr as Json).data_size = 300 * 1024 * 1024;
    const small = rate('normal_720_0', 'h264', 720, 1280, 2_666_279);
    expect(gearOf(chooseVideo({ bit_rate: [huge, small] }).urls[0])).toBe('normal_720_0');
  });

  it('ranks by frame rate, then bitrate, at the same size and codec', () => {
    const slow = rate('low_1080_0', 'h264', 1080, 1920, 5_000_000, { FPS: 25 });
    const fast = rate('normal_1080_0', 'h264', 1080, 1920, 3_000_000, { FPS: 60 });
    const rich = rate('high_1080_0', 'h264', 1080, 1920, 6_000_000, { FPS: 60 });
    expect(gearOf(chooseVideo({ bit_rate: [slow, fast, rich] }).urls[0])).toBe('high_1080_0');
  });

  it('reads the size from url_key or gear_name when play_addr has none', () => {
    const sizeless = rate('normal_1080_0', 'h264', 1080, 1920, 4_069_698);
    delete (sizeless.play_addr as Json).width;
    delete (sizeless.play_addr as Json).height;
    const hd = rate('normal_720_0', 'h264', 720, 1280, 9_000_000);
    expect(gearOf(chooseVideo({ bit_rate: [hd, sizeless] }).urls[0])).toBe('normal_1080_0');
  });

  it('never serves a watermarked address: playwm becomes play, watermark=1 URLs are dropped', () => {
    const marked = rate('normal_1080_0', 'h264', 1080, 1920, 4_069_698);
    (marked.play_addr as Json).url_list = [
      'https://v3-web.douyinvod.com/normal_1080_0/video/?watermark=1&logo_name=aweme',
    ];
    const choice = chooseVideo({
      bit_rate: [marked],
      play_addr: PLAY_ADDR,
      download_addr: { url_list: ['https://aweme.snssdk.com/download/?watermark=1'] },
      width: 1920,
      height: 1080,
    });
    expect(choice.urls).toEqual([
      `https://aweme.snssdk.com/aweme/v1/play/?video_id=${URI}&ratio=720p&line=0`,
    ]);
    expect(choice).toMatchObject({ width: 1920, height: 1080 });
  });

  it('falls back to play_addr_h264 before an H.265 play_addr, with the item size', () => {
    const choice = chooseVideo({
      is_h265: 1,
      play_addr: { url_list: ['https://aweme.snssdk.com/aweme/v1/play/?video_id=hevc'] },
      play_addr_h264: { url_list: ['https://aweme.snssdk.com/aweme/v1/play/?video_id=avc'] },
      width: 720,
      height: 1280,
    });
    expect(choice.urls.map((u) => new URL(u).searchParams.get('video_id'))).toEqual([
      'avc',
      'hevc',
    ]);
    expect(choice).toMatchObject({ width: 720, height: 1280 });
  });

  it('builds the play URL from play_addr.uri only when nothing is listed, and skips odd entries', () => {
    expect(chooseVideo({ play_addr: { uri: URI, url_list: [] } }).urls).toEqual([
      `https://aweme.snssdk.com/aweme/v1/play/?video_id=${URI}&ratio=720p&line=0`,
    ]);
    expect(chooseVideo({ play_addr: { uri: '../x', url_list: [] } }).urls).toEqual([]);
    expect(
      chooseVideo({ bit_rate: [null, 3, { play_addr: { url_list: ['ftp://x'] } }] }).urls,
    ).toEqual([]);
    expect(chooseVideo(null)).toEqual({ urls: [], width: null, height: null, sizes: {} });
  });
});

describe('withoutWatermark', () => {
  it('maps playwm to play and leaves other URLs alone', () => {
    expect(withoutWatermark('https://aweme.snssdk.com/aweme/v1/playwm/?video_id=playwm1')).toBe(
      'https://aweme.snssdk.com/aweme/v1/play/?video_id=playwm1',
    );
    expect(withoutWatermark('not a url')).toBeNull();
  });
});
