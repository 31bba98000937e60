import { describe, expect, it } from 'vitest';
import { readSharePage } from '../../../../../src-main/video/platforms/douyin/douyin-page.ts';
import {
  BROWSER_CHECK_PAGE,
  buildSharePage,
  CAPTCHA_PAGE,
  PAGE_WITHOUT_DATA,
} from '../../../../fixtures/platform-sim/douyin/douyin-pages.ts';
import {
  deleted,
  emptyItems,
  overseaEmpty,
} from '../../../../fixtures/platform-sim/douyin/douyin-variants.ts';
import {
  REAL_POST,
  REAL_SHARE_PAGE,
} from '../../../../fixtures/platform-sim/douyin/real-share-page.ts';

const ID = REAL_POST.id;

describe('readSharePage on the real capture', () => {
  it('finds the item under loaderData["video_(id)/page"].videoInfoRes.item_list[0]', () => {
    const page = readSharePage(REAL_SHARE_PAGE, ID);
    expect(page.kind).toBe('item');
    if (page.kind !== 'item') return;
    expect(page.pageType).toBe('video');
    expect(page.item).toMatchObject({
      aweme_id: ID,
      desc: REAL_POST.title,
      aweme_type: 4,
      author: { nickname: REAL_POST.author },
      video: { duration: 352596, width: 1920, height: 1080 },
    });
  });

  it('refuses an item for another id rather than describing the wrong post', () => {
    expect(readSharePage(REAL_SHARE_PAGE, '7000000000000000001')).toEqual({ kind: 'unknown' });
  });
});

describe('readSharePage: every failure signal is told apart (docs/platforms/douyin.md "Failure signals")', () => {
  const page = (edits: Parameters<typeof buildSharePage>[0]['editInfo']): string =>
    buildSharePage({ id: ID, playUri: REAL_POST.playUri, editInfo: edits });

  it('deleted/private: empty item_list with filter_list reason and message', () => {
    expect(readSharePage(page(deleted), ID)).toEqual({
      kind: 'filtered',
      reason: 'status_deleted',
      message: '作品已删除',
    });
  });

  it('empty item_list without a reason, abroad or not', () => {
    expect(readSharePage(page(emptyItems), ID)).toEqual({ kind: 'empty', oversea: false });
    expect(readSharePage(page(overseaEmpty), ID)).toEqual({ kind: 'empty', oversea: true });
  });

  it('captcha page by its title 验证码中间页', () => {
    expect(readSharePage(CAPTCHA_PAGE, ID)).toEqual({ kind: 'captcha' });
  });

  it('empty body (WAF) — whitespace counts as empty', () => {
    expect(readSharePage('', ID)).toEqual({ kind: 'waf-empty' });
    expect(readSharePage(' \r\n\t', ID)).toEqual({ kind: 'waf-empty' });
  });

  it('browser check (__ac_nonce) without data', () => {
    expect(readSharePage(BROWSER_CHECK_PAGE, ID)).toEqual({ kind: 'challenge' });
  });

  it('a page without _ROUTER_DATA, with broken JSON, or with no known loader', () => {
    expect(readSharePage(PAGE_WITHOUT_DATA, ID)).toEqual({ kind: 'unknown' });
    const broken = REAL_SHARE_PAGE.replace('"item_list":[{', '"item_list":[{,');
    expect(readSharePage(broken, ID)).toEqual({ kind: 'unknown' });
    const renamed = REAL_SHARE_PAGE.replace('video_(id)\\u002Fpage', 'video_(vid)\\u002Fpage');
    expect(readSharePage(renamed, ID)).toEqual({ kind: 'unknown' });
  });

  it('an image post page is read as a note page', () => {
    const html = buildSharePage({ id: ID, playUri: REAL_POST.playUri, asNote: true });
    expect(readSharePage(html, ID)).toMatchObject({ kind: 'item', pageType: 'note' });
  });
});
