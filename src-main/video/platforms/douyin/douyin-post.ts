import { CookieJar } from '../kit/cookie-jar.ts';
import type { PlatformHttp } from '../kit/page-fetch.ts';
import { PlatformError } from '../platform.ts';
import { filterError, itemRefusal, type ApiAnswer } from './douyin-answer.ts';
import { fetchSlidesInfo } from './douyin-api.ts';
import { douyinErrors } from './douyin-errors.ts';
import { ownsDouyinHost } from './douyin-hosts.ts';
import { fetchItemInfo, readReflowContext } from './douyin-iteminfo.ts';
import type { JsonRecord } from './douyin-json.ts';
import { sharePageUrl } from './douyin-links.ts';
import { readSharePage, type SharePage } from './douyin-page.ts';
import { fetchSharePage } from './douyin-share-page.ts';

/** The post's item and where it came from, or the sign that the post is an image post. */
export type PostData =
  { kind: 'item'; item: JsonRecord; pageType: 'video' | 'note' } | { kind: 'gallery' };

/**
 * Reads one post (docs/platforms/douyin.md §Resolution, steps 2–3): slidesinfo first, as
 * Douyin's own share page has fetched it since 2026-08-08; when it gives no item and names no
 * reason, the share page, then iteminfo with the page's reflow token (the second route, since
 * 2026-09), then the item the 2025 page still carried. A reason named by any of them (deleted,
 * private, region) ends the search; otherwise the most telling failure is reported.
 */
export async function readPost(http: PlatformHttp, id: string, from: URL): Promise<PostData> {
  const slides = await askSlidesInfo(http, id);
  if (slides.kind === 'item') return itemPost(slides.item, 'video');
  if (slides.kind === 'verdict') throw slides.error;
  const pageUrl = sharePageUrl(id, from);
  const jar = new CookieJar(ownsDouyinHost);
  const html = await fetchSharePage(http, pageUrl, jar);
  if (html.kind === 'redirect-to-gallery') return { kind: 'gallery' };
  const reflow = readReflowContext(html.text);
  const itemInfo = reflow ? await fetchItemInfo(http, id, reflow, { url: pageUrl, jar }) : null;
  if (itemInfo?.kind === 'item') return itemPost(itemInfo.item, 'video');
  if (itemInfo?.kind === 'verdict') throw itemInfo.error;
  const page = readSharePage(html.text, id);
  if (page.kind === 'item') return itemPost(page.item, page.pageType);
  if (page.kind !== 'unknown') throw pageError(page);
  throw mostTelling([itemInfo, slides]);
}

/**
 * A video id first; an empty answer (`[]` or `null`) is asked again as a note
 * (`request_source=200`), which tells an image post behind a video-shaped link from a post that
 * is gone. A reason the note answer names wins; otherwise the video answer's stands.
 */
async function askSlidesInfo(http: PlatformHttp, id: string): Promise<ApiAnswer> {
  const asVideo = await fetchSlidesInfo(http, id, false);
  if (asVideo.kind !== 'empty' && asVideo.kind !== 'verdict') return asVideo;
  const asNote = await fetchSlidesInfo(http, id, true);
  if (asNote.kind === 'item' || asVideo.kind === 'empty') return asNote;
  return asNote.kind === 'verdict' ? asNote : asVideo;
}

/** An item whose own status refuses it (deleted, private, app-only) fails before any download. */
function itemPost(item: JsonRecord, pageType: 'video' | 'note'): PostData {
  const refusal = itemRefusal(item);
  if (refusal) throw refusal;
  return { kind: 'item', item, pageType };
}

/**
 * When no route had the item nor a reason: a refusal of this connection says most; otherwise
 * the later route's answer (iteminfo, asked because slidesinfo had nothing), so that "Douyin
 * changed" is only said when the route that was still open answered in an unknown shape.
 */
function mostTelling(answers: (ApiAnswer | null)[]): Error {
  const errors = answers
    .filter((a): a is Exclude<ApiAnswer, { kind: 'item' | 'verdict' }> => a !== null)
    .map((a) => (a.kind === 'empty' ? douyinErrors.noItem() : a.error));
  const blocked = errors.find(
    (e) => e instanceof PlatformError && e.code === 'blocked_by_platform',
  );
  return blocked ?? errors[0] ?? douyinErrors.pageChanged();
}

/** Why a share page holds no item, as the error a person reads. */
function pageError(page: Exclude<SharePage, { kind: 'item' | 'unknown' }>): PlatformError {
  switch (page.kind) {
    case 'filtered':
      return filterError(page.reason, page.message);
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
