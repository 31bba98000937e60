import { describe, expect, it } from 'vitest';
import { PlatformError } from '../../../../../src-main/video/platforms/platform.ts';
import { itemToPost } from '../../../../../src-main/video/platforms/tiktok/tiktok-item.ts';
import { ItemStructSchema } from '../../../../../src-main/video/platforms/tiktok/tiktok-schema.ts';
import {
  sampleDetail,
  SAMPLE_POST,
  type SimItem,
} from '../../../../fixtures/platform-sim/tiktok/tiktok-sample.ts';

const CTX = {
  id: '1',
  headersFor: (url: string) => ({ referer: 'https://www.tiktok.com/', 'x-for': new URL(url).host }),
};

function sampleItem(edit?: (item: SimItem) => void): SimItem {
  const item = sampleDetail().itemInfo?.itemStruct;
  if (!item) throw new Error('sample has no item');
  edit?.(item);
  return item;
}

function post(edit?: (item: SimItem) => void) {
  return itemToPost(ItemStructSchema.parse(sampleItem(edit)), CTX);
}

function video(item: SimItem) {
  if (!item.video) throw new Error('no video');
  return item.video;
}

const sample = sampleItem();
const variants = video(sample).bitrateInfo ?? [];
const urlsOf = (gear: string) => variants.find((v) => v.GearName === gear)?.PlayAddr.UrlList ?? [];

describe('itemToPost on the real itemStruct', () => {
  it('takes title, author, duration in seconds and the size of playAddr', () => {
    expect(post()).toMatchObject({
      id: SAMPLE_POST.id,
      kind: 'video',
      title: SAMPLE_POST.title,
      author: 'Van',
      duration: 89,
      width: 576,
      height: 1024,
    });
  });

  it('picks the best H.264 variant (normal_540_0, both mirrors), never the H.265 or watermarked one', () => {
    const media = post().media.map((m) => m.url);
    expect(media).toEqual(urlsOf('normal_540_0'));
    expect(media[0]).toBe(video(sample).playAddr);
    expect(media.every((u) => u.includes('lr=unwatermarked'))).toBe(true);
    expect(media).not.toContain(video(sample).downloadAddr);
  });

  it('gives every source the headers the CDN wants for its host', () => {
    const p = post();
    expect(p.media.map((m) => m.headers?.['x-for'])).toEqual([
      'v16-webapp-prime.tiktok.com',
      'v19-webapp-prime.tiktok.com',
    ]);
    expect(p.cover?.headers?.referer).toBe('https://www.tiktok.com/');
  });

  it('uses the still cover (no type in its path) rather than the animated one', () => {
    expect(post().cover?.url).toBe(video(sample).cover);
  });
});

describe('itemToPost on variants', () => {
  it('prefers a JPEG cover when the first ones are WebP', () => {
    const p = post((item) => {
      const v = video(item);
      v.cover = 'https://p16-sign-useast2a.tiktokcdn.com/obj/a~tplv-x:300:400.webp?x=1';
      v.originCover = 'https://p16-sign-useast2a.tiktokcdn.com/obj/b~tplv-x:300:400.webp?x=1';
    });
    expect(p.cover?.url).toBe(video(sample).zoomCover?.['960']);
  });

  it('falls back to a WebP cover when nothing else is offered, and to no cover at all', () => {
    const webp = 'https://p16-sign-useast2a.tiktokcdn.com/obj/a.webp';
    const only = post((item) => {
      const v = video(item);
      v.cover = webp;
      delete v.originCover;
      delete v.zoomCover;
    });
    expect(only.cover?.url).toBe(webp);
    const none = post((item) => {
      const v = video(item);
      delete v.cover;
      delete v.originCover;
      delete v.zoomCover;
      v.dynamicCover = 'https://p16-sign-useast2a.tiktokcdn.com/obj/animated';
    });
    expect(none.cover).toBeNull();
  });

  it('takes the best H.265 variant when no H.264 is offered', () => {
    const p = post((item) => {
      const v = video(item);
      v.bitrateInfo = v.bitrateInfo?.filter((b) => b.CodecType.startsWith('h265'));
      v.codecType = 'h265_hvc1';
    });
    expect(p.media.map((m) => m.url)).toEqual(urlsOf('adapt_lowest_1080_1'));
    // 1080p is not what video.width/height describe: the probe of the file will say.
    expect(p).toMatchObject({ width: null, height: null, duration: 89 });
  });

  it('a higher-resolution H.264 variant beats playAddr, and the size is left to the probe', () => {
    const p = post((item) => {
      const v = video(item);
      const hd = structuredClone(v.bitrateInfo?.[0]);
      if (!hd) throw new Error('no variant');
      hd.GearName = 'normal_720_0';
      hd.PlayAddr.UrlKey = 'v0f0_h264_720p_2000000';
      hd.PlayAddr.UrlList = ['https://v16-webapp-prime.tiktok.com/video/hd/'];
      v.bitrateInfo?.push(hd);
    });
    expect(p.media.map((m) => m.url)).toEqual(['https://v16-webapp-prime.tiktok.com/video/hd/']);
    expect(p).toMatchObject({ width: null, height: null });
  });

  it('puts www.tiktok.com mirrors last and never offers a video-only /media-video-hvc1/ URL', () => {
    const p = post((item) => {
      const first = video(item).bitrateInfo?.[0];
      if (!first) throw new Error('no variant');
      first.PlayAddr.UrlList = [
        'https://www.tiktok.com/aweme/v1/play/?id=1',
        'https://v16-webapp-prime.tiktok.com/video/media-video-hvc1/x/',
        'https://v19-webapp-prime.tiktok.com/video/good/',
      ];
      video(item).playAddr = 'https://v19-webapp-prime.tiktok.com/video/good/';
    });
    expect(p.media.map((m) => m.url)).toEqual([
      'https://v19-webapp-prime.tiktok.com/video/good/',
      'https://www.tiktok.com/aweme/v1/play/?id=1',
    ]);
  });

  it('a best-ranked rendition served only as /media-video-hvc1/ gives way to one with sound', () => {
    const p = post((item) => {
      const v = video(item);
      const hd = structuredClone(v.bitrateInfo?.[0]);
      if (!hd) throw new Error('no variant');
      hd.GearName = 'normal_1080_0';
      hd.PlayAddr.UrlKey = 'v0f0_h264_1080p_3000000';
      hd.PlayAddr.UrlList = ['https://v16-webapp-prime.tiktok.com/video/media-video-hvc1/hd/'];
      v.bitrateInfo?.push(hd);
      v.playAddr = 'https://v16-webapp-prime.tiktok.com/video/media-video-hvc1/play/';
    });
    expect(p.media.length).toBeGreaterThan(0);
    for (const m of p.media) expect(m.url).not.toContain('/media-video-hvc1/');
  });

  it('refuses a post whose only files are video-only', () => {
    const err = (() => {
      try {
        post((item) => {
          const v = video(item);
          v.playAddr = 'https://v16-webapp-prime.tiktok.com/video/media-video-hvc1/a/';
          for (const b of v.bitrateInfo ?? []) {
            b.PlayAddr.UrlList = ['https://v16-webapp-prime.tiktok.com/video/media-video-hvc1/b/'];
          }
        });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(PlatformError);
  });

  it('works from playAddr alone, including the {src} list form', () => {
    const p = post((item) => {
      const v = video(item);
      delete v.bitrateInfo;
      v.playAddr = [{ src: 'https://v16-webapp-prime.tiktok.com/video/a/' }];
    });
    expect(p.media.map((m) => m.url)).toEqual(['https://v16-webapp-prime.tiktok.com/video/a/']);
    expect(p).toMatchObject({ width: 576, height: 1024 });
  });

  it('leaves missing optional fields null instead of inventing them', () => {
    const p = post((item) => {
      const v = video(item);
      delete v.duration;
      delete v.width;
      v.height = 0;
      item.desc = '   ';
      item.author = {};
    });
    expect(p).toMatchObject({
      title: null,
      author: null,
      duration: null,
      width: null,
      height: null,
    });
  });

  it('falls back to the unique id when the nickname is missing', () => {
    expect(post((item) => delete item.author.nickname).author).toBe('vantoan___');
  });

  it('a slideshow is a gallery with no media, never its first image', () => {
    const p = post((item) => {
      item.imagePost = {
        images: [{ imageURL: { urlList: ['https://p16-sign.tiktokcdn.com/img/1.jpeg'] } }],
      };
    });
    expect(p.kind).toBe('gallery');
    expect(p.media).toEqual([]);
    expect(JSON.stringify(p)).not.toContain('/img/1.jpeg');
  });

  it('a post with no watermark-free address fails as unavailable (never the watermarked one)', () => {
    let caught: unknown;
    try {
      post((item) => {
        const v = video(item);
        delete v.playAddr;
        delete v.bitrateInfo;
      });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(PlatformError);
    expect(caught).toMatchObject({ code: 'unavailable' });
  });

  it('skips entries that are not URLs or not variants', () => {
    const p = post((item) => {
      const v = video(item);
      (v as { bitrateInfo: unknown }).bitrateInfo = [
        null,
        'junk',
        { CodecType: 'h264', PlayAddr: { UrlList: ['javascript:alert(1)', 'not a url'] } },
        ...(v.bitrateInfo ?? []),
      ];
    });
    expect(p.media.map((m) => m.url)).toEqual(urlsOf('normal_540_0'));
  });
});
