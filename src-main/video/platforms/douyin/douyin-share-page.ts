import { douyinErrors } from './douyin-errors.ts';
import {
  fetchOnce,
  readPage,
  redirectTarget,
  retryOnServerError,
  type DouyinHttp,
} from './douyin-http.ts';
import { readDouyinLink } from './douyin-links.ts';

export type SharePageAnswer = { kind: 'html'; text: string } | { kind: 'redirect-to-gallery' };

/**
 * Fetches the iesdouyin share page (platforms.md §1.2 step 2) without following redirects, as
 * the anchors do: a video page answers 200 itself. The status says what a refusal means before
 * the body is read; captcha and WAF pages arrive as 200 and are told apart by their content.
 */
export async function fetchSharePage(http: DouyinHttp, url: string): Promise<SharePageAnswer> {
  return fetchOnce(http, url, {}, async (res): Promise<SharePageAnswer> => {
    retryOnServerError(res);
    const status = res.statusCode;
    if (status === 200) return { kind: 'html', text: await readPage(res) };
    const next = redirectTarget(res);
    // A post id that turned out to be an image post is sent to its note/slides page.
    if (next && readDouyinLink(next).kind === 'gallery') return { kind: 'redirect-to-gallery' };
    if (next) throw douyinErrors.pageMoved(status);
    if (status === 404 || status === 410) throw douyinErrors.videoNotFound(status);
    if (status === 451) throw douyinErrors.regionBlocked();
    if (status === 401 || status === 403 || status === 429) throw douyinErrors.pageRefused(status);
    throw douyinErrors.pageChanged();
  });
}
