import { describe, expect, it } from 'vitest';
import { readItem } from '../../../../../src-main/video/platforms/douyin/douyin-item.ts';
import { withoutWatermark } from '../../../../../src-main/video/platforms/douyin/douyin-quality.ts';
import {
  itemOf,
  realRouterData,
  type Json,
} from '../../../../fixtures/platform-sim/douyin/douyin-pages.ts';
import {
  blankTexts,
  imagePost,
  imagesOnly,
  jpegFirstCover,
  webpOnlyCover,
  withH264Rendition,
  withoutOptionalFields,
} from '../../../../fixtures/platform-sim/douyin/douyin-variants.ts';
import { REAL_POST } from '../../../../fixtures/platform-sim/douyin/real-share-page.ts';

function realItem(edit?: (item: Json) => void): Json {
  const item = itemOf(realRouterData());
  edit?.(item);
  return item;
}

describe('readItem on the real item (docs/platforms/douyin.md step 4)', () => {
  const facts = readItem(realItem());

  it('reads id, title, author, duration in seconds and size', () => {
    expect(facts).toMatchObject({
      id: REAL_POST.id,
      kind: 'video',
      title: REAL_POST.title,
      author: REAL_POST.author,
      duration: 352.596,
      width: 1920,
      height: 1080,
    });
  });

  it('turns the playwm URL into the no-watermark play URL', () => {
    expect(facts.playUrls).toEqual([
      `https://aweme.snssdk.com/aweme/v1/play/?video_id=${REAL_POST.playUri}&ratio=720p&line=0`,
    ]);
  });

  it('prefers the JPEG cover although the page lists three WebP covers first', () => {
    expect(facts.cover).toMatch(/^https:\/\/p3-sign\.douyinpic\.com\/tos-cn-i-dy\/.*\.jpeg\?/);
  });
});

describe('readItem variants', () => {
  it('takes the first JPEG when JPEG comes first, and a WebP when there is nothing else', () => {
    expect(readItem(realItem(jpegFirstCover)).cover).toMatch(/\.jpeg\?/);
    expect(readItem(realItem(webpOnlyCover)).cover).toMatch(/^https:\/\/p3-sign\.[^?]*\.webp\?/);
  });

  it('gives null, never undefined or 0, for every missing optional field', () => {
    expect(readItem(realItem(withoutOptionalFields))).toEqual({
      id: REAL_POST.id,
      kind: 'video',
      title: null,
      author: null,
      cover: null,
      duration: null,
      width: null,
      height: null,
      playUrls: [expect.stringContaining('/aweme/v1/play/?') as unknown],
      playSizes: {},
    });
    expect(readItem(realItem(blankTexts))).toMatchObject({ title: null, author: null });
  });

  it('ignores sizes and durations of the wrong type', () => {
    const facts = readItem(
      realItem((item) => {
        Object.assign(item.video as Json, { width: '1920', height: 0, duration: -5 });
      }),
    );
    expect(facts).toMatchObject({ width: null, height: null, duration: null });
  });

  it('puts an H.264 rendition ahead of play_addr when one is named', () => {
    const facts = readItem(realItem(withH264Rendition('v0200h264only')));
    expect(facts.playUrls.map((u) => new URL(u).searchParams.get('video_id'))).toEqual([
      'v0200h264only',
      REAL_POST.playUri,
    ]);
  });

  it('builds the play URL from play_addr.uri when url_list is empty', () => {
    const facts = readItem(
      realItem((item) => {
        ((item.video as Json).play_addr as Json).url_list = [];
      }),
    );
    expect(facts.playUrls).toEqual([
      `https://aweme.snssdk.com/aweme/v1/play/?video_id=${REAL_POST.playUri}&ratio=720p&line=0`,
    ]);
  });

  it.each([
    ['aweme_type 2', imagePost(2)],
    ['aweme_type 68', imagePost(68)],
    ['images[] alone', imagesOnly],
  ])('an image post (%s) is a gallery with nothing to download', (_name, edit) => {
    const facts = readItem(realItem(edit));
    expect(facts).toMatchObject({ kind: 'gallery', playUrls: [], duration: null });
    expect(facts.title).toBe(REAL_POST.title);
  });
});

describe('withoutWatermark', () => {
  it('swaps only the playwm path segment', () => {
    expect(withoutWatermark('https://aweme.snssdk.com/aweme/v1/playwm/?video_id=playwm1')).toBe(
      'https://aweme.snssdk.com/aweme/v1/play/?video_id=playwm1',
    );
    expect(withoutWatermark('https://api.amemv.com/aweme/v1/play/?video_id=a')).toBe(
      'https://api.amemv.com/aweme/v1/play/?video_id=a',
    );
    expect(withoutWatermark('not a url')).toBeNull();
  });
});
