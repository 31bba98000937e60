import { UpstreamStatusError } from '../../downloader.ts';
import { getPage, readCappedText, type PlatformHttp } from '../kit/page-fetch.ts';
import { pageStatusMeaning } from '../kit/page-status.ts';
import { throwIfServerError } from '../kit/retry.ts';
import { PlatformError } from '../platform.ts';
import { readItemAnswer, type ApiAnswer } from './douyin-answer.ts';
import { douyinErrors } from './douyin-errors.ts';
import { SHARE_PAGE_ORIGIN } from './douyin-hosts.ts';

export type { ApiAnswer } from './douyin-answer.ts';

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

/** Asks slidesinfo for one post with the extractor's phone User-Agent (see fetchItemApi). */
export function fetchSlidesInfo(http: PlatformHttp, id: string, note: boolean): Promise<ApiAnswer> {
  return fetchItemApi(http, slidesInfoUrl(id, note), HEADERS, (text) => readSlidesInfo(text, id));
}

/** Reads a slidesinfo body: `{status_code: 0, aweme_details: [<item>] | null, filter_list}`. */
export function readSlidesInfo(text: string, id: string): ApiAnswer {
  return readItemAnswer(text, id, 'aweme_details', 'api slidesinfo');
}

/**
 * One GET of an item API. Answers that are not the item come back as `failed` with the
 * sentence they would earn, so that another route can still be tried; only network errors and
 * aborts are thrown.
 */
export async function fetchItemApi(
  http: PlatformHttp,
  url: string,
  headers: Readonly<Record<string, string>> | (() => Record<string, string>),
  read: (text: string) => ApiAnswer,
): Promise<ApiAnswer> {
  try {
    return await getPage(http, url, headers, async (res) => {
      await throwIfServerError(res);
      if (res.statusCode !== 200) return failed(statusError(res.statusCode));
      return read(
        await readCappedText(res.body, MAX_ANSWER_BYTES, () => douyinErrors.pageTooLarge()),
      );
    });
  } catch (err) {
    // 5xx after the retries, an oversized answer: another route may still answer.
    if (err instanceof UpstreamStatusError || err instanceof PlatformError) return failed(err);
    throw err;
  }
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
