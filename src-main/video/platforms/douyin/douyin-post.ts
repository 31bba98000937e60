import type { PlatformHttp } from '../kit/page-fetch.ts';
import type { PlatformError } from '../platform.ts';
import { fetchSlidesInfo, type ApiAnswer } from './douyin-api.ts';
import { douyinErrors } from './douyin-errors.ts';
import { asRecord, type JsonRecord } from './douyin-json.ts';
import { sharePageUrl } from './douyin-links.ts';
import { readSharePage, type SharePage } from './douyin-page.ts';
import { fetchSharePage } from './douyin-share-page.ts';

/** The post's item and where it came from, or the sign that the post is an image post. */
export type PostData =
  { kind: 'item'; item: JsonRecord; pageType: 'video' | 'note' } | { kind: 'gallery' };

/**
 * Reads one post (docs/platforms/douyin.md §Resolution, steps 2–3): slidesinfo first, as
 * Douyin's own share page has fetched it since 2026-08-08; then the share page, whose 2025
 * shape still carried the item. When neither has the item, the most telling reason wins: a
 * verdict of the page (captcha, deleted, region…) over the API's, the API's over a page that
 * simply holds no data any more.
 */
export async function readPost(http: PlatformHttp, id: string, from: URL): Promise<PostData> {
  const api = await askApi(http, id);
  if (api.kind === 'item') {
    if (isRemoved(api.item)) throw douyinErrors.deleted(null);
    return { kind: 'item', item: api.item, pageType: 'video' };
  }
  const html = await fetchSharePage(http, sharePageUrl(id, from));
  if (html.kind === 'redirect-to-gallery') return { kind: 'gallery' };
  const page = readSharePage(html.text, id);
  if (page.kind === 'item') return page;
  if (page.kind !== 'unknown') throw pageError(page);
  throw api.kind === 'empty' ? douyinErrors.noItem() : api.error;
}

/**
 * A video id first; an empty answer is asked again as a note (`request_source=200`), which
 * tells an image post behind a video-shaped link from a post that is gone.
 */
async function askApi(http: PlatformHttp, id: string): Promise<ApiAnswer> {
  const asVideo = await fetchSlidesInfo(http, id, false);
  return asVideo.kind === 'empty' ? fetchSlidesInfo(http, id, true) : asVideo;
}

/** `status.is_delete` / `status.is_private`, as items have long carried them. */
function isRemoved(item: JsonRecord): boolean {
  const status = asRecord(item.status);
  return status?.is_delete === true || status?.is_private === true;
}

/** Why a share page holds no item, as the error a person reads. */
function pageError(page: Exclude<SharePage, { kind: 'item' | 'unknown' }>): PlatformError {
  switch (page.kind) {
    case 'filtered':
      return isRegional(page.reason)
        ? douyinErrors.regionBlocked()
        : douyinErrors.deleted(page.message);
    case 'empty':
      return page.oversea ? douyinErrors.regionBlocked() : douyinErrors.emptyPage();
    case 'captcha':
      return douyinErrors.captcha();
    case 'challenge':
      return douyinErrors.browserCheck();
    case 'waf-empty':
      return douyinErrors.wafEmpty();
  }
}

/**
 * No Douyin sample shows a region refusal; a `filter_reason` naming a region or geofence is
 * read as one, everything else as deleted or private (see docs/platforms/douyin.md).
 */
function isRegional(reason: string | null): boolean {
  return reason !== null && /region|geo|country|oversea/i.test(reason);
}
