import { describe, expect, it } from 'vitest';
import { readMobileState } from '../../../../../src-main/video/platforms/kuaishou/kuaishou-mobile-page.ts';
import {
  readJsonAnswer,
  wallSignal,
} from '../../../../../src-main/video/platforms/kuaishou/kuaishou-page-signals.ts';
import {
  appBannerHtml,
  captchaPageHtml,
  mobilePageHtml,
  obfuscatedKey,
  verificationWallHtml,
} from '../../../../fixtures/platform-sim/kuaishou/kuaishou-pages.ts';
import {
  atlasFields,
  CAPTCHA_2001_JSON,
  RATE_LIMIT_2_BARE_JSON,
  RATE_LIMIT_2_JSON,
  FILLER,
  mobilePhoto,
  SIGN_FAIL_50_JSON,
  WITHHELD_RESULT,
  type Json,
  type PhotoFacts,
} from '../../../../fixtures/platform-sim/kuaishou/kuaishou-samples.ts';

const FACTS: PhotoFacts = {
  photoId: '3xhjgcmir24m4nm',
  userId: '3xuser',
  caption: '自动化完成淘宝任务教程',
  userName: `${FILLER}小明${FILLER}`,
  durationMs: 15_300,
  width: 720,
  height: 1280,
  mirrors: ['https://txmov2.a.kwimgs.com/a.mp4', 'https://tymov2.a.kwimgs.com/a.mp4'],
  covers: ['https://p2.a.yximgs.com/c.jpg'],
  webpCovers: ['https://p2.a.yximgs.com/c.webp'],
};

function page(photo: Json, result: unknown = 1): string {
  return mobilePageHtml({ result, photo, serialInfo: { result: 1 } });
}

describe('readMobileState: window.INIT_STATE', () => {
  it('finds the entry by its shape under obfuscated keys and maps the documented fields', () => {
    expect(obfuscatedKey('string/rest')).toBe('tusjoh/sftu');
    const reading = readMobileState(page(mobilePhoto(FACTS)));
    expect(reading).toEqual({
      kind: 'item',
      item: {
        id: FACTS.photoId,
        title: FACTS.caption,
        author: '小明',
        videoUrls: FACTS.mirrors,
        hasManifest: false,
        covers: [
          { url: FACTS.covers[0], fromWebpList: false },
          { url: FACTS.webpCovers[0], fromWebpList: true },
        ],
        durationMs: 15_300,
        width: 720,
        height: 1280,
        gallery: false,
      },
    });
  });

  it('takes the id from share_info when the photo has no photoId', () => {
    const reading = readMobileState(page({ ...mobilePhoto(FACTS), photoId: undefined }));
    expect(reading.kind === 'item' && reading.item.id).toBe(FACTS.photoId);
  });

  it('leaves missing optional fields null instead of inventing them', () => {
    const bare = { mainMvUrls: [{ url: FACTS.mirrors[0] }], userName: FILLER, duration: 'n/a' };
    const reading = readMobileState(page(bare));
    expect(reading).toMatchObject({
      kind: 'item',
      item: { title: null, author: null, durationMs: null, width: null, height: null, covers: [] },
    });
  });

  it.each([
    ['photoType VERTICAL_ATLAS', { photoType: 'VERTICAL_ATLAS' }],
    ['photoType HORIZONTAL_ATLAS', { photoType: 'HORIZONTAL_ATLAS' }],
    ['ext_params.atlas', { ext_params: atlasFields('x', 'p2.a.yximgs.com').ext_params }],
    [
      'atlas on the photo itself, with cdnList (a video photoType)',
      {
        photoType: 'VIDEO',
        atlas: {
          cdnList: [{ cdn: 'p2.a.yximgs.com' }],
          list: ['/ufile/atlas/x_0.jpg'],
          music: '/ufile/atlas/bgm.m4a',
        },
      },
    ],
    [
      'ext_params.single',
      { ext_params: { single: { cdn: ['p2.a.yximgs.com'], list: ['/a.jpg'] } } },
    ],
    ['singlePicture', { singlePicture: true }],
  ])('marks a %s post as a gallery', (_name, fields) => {
    const reading = readMobileState(page({ ...mobilePhoto(FACTS), ...fields }));
    expect(reading.kind === 'item' && reading.item.gallery).toBe(true);
  });

  it('does not read an atlas without images (music only) as a gallery', () => {
    const fields = { atlas: { cdnList: [{ cdn: 'p2.a.yximgs.com' }], list: [], music: '/m.m4a' } };
    const reading = readMobileState(page({ ...mobilePhoto(FACTS), ...fields }));
    expect(reading.kind === 'item' && reading.item.gallery).toBe(false);
  });

  it('maps result 2001 (captcha), 50 (signature) and other codes to their own errors', () => {
    const captcha = readMobileState(mobilePageHtml(CAPTCHA_2001_JSON));
    expect(captcha).toMatchObject({ kind: 'refused', error: { code: 'blocked_by_platform' } });
    expect(captcha.kind === 'refused' && captcha.error.message).toMatch(/captcha.*result 2001/);
    const sign = readMobileState(mobilePageHtml(SIGN_FAIL_50_JSON));
    expect(sign.kind === 'refused' && sign.error.message).toMatch(/result 50, signature/);
    const gone = readMobileState(mobilePageHtml({ result: WITHHELD_RESULT }));
    expect(gone).toMatchObject({
      kind: 'refused',
      error: { code: 'unavailable', retryable: false },
    });
    expect(gone.kind === 'refused' && gone.error.message).toContain(`result ${WITHHELD_RESULT}`);
  });

  it('maps result 2 (操作太快了, or no message) to a retryable rate limit, not "deleted"', () => {
    for (const entry of [RATE_LIMIT_2_JSON, RATE_LIMIT_2_BARE_JSON]) {
      const limited = readMobileState(mobilePageHtml(entry));
      expect(limited).toMatchObject({
        kind: 'refused',
        error: { code: 'blocked_by_platform', retryable: true, final: false },
      });
      expect(limited.kind === 'refused' && limited.error.message).toMatch(/limiting requests/);
      expect(readJsonAnswer(JSON.stringify(entry))).toMatchObject({
        kind: 'refused',
        error: { code: 'blocked_by_platform', retryable: true },
      });
    }
  });

  it('trusts a photo only with result 1', () => {
    const reading = readMobileState(page(mobilePhoto(FACTS), 2001));
    expect(reading).toMatchObject({ kind: 'refused', error: { code: 'blocked_by_platform' } });
  });

  it('reads nothing from pages without the state', () => {
    expect(readMobileState(appBannerHtml())).toEqual({ kind: 'none' });
    expect(readMobileState('<script>window.INIT_STATE = {"a": </script>')).toEqual({
      kind: 'none',
    });
    expect(readMobileState(mobilePageHtml({ result: 1, other: {} }))).toEqual({ kind: 'none' });
  });
});

describe('failure pages (docs/platforms/kuaishou.md "Failure signals")', () => {
  it('reads the bare 2001 and 50 JSON answers', () => {
    expect(readJsonAnswer(JSON.stringify(CAPTCHA_2001_JSON))).toMatchObject({
      kind: 'refused',
      error: { code: 'blocked_by_platform', retryable: true },
    });
    const sign = readJsonAnswer(JSON.stringify(SIGN_FAIL_50_JSON));
    expect(sign?.kind === 'refused' && sign.error.message).toMatch(/signature/);
    expect(readJsonAnswer('{"result":1}')).toEqual({ kind: 'none' });
    expect(readJsonAnswer('<html>')).toBeNull();
    expect(readJsonAnswer('{not json')).toBeNull();
  });

  it('recognises the captcha iframe page and the verification wall', () => {
    expect(wallSignal(captchaPageHtml())?.message).toMatch(/captcha page/);
    expect(wallSignal(verificationWallHtml())?.message).toMatch(/security verification/);
    expect(wallSignal(appBannerHtml())).toBeNull();
  });
});
