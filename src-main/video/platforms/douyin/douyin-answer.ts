import { recordJsonShape } from '../page-data.ts';
import type { PlatformError } from '../platform.ts';
import { douyinErrors } from './douyin-errors.ts';
import { asArray, asRecord, asString, type JsonRecord } from './douyin-json.ts';
import { CAPTCHA_TITLE, CHALLENGE_MARKERS } from './douyin-page.ts';

/** What one of Douyin's item APIs (slidesinfo, iteminfo) said about one post. */
export type ApiAnswer =
  /** The post's item, in the share page's item shape. */
  | { kind: 'item'; item: JsonRecord }
  /** No item and no reason: unknown, hidden for now, or a note asked as a video. */
  | { kind: 'empty' }
  /** No item, and `filter_list` says why (deleted, private, region): the post's verdict. */
  | { kind: 'verdict'; error: PlatformError }
  /** Blocked, refused or unreadable: another route may still answer, and this error is kept. */
  | { kind: 'failed'; error: Error };

/**
 * `status_code`s public parsers read as anti-bot or rate-limit answers, sent with no item
 * (docs/platforms/douyin.md §Facts, dated and sourced): the connection is refused for now, not the post.
 */
const RISK_CODES = new Set([8, 2154, 2156, 10000, 10001]);

/**
 * Reads an item API's body: `{status_code: 0, <list>: [<item>]}` (`aweme_details` for
 * slidesinfo, `item_list` for iteminfo). The list may be `null` instead of `[]` when the post
 * has no public item, with `filter_list` naming why. Only the item with the requested id is
 * used; an empty body is what Douyin's firewall sends, and captcha and browser-check pages are
 * told apart as on the share page.
 */
export function readItemAnswer(
  text: string,
  id: string,
  list: 'aweme_details' | 'item_list',
  shapeLabel: string,
): ApiAnswer {
  if (text.trim() === '') return failed(douyinErrors.wafEmpty());
  if (CAPTCHA_TITLE.test(text)) return failed(douyinErrors.captcha());
  const answer = asRecord(parseJson(text, shapeLabel));
  if (!answer) {
    return failed(
      CHALLENGE_MARKERS.test(text) ? douyinErrors.browserCheck() : douyinErrors.pageChanged(),
    );
  }
  const status = answer.status_code ?? 0;
  if (typeof status === 'number' && RISK_CODES.has(status)) {
    return failed(douyinErrors.riskControl(status));
  }
  const listed = answer[list];
  if (status !== 0 || (listed !== null && listed !== undefined && !Array.isArray(listed))) {
    return failed(douyinErrors.pageChanged());
  }
  if (listed === undefined) return failed(douyinErrors.pageChanged());
  const items = asArray(listed)
    .map(asRecord)
    .filter((i) => i !== null);
  const item = items.find((i) => asString(i.aweme_id) === id);
  if (item) return { kind: 'item', item };
  if (items.length > 0) return failed(douyinErrors.pageChanged());
  const filtered = filterFor(answer.filter_list, id);
  return filtered
    ? { kind: 'verdict', error: filterError(filtered.reason, filtered.message) }
    : { kind: 'empty' };
}

/** The `filter_list` entry for the post (or the only one): `{aweme_id, filter_reason, detail_msg}`. */
export function filterFor(
  value: unknown,
  id: string,
): { reason: string | null; message: string | null } | null {
  const entries = asArray(value)
    .map(asRecord)
    .filter((f) => f !== null);
  const entry =
    entries.find((f) => asString(f.aweme_id) === id) ??
    entries.find((f) => asString(f.aweme_id) === null);
  return entry
    ? { reason: asString(entry.filter_reason), message: asString(entry.detail_msg) }
    : null;
}

/**
 * A `filter_reason` as the failure it means. Only `status_deleted`-like reasons are documented;
 * one naming a region reads as a region block, one naming privacy (`private`, `self_see`,
 * `only_self`) or friends as private (docs/platforms/douyin.md §Doubtful points); everything
 * else as deleted or private.
 */
export function filterError(reason: string | null, message: string | null): PlatformError {
  if (reason !== null && /region|geo|country|oversea/i.test(reason)) {
    return douyinErrors.regionBlocked();
  }
  if (reason !== null && /friend/i.test(reason)) return douyinErrors.privatePost('friends');
  if (reason !== null && /private|self_see|only_self/i.test(reason)) {
    return douyinErrors.privatePost('self');
  }
  return douyinErrors.deleted(message);
}

/**
 * What an item itself says about who may watch it (docs/platforms/douyin.md §Resolution):
 * `status.is_delete`, `status.private_status` (1 the author only, 2 friends only) or the older
 * `status.is_private`, and `risk_infos.reflow_unplayable` (not playable outside the app). Such a
 * post is refused before any download is tried; null when anyone may watch it.
 */
export function itemRefusal(item: JsonRecord): PlatformError | null {
  const status = asRecord(item.status);
  if (status?.is_delete === true) return douyinErrors.deleted(null);
  if (status?.private_status === 1 || status?.is_private === true) {
    return douyinErrors.privatePost('self');
  }
  if (status?.private_status === 2) return douyinErrors.privatePost('friends');
  const unplayable = asRecord(item.risk_infos)?.reflow_unplayable;
  if (unplayable !== undefined && unplayable !== null && unplayable !== 0 && unplayable !== false) {
    return douyinErrors.privatePost('app');
  }
  return null;
}

function failed(error: Error): ApiAnswer {
  return { kind: 'failed', error };
}

function parseJson(text: string, shapeLabel: string): unknown {
  try {
    const answer: unknown = JSON.parse(text);
    recordJsonShape(shapeLabel, answer);
    return answer;
  } catch {
    return null;
  }
}
