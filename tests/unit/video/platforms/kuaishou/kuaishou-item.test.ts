import { describe, expect, it } from 'vitest';
import { PlatformError } from '../../../../../src-main/video/platforms/platform.ts';
import {
  pickCover,
  toResolvedPost,
  type KuaishouItem,
} from '../../../../../src-main/video/platforms/kuaishou/kuaishou-item.ts';

const HEADERS = { referer: 'https://v.m.chenzhongtech.com/' };
const ITEM: KuaishouItem = {
  id: '3xabc',
  title: 'caption',
  author: 'someone',
  videoUrls: [
    'https://txmov2.a.kwimgs.com/a.mp4?x=1',
    'https://tymov2.a.kwimgs.com/a.mp4?x=1',
    'https://txmov2.a.kwimgs.com/a.mp4?x=1',
  ],
  hasManifest: false,
  covers: [{ url: 'https://p2.a.yximgs.com/c.jpg', fromWebpList: false }],
  durationMs: 15_300,
  width: 720,
  height: 1280,
  gallery: false,
};

function failure(item: KuaishouItem): PlatformError {
  try {
    toResolvedPost(item, '3xabc', HEADERS);
  } catch (err) {
    if (err instanceof PlatformError) return err;
  }
  throw new Error('expected a PlatformError');
}

describe('toResolvedPost', () => {
  it('returns every mirror once, in order, with the page headers; duration in seconds', () => {
    expect(toResolvedPost(ITEM, '3xabc', HEADERS)).toEqual({
      id: '3xabc',
      kind: 'video',
      title: 'caption',
      author: 'someone',
      media: [
        { url: 'https://txmov2.a.kwimgs.com/a.mp4?x=1', headers: HEADERS },
        { url: 'https://tymov2.a.kwimgs.com/a.mp4?x=1', headers: HEADERS },
      ],
      cover: { url: 'https://p2.a.yximgs.com/c.jpg', headers: HEADERS },
      duration: 15.3,
      width: 720,
      height: 1280,
    });
  });

  it('turns a gallery into a gallery with no media, never its first image', () => {
    const post = toResolvedPost({ ...ITEM, gallery: true }, '3xabc', HEADERS);
    expect(post).toMatchObject({ kind: 'gallery', media: [], cover: null });
  });

  it('refuses segmented-only posts as unsupported, not as a broken download', () => {
    const onlyManifest = failure({ ...ITEM, videoUrls: [], hasManifest: true });
    expect(onlyManifest).toMatchObject({ code: 'unsupported', retryable: false });
    expect(onlyManifest.message).toMatch(/segmented stream \(HLS\/DASH\)/);
    const onlyHls = failure({ ...ITEM, videoUrls: ['https://v2.kwaicdn.com/a/index.m3u8'] });
    expect(onlyHls.code).toBe('unsupported');
  });

  it('skips stream and non-http URLs when a file is also offered', () => {
    const post = toResolvedPost(
      {
        ...ITEM,
        videoUrls: ['https://v2.kwaicdn.com/a.m3u8', 'ftp://x/a.mp4', ITEM.videoUrls[1] ?? ''],
      },
      '3xabc',
      HEADERS,
    );
    expect(post.media.map((m) => m.url)).toEqual([ITEM.videoUrls[1]]);
  });

  it('says so when a post has no video file at all', () => {
    expect(failure({ ...ITEM, videoUrls: [] })).toMatchObject({ code: 'unavailable' });
  });

  it('keeps missing numbers null so the probe fills them', () => {
    const post = toResolvedPost({ ...ITEM, durationMs: null, width: null, height: null }, 'x', {});
    expect(post).toMatchObject({ duration: null, width: null, height: null });
  });
});

describe('pickCover: JPEG before WebP', () => {
  const jpg = { url: 'https://p2.a.yximgs.com/c.jpg?x=1', fromWebpList: false };
  const webp = { url: 'https://p2.a.yximgs.com/c.webp?x=1', fromWebpList: false };
  const webpListNoExt = { url: 'https://p2.a.yximgs.com/c?x=1', fromWebpList: true };
  const coverListNoExt = { url: 'https://p2.a.yximgs.com/d?x=1', fromWebpList: false };

  it.each([
    ['webp first in the list', [webp, jpg], jpg.url],
    ['webp list first', [webpListNoExt, jpg], jpg.url],
    ['jpeg cover list without extension', [webpListNoExt, coverListNoExt], coverListNoExt.url],
    ['only webp', [webp], webp.url],
    ['nothing usable', [{ url: 'not a url', fromWebpList: false }], null],
  ])('%s', (_name, covers, expected) => {
    expect(pickCover(covers)).toBe(expected);
  });
});
