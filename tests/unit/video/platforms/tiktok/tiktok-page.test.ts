import { describe, expect, it } from 'vitest';
import { PlatformError } from '../../../../../src-main/video/platforms/platform.ts';
import {
  itemFromDetail,
  readVideoPage,
} from '../../../../../src-main/video/platforms/tiktok/tiktok-page.ts';
import { DERIVED_VIDEO_PAGE } from '../../../../fixtures/platform-sim/tiktok/derived-video-page.ts';
import {
  CAPTCHA_PAGE,
  makeChallengePage,
  WAF_WAIT_PAGE,
} from '../../../../fixtures/platform-sim/tiktok/tiktok-challenge-page.ts';
import {
  renderVideoPage,
  sampleDetail,
  SAMPLE_POST,
} from '../../../../fixtures/platform-sim/tiktok/tiktok-sample.ts';

function failureOf(fn: () => unknown): PlatformError {
  try {
    fn();
  } catch (err) {
    if (err instanceof PlatformError) return err;
    throw err;
  }
  throw new Error('expected a PlatformError');
}

function detailOf(html: string) {
  const page = readVideoPage(html);
  if (page.kind !== 'detail') throw new Error(`page is ${page.kind}`);
  return page.detail;
}

describe('readVideoPage', () => {
  it('reads the itemStruct of the derived sample', () => {
    const item = itemFromDetail(detailOf(DERIVED_VIDEO_PAGE));
    expect(item.id).toBe(SAMPLE_POST.id);
    expect(item.author?.nickname).toBe('Van');
    expect(item.video?.bitrateInfo).toHaveLength(3);
  });

  it('sorts data-less pages: challenge, "Please wait...", captcha, anything else', () => {
    expect(readVideoPage(makeChallengePage({ answer: 1 }).html).kind).toBe('challenge');
    expect(readVideoPage(WAF_WAIT_PAGE).kind).toBe('waf');
    expect(readVideoPage(CAPTCHA_PAGE).kind).toBe('captcha');
    expect(readVideoPage('<html><body>Hello</body></html>').kind).toBe('unknown');
    expect(readVideoPage('').kind).toBe('unknown');
  });

  it('reads `webapp.reflow.video.detail` where the page carries it instead', () => {
    const desktop = detailOf(DERIVED_VIDEO_PAGE);
    const html = DERIVED_VIDEO_PAGE.replace(
      '"webapp.video-detail"',
      '"webapp.reflow.video.detail"',
    );
    expect(html).not.toBe(DERIVED_VIDEO_PAGE);
    expect(itemFromDetail(detailOf(html))).toEqual(itemFromDetail(desktop));
    const blocked =
      '<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__">' +
      '{"__DEFAULT_SCOPE__":{"webapp.reflow.video.detail":{"statusCode":10216,"itemInfo":{}}}}' +
      '</script>';
    expect(failureOf(() => itemFromDetail(detailOf(blocked))).code).toBe('login_required');
  });

  it('reads a page whose universal data lacks the video detail as a detail of null', () => {
    const html =
      '<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__">{"__DEFAULT_SCOPE__":{}}</script>';
    expect(readVideoPage(html)).toEqual({ kind: 'detail', detail: null });
    expect(failureOf(() => itemFromDetail(null)).code).toBe('upstream_error');
  });
});

describe('itemFromDetail: status codes and gates (docs/platforms/tiktok.md "Failure signals")', () => {
  const statusPage = (code: number, msg = '') => {
    const detail = sampleDetail();
    delete detail.itemInfo;
    detail.statusCode = code;
    detail.statusMsg = msg;
    return detailOf(renderVideoPage(detail));
  };

  it.each([
    [10204, 'region_blocked', true, /10204.*proxy/],
    [10216, 'login_required', false, /private \(status 10216\)/],
    [10222, 'login_required', false, /private TikTok account \(status 10222\)/],
  ])('status %d → %s', (status, code, retryable, sentence) => {
    const err = failureOf(() => itemFromDetail(statusPage(status)));
    expect(err).toMatchObject({ code, retryable });
    expect(err.message).toMatch(sentence);
  });

  it('any other status or a status message means the post is not available', () => {
    const deleted = failureOf(() => itemFromDetail(statusPage(10101, "item doesn't exist")));
    expect(deleted).toMatchObject({ code: 'unavailable', retryable: false });
    expect(deleted.message).toContain(`status 10101: "item doesn't exist"`);
    const quiet = failureOf(() => itemFromDetail(statusPage(0, 'removed\n"by" author')));
    expect(quiet.message).toContain('status 0: "removed by author"');
  });

  it('an item that is not an object is not available', () => {
    const detail = sampleDetail();
    (detail.itemInfo as { itemStruct: unknown }).itemStruct = 'nope';
    expect(failureOf(() => itemFromDetail(detailOf(renderVideoPage(detail)))).code).toBe(
      'unavailable',
    );
  });

  it('the age gate (isContentClassified, no video) asks for a signed-in adult', () => {
    const detail = sampleDetail();
    const item = detail.itemInfo?.itemStruct;
    if (!item) throw new Error('no item');
    item.isContentClassified = true;
    delete item.video;
    const err = failureOf(() => itemFromDetail(detailOf(renderVideoPage(detail))));
    expect(err).toMatchObject({ code: 'login_required', retryable: false });
    expect(err.message).toMatch(/age-restricted/);
  });

  it('a classified item that still carries its video is served', () => {
    const detail = sampleDetail();
    const item = detail.itemInfo?.itemStruct;
    if (!item) throw new Error('no item');
    item.isContentClassified = true;
    expect(itemFromDetail(detailOf(renderVideoPage(detail))).id).toBe(SAMPLE_POST.id);
  });
});
