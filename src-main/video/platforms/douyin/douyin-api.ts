import { UpstreamStatusError } from '../../downloader.ts';
import { getPage, readCappedText, type PlatformHttp } from '../kit/page-fetch.ts';
import { pageStatusMeaning } from '../kit/page-status.ts';
import { throwIfServerError } from '../kit/retry.ts';
import { recordJsonShape } from '../page-data.ts';
import { PlatformError } from '../platform.ts';
import { douyinErrors } from './douyin-errors.ts';
import { SHARE_PAGE_ORIGIN } from './douyin-hosts.ts';
import { asArray, asRecord, asString, type JsonRecord } from './douyin-json.ts';
import { CAPTCHA_TITLE, CHALLENGE_MARKERS } from './douyin-page.ts';

/** What the slidesinfo endpoint said about one post. */
export type ApiAnswer =
  /** The post's item, in the share page's item shape. */
  | { kind: 'item'; item: JsonRecord }
  /** `status_code: 0` with no item: the post is unknown, deleted or hidden (or a note asked as a video). */
  | { kind: 'empty' }
  /** Blocked, refused or unreadable: the share page is asked instead, and this error is kept. */
  | { kind: 'failed'; error: Error };

const SLIDES_INFO_PATH = '/web/api/v2/aweme/slidesinfo/';
/** One item's JSON is tens of KiB; anything far larger is not an answer for one post. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
const HEADERS: Readonly<Record<string, string>> = {
  accept: 'application/json, text/plain, */*',
  referer: `${SHARE_PAGE_ORIGIN}/`,
};

/**
 * The slidesinfo URL for one post (docs/platforms/douyin.md §Resolution, step 2): the id in
 * percent-encoded brackets, no signature. Image posts (notes) only answer with
 * `request_source=200`.
 */
export function slidesInfoUrl(id: string, note: boolean): string {
  const source = note ? '&request_source=200' : '';
  return `${SHARE_PAGE_ORIGIN}${SLIDES_INFO_PATH}?aweme_ids=%5B${id}%5D${source}`;
}

/**
 * Asks slidesinfo for one post with the extractor's phone User-Agent. Answers that are not the
 * item come back as `failed` with the sentence they would earn, so that the share page can still
 * be tried; only network errors and aborts are thrown.
 */
export async function fetchSlidesInfo(
  http: PlatformHttp,
  id: string,
  note: boolean,
): Promise<ApiAnswer> {
  try {
    return await getPage(http, slidesInfoUrl(id, note), HEADERS, async (res) => {
      await throwIfServerError(res);
      if (res.statusCode !== 200) return failed(statusError(res.statusCode));
      const text = await readCappedText(res.body, MAX_ANSWER_BYTES, () =>
        douyinErrors.pageTooLarge(),
      );
      return readSlidesInfo(text, id);
    });
  } catch (err) {
    // 5xx after the retries, an oversized answer: the share page may still answer.
    if (err instanceof UpstreamStatusError || err instanceof PlatformError) return failed(err);
    throw err;
  }
}

/**
 * Reads a slidesinfo body: `{status_code: 0, aweme_details: [<item>]}`. The item must carry the
 * requested id (an answer about another post is never used); an empty body is what Douyin's
 * firewall sends, and the captcha and browser-check pages are told apart as on the share page.
 */
export function readSlidesInfo(text: string, id: string): ApiAnswer {
  if (text.trim() === '') return failed(douyinErrors.wafEmpty());
  if (CAPTCHA_TITLE.test(text)) return failed(douyinErrors.captcha());
  const answer = asRecord(parseJson(text));
  if (!answer) {
    return failed(
      CHALLENGE_MARKERS.test(text) ? douyinErrors.browserCheck() : douyinErrors.pageChanged(),
    );
  }
  const status = answer.status_code;
  if ((status !== undefined && status !== 0) || !Array.isArray(answer.aweme_details)) {
    return failed(douyinErrors.pageChanged());
  }
  const items = asArray(answer.aweme_details)
    .map(asRecord)
    .filter((i) => i !== null);
  const item = items.find((i) => asString(i.aweme_id) === id);
  if (item) return { kind: 'item', item };
  return items.length === 0 ? { kind: 'empty' } : failed(douyinErrors.pageChanged());
}

/** A refusal by status: 401/403/429 refuse this connection; anything else is not the API we know. */
function statusError(status: number): PlatformError {
  return pageStatusMeaning(status) === 'refused'
    ? douyinErrors.pageRefused(status)
    : douyinErrors.pageChanged();
}

function failed(error: Error): ApiAnswer {
  return { kind: 'failed', error };
}

function parseJson(text: string): unknown {
  try {
    const answer: unknown = JSON.parse(text);
    recordJsonShape('api slidesinfo', answer);
    return answer;
  } catch {
    return null;
  }
}
