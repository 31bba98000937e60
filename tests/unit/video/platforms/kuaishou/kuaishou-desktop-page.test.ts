import { describe, expect, it } from 'vitest';
import { readDesktopState } from '../../../../../src-main/video/platforms/kuaishou/kuaishou-desktop-page.ts';
import { desktopPageHtml } from '../../../../fixtures/platform-sim/kuaishou/kuaishou-pages.ts';
import {
  apolloPhoto,
  FILLER,
  type Json,
  type PhotoFacts,
} from '../../../../fixtures/platform-sim/kuaishou/kuaishou-samples.ts';

const ID = '3xhjgcmir24m4nm';
const AUTHOR = 'VisionVideoDetailAuthor:3xauthor';
const FACTS: PhotoFacts = {
  photoId: ID,
  userId: '3xauthor',
  caption: '把豆腐和鸡蛋放锅里蒸一蒸',
  userName: `厨房${FILLER}日记`,
  durationMs: 61_450,
  width: 1080,
  height: 1920,
  mirrors: ['https://txmov2.a.kwimgs.com/d.mp4'],
  covers: ['https://p2.a.yximgs.com/d.jpg'],
  webpCovers: [],
};

function html(photo: Json, extra: Json = {}): string {
  return desktopPageHtml({
    [`VisionVideoDetailPhoto:${ID}`]: photo,
    [AUTHOR]: { id: '3xauthor', name: FACTS.userName },
    ...extra,
  });
}

describe('readDesktopState: window.__APOLLO_STATE__', () => {
  it('parses the state despite the self-removing script after it', () => {
    const page = html(apolloPhoto(FACTS, AUTHOR));
    expect(page).toMatch(/\};\(function\(\)\{.*removeChild\(s\)/);
    expect(readDesktopState(page, ID)).toEqual({
      kind: 'item',
      item: {
        id: ID,
        title: FACTS.caption,
        author: '厨房日记',
        videoUrls: FACTS.mirrors,
        hasManifest: true,
        covers: [{ url: FACTS.covers[0], fromWebpList: false }],
        durationMs: 61_450,
        width: 1080,
        height: 1920,
        gallery: false,
      },
    });
  });

  it('never stands in another photo of the cache for the shared one', () => {
    const other = { ...apolloPhoto(FACTS, AUTHOR), id: '3xother' };
    const page = desktopPageHtml({ 'VisionVideoDetailPhoto:3xother': other });
    expect(readDesktopState(page, ID)).toEqual({ kind: 'none' });
    // Without an id only an unambiguous single photo counts.
    expect(readDesktopState(page, null)).toMatchObject({ kind: 'item', item: { id: '3xother' } });
    const two = desktopPageHtml({
      'VisionVideoDetailPhoto:3xother': other,
      [`VisionVideoDetailPhoto:${ID}`]: apolloPhoto(FACTS, AUTHOR),
    });
    expect(readDesktopState(two, null)).toEqual({ kind: 'none' });
  });

  it('lists the H.265 file after the H.264 one, and alone when it is all there is', () => {
    const both = { ...apolloPhoto(FACTS, AUTHOR), photoH265Url: 'https://v2.kwaicdn.com/h.mp4' };
    const read = (p: Json): unknown => {
      const r = readDesktopState(html(p), ID);
      return r.kind === 'item' ? r.item.videoUrls : r;
    };
    expect(read(both)).toEqual([FACTS.mirrors[0], 'https://v2.kwaicdn.com/h.mp4']);
    expect(read({ ...both, photoUrl: null })).toEqual(['https://v2.kwaicdn.com/h.mp4']);
  });

  it('leaves the size to the probe when the manifest has several sizes', () => {
    const photo = apolloPhoto(FACTS, AUTHOR);
    const manifest = {
      adaptationSet: [
        {
          representation: [
            { width: 720, height: 1280 },
            { width: 1080, height: 1920 },
          ],
        },
      ],
    };
    const reading = readDesktopState(html({ ...photo, manifest }), ID);
    expect(reading).toMatchObject({ kind: 'item', item: { width: null, height: null } });
  });

  it('falls back to the page’s only author when the photo has no author reference', () => {
    const photo = { ...apolloPhoto(FACTS, AUTHOR), author: undefined };
    const reading = readDesktopState(html(photo), ID);
    expect(reading).toMatchObject({ kind: 'item', item: { author: '厨房日记' } });
    const twoAuthors = html(photo, { 'VisionVideoDetailAuthor:x': { name: 'someone else' } });
    expect(readDesktopState(twoAuthors, ID)).toMatchObject({ item: { author: null } });
  });

  it('reads nothing from pages without Apollo state', () => {
    expect(readDesktopState('<html><body>快手</body></html>', ID)).toEqual({ kind: 'none' });
    expect(readDesktopState('<script>window.__APOLLO_STATE__={"x":</script>', ID)).toEqual({
      kind: 'none',
    });
  });
});
