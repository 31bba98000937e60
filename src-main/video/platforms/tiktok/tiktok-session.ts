import { getPage, readCappedText, type PlatformHttp } from '../kit/page-fetch.ts';
import { isAllowedHop, locationOf, resolveLocation } from '../kit/redirect-walk.ts';
import { throwIfServerError } from '../kit/retry.ts';
import { TiktokCookieJar } from './tiktok-cookies.ts';
import { TIKTOK_ERRORS } from './tiktok-errors.ts';
import { ownsTiktokHost, TIKTOK_REFERER } from './tiktok-hosts.ts';
import { parseTiktokLink } from './tiktok-links.ts';

/** One answer, read whole (pages are small; media never goes through here). */
export interface PageAnswer {
  url: URL;
  statusCode: number;
  /** The redirect target of a 30x, resolved against `url`. */
  location: URL | null;
  body: string;
}

/** Video pages run to a few hundred KiB; anything far beyond is not a page worth reading. */
const MAX_PAGE_BYTES = 8 * 1024 * 1024;
/** The statuses TikTok redirects with; a 300 or 304 is read as a page. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const PAGE_HEADERS: Readonly<Record<string, string>> = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
};

/**
 * One task's conversation with TikTok: a cookie jar that every answer feeds and every request
 * draws from, redirects handed back to the caller (so no hop's Set-Cookie is lost), and retries
 * with back-off for connection errors and 5xx inside the task's time budget.
 */
export class TiktokSession {
  readonly jar = new TiktokCookieJar();

  constructor(private readonly http: PlatformHttp) {}

  get signal(): AbortSignal {
    return this.http.signal;
  }

  /** GET `url` without following redirects; even a redirect's body is read, it may hold the target. */
  get(url: URL, userAgent?: string): Promise<PageAnswer> {
    // Built on every try, so a retry carries the cookies an earlier answer set.
    const headers = (): Record<string, string> => {
      const h: Record<string, string> = { ...PAGE_HEADERS };
      if (userAgent) h['user-agent'] = userAgent;
      const cookie = this.jar.header(url);
      if (cookie) h.cookie = cookie;
      return h;
    };
    return getPage(this.http, url.href, headers, async (res) => {
      await this.jar.store(url, res.headers['set-cookie']);
      await throwIfServerError(res, url.href);
      const raw = locationOf(res, (status) => REDIRECTS.has(status));
      const location = raw === null ? null : resolveLocation(raw, url);
      const body = await readCappedText(res.body, MAX_PAGE_BYTES, TIKTOK_ERRORS.pageTooLarge);
      return { url, statusCode: res.statusCode, location, body };
    });
  }

  /** What a media request to `url` carries: the jar's cookies for it and the Referer. */
  mediaHeaders(url: string): Record<string, string> {
    const cookie = this.jar.header(new URL(url));
    return cookie ? { cookie, referer: TIKTOK_REFERER } : { referer: TIKTOK_REFERER };
  }
}

/**
 * Vets a redirect target before anything is sent to it: it must be a TikTok host (the scoped
 * client would refuse it too, but this gives the user the reason), and TikTok's sign-in page
 * means the post is not shown anonymously (a final path of `/login`).
 */
export function checkHop(url: URL): void {
  if (!isAllowedHop(url, ownsTiktokHost)) {
    throw TIKTOK_ERRORS.foreignRedirect(url.hostname.replace(/^\[|\]$/g, '') || null);
  }
  if (parseTiktokLink(url).kind === 'login') throw TIKTOK_ERRORS.loginWall();
}
