import { assignedJson } from '../page-data.ts';
import { asArray, asRecord, asString, type JsonRecord } from './douyin-json.ts';

/** What an iesdouyin share page turned out to be. */
export type SharePage =
  /** The post's item (`item_list[0]` or the entry with the requested id). */
  | { kind: 'item'; item: JsonRecord; pageType: 'video' | 'note' }
  /** `item_list` empty and `filter_list` says why: deleted, private, under review… */
  | { kind: 'filtered'; reason: string | null; message: string | null }
  /** `item_list` empty with no reason; `oversea` when the page says the viewer is abroad. */
  | { kind: 'empty'; oversea: boolean }
  /** The slider-captcha page (`<title>验证码中间页</title>`). */
  | { kind: 'captcha' }
  /** The cookie-setting JavaScript check (`__ac_nonce`) instead of the page. */
  | { kind: 'challenge' }
  /** Nothing but whitespace: what a WAF sends when it drops the request. */
  | { kind: 'waf-empty' }
  /** HTML without `_ROUTER_DATA`, or data of an unknown shape. */
  | { kind: 'unknown' };

export const CAPTCHA_TITLE = /<title[^>]*>[^<]*验证码中间页/i;
/** Markers of ByteDance's browser check; it serves a tiny page that sets a cookie and reloads. */
export const CHALLENGE_MARKERS = /__ac_nonce|byted_acrawler/;
/** `video_(id)/page` on the real capture; image posts use `note_(id)/page` (no capture). */
const PAGE_KEY = /^(video|note|slides)_\(id\)\/page$/;

/**
 * Reads an iesdouyin share page: finds `window._ROUTER_DATA`, picks the post's loader and
 * returns its item, or says which kind of refusal page came back instead.
 */
export function readSharePage(html: string, id: string): SharePage {
  if (html.trim() === '') return { kind: 'waf-empty' };
  if (CAPTCHA_TITLE.test(html)) return { kind: 'captcha' };
  const loaders = asRecord(asRecord(assignedJson(html, '_ROUTER_DATA'))?.loaderData);
  if (!loaders) return CHALLENGE_MARKERS.test(html) ? { kind: 'challenge' } : { kind: 'unknown' };
  for (const [key, value] of Object.entries(loaders)) {
    const type = PAGE_KEY.exec(key)?.[1];
    const info = asRecord(asRecord(value)?.videoInfoRes);
    if (!type || !info) continue;
    return readInfo(info, id, type === 'video' ? 'video' : 'note');
  }
  return { kind: 'unknown' };
}

function readInfo(info: JsonRecord, id: string, pageType: 'video' | 'note'): SharePage {
  const items = asArray(info.item_list)
    .map(asRecord)
    .filter((i) => i !== null);
  // The page is for one post; an item for another id is not this post.
  const item =
    items.find((i) => asString(i.aweme_id) === id) ?? (items.length === 1 ? items[0] : undefined);
  if (item && (asString(item.aweme_id) ?? id) === id) return { kind: 'item', item, pageType };
  if (items.length > 0) return { kind: 'unknown' };
  const filtered = asArray(info.filter_list)
    .map(asRecord)
    .find((f) => f !== null);
  if (filtered) {
    return {
      kind: 'filtered',
      reason: asString(filtered.filter_reason),
      message: asString(filtered.detail_msg),
    };
  }
  return { kind: 'empty', oversea: info.is_oversea === 1 };
}
