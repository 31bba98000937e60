import type { CookieJar } from '../kit/cookie-jar.ts';
import { getPage, readCappedText, type PlatformHttp } from '../kit/page-fetch.ts';
import { pageStatusMeaning } from '../kit/page-status.ts';
import { redirectTarget } from '../kit/redirect-walk.ts';
import { throwIfServerError } from '../kit/retry.ts';
import { douyinErrors } from './douyin-errors.ts';
import { readDouyinLink } from './douyin-links.ts';

export type SharePageAnswer = { kind: 'html'; text: string } | { kind: 'redirect-to-gallery' };

/** A real share page is a few hundred KiB at most; anything far larger is not one. */
const MAX_PAGE_BYTES = 4 * 1024 * 1024;

/**
 * Fetches the iesdouyin share page (docs/platforms/douyin.md §Resolution, step 2) without following
 * redirects, as open-source downloaders do: a video page answers 200 itself. The status says what a
 * refusal means before the body is read; captcha and WAF pages arrive as 200 and are told apart by
 * their content. The cookies it sets go into `jar`, for iteminfo.
 */
export async function fetchSharePage(
  http: PlatformHttp,
  url: string,
  jar: CookieJar,
): Promise<SharePageAnswer> {
  return getPage(http, url, {}, async (res): Promise<SharePageAnswer> => {
    await throwIfServerError(res);
    await jar.store(new URL(url), res.headers['set-cookie']);
    const status = res.statusCode;
    if (status === 200) {
      return {
        kind: 'html',
        text: await readCappedText(res.body, MAX_PAGE_BYTES, () => douyinErrors.pageTooLarge()),
      };
    }
    const next = redirectTarget(res);
    // A post id that turned out to be an image post is sent to its note/slides page.
    if (next && readDouyinLink(next).kind === 'gallery') return { kind: 'redirect-to-gallery' };
    if (next) throw douyinErrors.pageMoved(status);
    switch (pageStatusMeaning(status)) {
      case 'gone':
        throw douyinErrors.videoNotFound(status);
      case 'region_blocked':
        throw douyinErrors.regionBlocked();
      case 'refused':
        throw douyinErrors.pageRefused(status);
      case 'other':
        throw douyinErrors.pageChanged();
    }
  });
}
